"""What a check proves, as data: for every size, at one fixed size, at instances, or numerically.

The site's badge, ``python -m derivations verify`` and the verification report all
show this, so a reader can tell a proof for every n×n matrix from a check of the
general 3×3 one. A step is never broader than the steps it cites.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import sympy


class ScopeKind(IntEnum):
    """Ordered from narrowest to broadest, so ``min`` gives the scope of a combination."""

    NUMERIC = 0
    INSTANCES = 1
    FIXED_SIZE = 2
    GENERAL = 3


@dataclass(frozen=True)
class Scope:
    """A kind and the words shown for it, as Markdown: ``for all $n$``, ``every $3 \\times 3$``.

    ``text`` is the same words for a terminal.
    """

    kind: ScopeKind
    label: str

    @property
    def text(self) -> str:
        plain = self.label.replace("$", "")
        for tex, character in _TERMINAL.items():
            plain = plain.replace(tex, character)
        return plain

    @property
    def name(self) -> str:
        """The kind as one word for reports and CSS classes."""
        return self.kind.name.lower().replace("_", "-")


_TERMINAL = {r"\geq ": "≥ ", r"\geq": "≥", r"\times ": "×", r"\times": "×", "\\": ""}


def narrowest(scopes: list[Scope]) -> Scope:
    """The narrowest of ``scopes``; among general ones, the label that says what is
    quantified (``for all sizes d``) rather than ``exact``."""
    kind = min(scope.kind for scope in scopes)
    candidates = [scope for scope in scopes if scope.kind == kind]
    return next((scope for scope in candidates if scope.label != "exact"), candidates[0])


def structural_scope(expressions: list[sympy.Basic], bound: set[sympy.Symbol],
                     general_label: str) -> Scope:
    """The scope of an exact check on ``expressions`` (concrete sides and facts).

    An explicit matrix or vector whose entries have free symbols other than
    ``bound`` is a generic matrix of fixed size; a matrix symbol of symbolic size
    makes the check hold for every size; otherwise the claim is exact as stated.
    """
    fixed = 0
    symbolic_sizes: set[str] = set()
    for expression in expressions:
        for matrix in _matrices(expression):
            if isinstance(matrix, sympy.MatrixBase):
                entries_free = set().union(*(e.free_symbols for e in matrix)) - bound
                if entries_free and max(matrix.shape) > 1:
                    fixed = max(fixed, *matrix.shape)
            else:
                for dimension in matrix.shape:
                    if not dimension.is_Integer:
                        symbolic_sizes |= {str(s) for s in dimension.free_symbols}
    if fixed:
        return Scope(ScopeKind.FIXED_SIZE, f"every ${fixed} \\times {fixed}$")
    if symbolic_sizes:
        sizes = ", ".join(sympy.latex(sympy.Symbol(name)) for name in sorted(symbolic_sizes))
        return Scope(ScopeKind.GENERAL, f"for all sizes ${sizes}$")
    return Scope(ScopeKind.GENERAL, general_label)


def _matrices(expression: sympy.Basic) -> list[sympy.Basic]:
    if isinstance(expression, sympy.MatrixBase):
        return [expression]
    found = [node for node in sympy.preorder_traversal(expression)
             if isinstance(node, sympy.MatrixBase | sympy.MatrixSymbol)]
    return found
