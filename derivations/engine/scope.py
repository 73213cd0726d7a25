"""What a check proves, as data: for every size, at one fixed size, at instances, or numerically.

The site's badge, ``python -m derivations verify`` and the verification report all
show this, so a reader can tell a proof for every n×n matrix from a check of the
general 3×3 one. A step is never broader than the steps it cites.
"""

from __future__ import annotations

import re
import unicodedata
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
        plain = _GREEK.sub(_greek_letter, self.label.replace("$", ""))
        for tex, character in _TERMINAL.items():
            plain = plain.replace(tex, character)
        return plain

    @property
    def name(self) -> str:
        """The kind as one word for reports and CSS classes."""
        return self.kind.name.lower().replace("_", "-")


_GREEK = re.compile(r"\\(?:var)?([A-Za-z]+)")


def _greek_letter(found: re.Match[str]) -> str:
    """``\\theta`` as ``θ`` (``\\varepsilon`` as ``ε``); other commands are left alone."""
    name = found.group(1)
    case = "CAPITAL" if name[0].isupper() else "SMALL"
    try:
        return unicodedata.lookup(f"GREEK {case} LETTER {name.upper().replace('LAMBDA', 'LAMDA')}")
    except KeyError:
        return found.group(0)


_TERMINAL = {r"\geq ": "≥ ", r"\geq": "≥", r"\times ": "× ", r"\times": "×", "\\": ""}


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
    ``bound`` makes the check one of fixed size. Its label says what the symbols
    range over: ``every $2 \\times 2$`` only where a matrix *is* generic (its
    entries independent symbols, see :func:`_structure`, which also recognises
    generic triangular, diagonal, symmetric and antisymmetric ones), otherwise the
    parameters themselves with the domain their assumptions give (``for all real
    $\\theta$``): a rotation in $\\theta$ is one matrix for each $\\theta$, not every
    $2 \\times 2$ matrix. A matrix symbol of symbolic size makes the check hold for
    every size; otherwise the claim is exact as stated.
    """
    fixed = 0
    parameters: set[sympy.Symbol] = set()
    explicit: list[sympy.MatrixBase] = []
    symbolic_sizes: set[str] = set()
    for expression in expressions:
        for matrix in _matrices(expression):
            if isinstance(matrix, sympy.MatrixBase):
                entries_free = set().union(*(e.free_symbols for e in matrix)) - bound
                if entries_free and max(matrix.shape) > 1:
                    fixed = max(fixed, *matrix.shape)
                    parameters |= entries_free
                    explicit.append(matrix)
            else:
                for dimension in matrix.shape:
                    if not dimension.is_Integer:
                        symbolic_sizes |= {str(s) for s in dimension.free_symbols}
    if fixed:
        return Scope(ScopeKind.FIXED_SIZE, _fixed_label(explicit, parameters, general_label))
    if symbolic_sizes:
        sizes = ", ".join(sympy.latex(sympy.Symbol(name)) for name in sorted(symbolic_sizes))
        return Scope(ScopeKind.GENERAL, f"for all sizes ${sizes}$")
    return Scope(ScopeKind.GENERAL, general_label)


def _fixed_label(matrices: list[sympy.MatrixBase], parameters: set[sympy.Symbol],
                 general_label: str) -> str:
    """What a fixed-size check ranges over: the generic matrix it is about, if one is among
    ``matrices``, and every other parameter with its domain; then ``general_label``'s own
    quantifier (an induction's ``for all $n \\geq 0$``)."""
    found = [(matrix.rows, kind, symbols) for matrix in matrices
             if (structure := _structure(matrix)) is not None for kind, symbols in [structure]]
    generic: list[str] = []
    named: set[sympy.Symbol] = set()
    for size, kind, covered in sorted(found, key=lambda item: (-item[0], -len(item[2]),
                                                               item[1])):
        if covered <= named:
            continue  # a part of a generic matrix already named (its diagonal), not another
        words = f"every ${size} \\times {size}$" + (f" {kind}" if kind else "")
        if words not in generic:
            generic.append(words)
        named |= covered
        parameters = parameters - covered
    parts = [" and ".join(generic)] if generic else []
    if parameters:
        parts.append(for_all(parameters))
    label = ", ".join(parts)
    if general_label.startswith("for all "):
        joint = " and " if not found else ", for all "
        label += joint + general_label.removeprefix("for all ")
    return label


def _structure(matrix: sympy.MatrixBase) -> tuple[str, set[sympy.Symbol]] | None:
    """``("", symbols)`` if ``matrix`` is square with independent symbols as entries (every
    matrix of its size); ``("upper-triangular", …)``, ``("strictly upper-triangular", …)``,
    ``("lower-triangular", …)``, ``("diagonal", …)``, ``("symmetric", …)`` or
    ``("antisymmetric", …)`` if it is the generic one of that kind (independent symbols where
    the kind allows a free entry, zeros and mirrored entries where it does not); None
    otherwise."""
    size = matrix.rows
    if size != matrix.cols or size < 2:
        return None
    cells = [(i, j) for i in range(size) for j in range(size)]
    kinds = {
        "": lambda i, j: "free",
        "upper-triangular": lambda i, j: "free" if i <= j else "zero",
        "strictly upper-triangular": lambda i, j: "free" if i < j else "zero",
        "lower-triangular": lambda i, j: "free" if i >= j else "zero",
        "diagonal": lambda i, j: "free" if i == j else "zero",
        "symmetric": lambda i, j: "free" if i <= j else "mirror",
        "antisymmetric": lambda i, j: "free" if i < j else "zero" if i == j else "negated",
    }
    for kind, role in kinds.items():
        free = [matrix[i, j] for i, j in cells if role(i, j) == "free"]
        if not all(isinstance(entry, sympy.Symbol) for entry in free) or len(set(free)) < len(free):
            continue
        expected = {"zero": lambda i, j: sympy.S.Zero, "mirror": lambda i, j: matrix[j, i],
                    "negated": lambda i, j: -matrix[j, i]}
        if all(matrix[i, j] == expected[role(i, j)](i, j) for i, j in cells
               if role(i, j) != "free"):
            return kind, set(free)
    return None


_DOMAINS = (  # (assumptions that must hold, words before the names, words after them)
    (("integer", "positive"), "integers ", r" \geq 1"),
    (("integer", "nonnegative"), "integers ", r" \geq 0"),
    (("integer",), "integers ", ""),
    (("positive",), "", " > 0"),
    (("negative",), "", " < 0"),
    (("nonnegative",), "", r" \geq 0"),
    (("real",), "real ", ""),
)


def for_all(parameters: set[sympy.Symbol]) -> str:
    """``for all real $\\theta$``: the parameters grouped by the domain their assumptions give
    (a symbol with none is complex and is named bare)."""
    groups: dict[tuple[str, str], list[str]] = {}
    for symbol in sorted(parameters, key=str):
        words = next(((before, after) for needs, before, after in _DOMAINS
                      if all(symbol.assumptions0.get(name) is True for name in needs)), ("", ""))
        groups.setdefault(words, []).append(sympy.latex(symbol))
    shown = [f"{before}${', '.join(names)}{after}$" for (before, after), names in groups.items()]
    return "for all " + " and ".join(shown)


def _matrices(expression: sympy.Basic) -> list[sympy.Basic]:
    if isinstance(expression, sympy.MatrixBase):
        return [expression]
    found = [node for node in sympy.preorder_traversal(expression)
             if isinstance(node, sympy.MatrixBase | sympy.MatrixSymbol)]
    return found
