"""Red-team corpus: claims false on purpose that the checker must reject, and true controls."""
