"""Chapter 1: Fibonacci and repeated matrix powers (sources: Merity 2016 and its Korean summary)."""
