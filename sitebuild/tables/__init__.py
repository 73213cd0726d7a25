"""Generated tables and figures, one module per chapter, each exporting ``TABLES``; chapter 5's
exercises, read off its tables and figures, have a module of their own (``ch5_exercises``)."""
