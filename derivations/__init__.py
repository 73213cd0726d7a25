"""Verified derivations of the companion, and the numeric library the chapters teach."""
