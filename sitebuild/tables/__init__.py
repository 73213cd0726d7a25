"""Generated tables and figures, one module per chapter, each exporting ``TABLES``."""
