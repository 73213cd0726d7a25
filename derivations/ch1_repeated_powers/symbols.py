"""Notation symbols at the size of a worked example.

The notation gives ``V`` and ``Λ`` at every size ``d × d``; the Fibonacci matrix
and the quarter turn are 2×2, and SymPy multiplies only matrices of matching
shapes. The same letter, with the same meaning, at size 2.
"""

from __future__ import annotations

import sympy

from derivations.notation import symbol


def of_the_plane(key: str) -> sympy.MatrixSymbol:
    """The square matrix symbol of notation entry ``key`` as a 2×2 matrix."""
    general = symbol(key)
    if not isinstance(general, sympy.MatrixSymbol) or general.rows != general.cols:
        raise ValueError(f"key: expected the key of a square matrix symbol, got {key!r}")
    return sympy.MatrixSymbol(general.name, 2, 2)
