"""What a claim may contain: the kernel's refusals, before anything is decided.

A side that is undefined, inexact, printed by code the project does not trust, or shown under
a misleading name is refused here, and every denominator and inverse a claim *writes* is
listed here so that the kernel can demand a proof that it is not 0. These functions only
refuse or list; they decide nothing, and :mod:`derivations.engine.kernel` names them in its
soundness argument because a gap here would let a claim through unexamined.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import sympy

from derivations.engine.givens import Givens

TRUSTED_PRINTING_MODULES = ("sympy.", "derivations.")


def nodes(expression: sympy.Basic) -> Iterable[sympy.Basic]:
    if isinstance(expression, sympy.MatrixBase):
        for entry in expression:
            yield from sympy.preorder_traversal(entry)
    elif isinstance(expression, sympy.Basic):
        yield from sympy.preorder_traversal(expression)


def ill_formed(*sides: sympy.Basic) -> str | None:
    """Why the sides cannot be a claim together, or None: undefined, inexact, printed by
    untrusted code, or shown as something they are not."""
    for side in sides:
        for node in nodes(side):
            if node in (sympy.zoo, sympy.nan) or isinstance(node, sympy.core.numbers.NaN):
                return f"a side is undefined ({node})"
            if isinstance(node, sympy.Float):
                return (f"a side holds the floating-point number {node}: rounding is not "
                        "exact, write it as a fraction (sympy.Rational)")
            kind = type(node)
            printer = next((klass for klass in kind.__mro__ if "_latex" in vars(klass)
                            or "_sympystr" in vars(klass)), None)
            if printer is not None and not printer.__module__.startswith(
                    TRUSTED_PRINTING_MODULES):
                return (f"{kind.__name__} brings its own printing code ({printer.__module__}); "
                        "a page must show what the kernel checked")
    return misleading_names(sides)


def _named(sides: Iterable[sympy.Basic]) -> set[sympy.Basic]:
    """The symbols a page prints by name (a limit's direction ``+``/``−`` is not one)."""
    sides = list(sides)
    directions = {node.args[3] for side in sides for node in nodes(side)
                  if isinstance(node, sympy.Limit)}
    return {node for side in sides for node in nodes(side)
            if isinstance(node, sympy.Symbol | sympy.MatrixSymbol)
            and not isinstance(node, sympy.Dummy) and node not in directions}


def misleading_names(sides: Iterable[sympy.Basic]) -> str | None:
    """Why the symbols' names would make a page show something other than what is checked.

    A name is printed as it is written, so it must read as one unknown: it holds a letter, and
    no relation or separator that would make it read as a statement (``1 = 2, s``); and two
    different symbols in one claim may not share a name (``a`` real and ``a`` positive).
    """
    by_name: dict[str, set[sympy.Basic]] = {}
    for symbol in _named(sides):
        name = str(symbol.name)
        by_name.setdefault(name, set()).add(symbol)
        problem = _misleading_name(name, scalar=isinstance(symbol, sympy.Symbol))
        if problem:
            return f"the symbol named {name!r} {problem}: a page would show it as written"
    for name, symbols in by_name.items():
        if len(symbols) > 1:
            return (f"{len(symbols)} different symbols are named {name!r} (declared with "
                    "different assumptions or kinds): a page cannot tell them apart")
    return None


_RELATION_IN_NAME = re.compile(r"=|<|>|;|\\(?:n?eq|l[et]|g[et]|leq|geq|neq|ne|approx|equiv|sim"
                               r"|implies|iff|to|quad|qquad|text|[,;:!]|\\)(?![A-Za-z])")


CONSTANT_NAMES = frozenset({"pi", r"\pi", "oo", r"\infty", "e", "E"})


def _misleading_name(name: str, scalar: bool) -> str | None:
    if scalar and name in CONSTANT_NAMES:  # a vector named e is no constant
        return "prints like a mathematical constant"
    if not re.search(r"[^\W\d_]|\\[A-Za-z]", name):
        return "has no letter (it would read as a number or an operator)"
    if _RELATION_IN_NAME.search(name):
        return "holds a relation or a separator"
    depth = 0
    for character in name:
        depth += {"{": 1, "}": -1}.get(character, 0)
        if character == "," and depth == 0:
            return "holds a comma outside braces (it would read as a list)"
    return None


def in_domain(symbol: sympy.Symbol, value: sympy.Basic) -> bool:
    """Whether ``value`` satisfies every assumption ``symbol`` was declared with."""
    facts = {key: held for key, held in symbol.assumptions0.items() if held is not None}
    for key, held in facts.items():
        if key in ("commutative", "finite", "infinite"):
            continue
        if getattr(sympy.sympify(value), f"is_{key}", None) is not held:
            return False
    return True


def denominators(expression: sympy.Basic) -> list[sympy.Basic]:
    """The bases of negative powers in ``expression`` as written: each must be non-zero where
    it is read, so they are collected before evaluation can cancel ``x/x`` to 1. A denominator
    in a variable bound by a sum, product or limit is read at the binder's values, not here."""
    bound: set[sympy.Basic] = set()
    for node in nodes(expression):
        if isinstance(node, sympy.Sum | sympy.Product):
            bound |= set(node.variables)
        elif isinstance(node, sympy.Limit):
            bound.add(node.args[1])
    found = [node.base for node in nodes(expression)
             if isinstance(node, sympy.Pow) and node.exp.is_negative
             and (not node.base.is_Number or node.base == 0)
             and not (node.base.free_symbols & bound)]
    return list(dict.fromkeys(found))


def inverted(expression: sympy.Basic) -> list[sympy.Basic]:
    """The matrices of ``expression`` that are inverted, as written (``A⁻¹``, ``A⁻²``): each
    must be shown invertible, since ``A·A⁻¹`` evaluates to ``I`` whatever ``A`` is."""
    found = [node.args[0] for node in nodes(expression) if isinstance(node, sympy.Inverse)]
    found += [node.base for node in nodes(expression)
              if isinstance(node, sympy.MatPow) and node.exp.is_negative]
    return list(dict.fromkeys(found))


def written_denominators(expression: sympy.Basic) -> list[sympy.Basic]:
    """The denominators of ``expression`` before evaluation, outside piecewise branches (a
    branch is read only where its condition holds; what evaluation selects is checked after)."""
    if isinstance(expression, sympy.MatrixBase):
        return [d for entry in expression for d in written_denominators(entry)]
    if not isinstance(expression, sympy.Basic):
        return []
    branches = {node: sympy.Dummy("branch") for node in expression.atoms(sympy.Piecewise)}
    return denominators(expression.xreplace(branches) if branches else expression)


def invertible(matrix: sympy.Basic, givens: Givens) -> bool:
    """Whether a fact gives the square ``matrix`` a one-sided inverse (``P·M = I`` or
    ``M·P = I``; for a square matrix one side implies the other) or states ``det M ≠ 0``, or
    it is the identity. An explicit matrix's determinant is proved non-zero with the other
    denominators instead."""
    if isinstance(matrix, sympy.Identity):
        return True
    if any(lhs == sympy.Determinant(matrix) and rhs == 0 for lhs, rhs in givens.inequations):
        return True
    for lhs, rhs in givens.rules:
        for word, other in ((lhs, rhs), (rhs, lhs)):
            if not isinstance(other, sympy.Identity) or not isinstance(word, sympy.MatMul):
                continue
            factors = [f for f in word.args if not f.is_commutative]
            if factors and (factors[0] == matrix or factors[-1] == matrix):
                return True
    return False

