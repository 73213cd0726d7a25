"""Certificates: what the kernel found, written so that a separate, smaller checker can re-check it.

A certificate is plain JSON. Expressions are stored as ``srepr`` strings, which
:func:`sympy.parse_expr`-free evaluation (:func:`load`) turns back into the same
SymPy objects. The kernel (:mod:`derivations.engine.kernel`) writes them; the
re-checker (:mod:`derivations.engine.recheck`) reads them and never imports the
kernel, so a verdict is trusted because two independent pieces of code agree.

A step's certificate is ``{"claim": …, "obligations": […], "structure": {…}}``:

- ``claim``: the step's concrete sides and relation, and the facts it used;
- ``obligations``: leaf facts about polynomials, each of one of the kinds below;
- ``structure``: what the mechanism concluded from its obligations (a chain's relations,
  an induction's bases and template, the instances' values, the rules and bounds' slack a
  decision used, and the scalar names it gave 1×1 products, determinants and traces).

Obligation kinds (``kind``):

- ``zero``: ``entry`` = Σ ``cofactors[i]`` · ``generators[i]`` after expansion (an ideal
  membership; with no generators, ``entry`` expands to 0);
- ``nonzero``: ``1`` = ``cofactor`` · ``value`` + Σ cofactors · generators (the claim ``value = 0``
  contradicts the facts: a Nullstellensatz certificate), or ``value`` is a non-zero number, a
  fact ``a ≠ b`` the claim cites (``fact``), or a positive number plus square roots (``roots``);
  a generator ``a·z − 1`` stands for a fact ``a ≠ 0`` (``z`` its own variable);
- ``sign``: ``value``, as a quotient of two polynomials, has the claimed sign because every
  term's coefficient has it and every factor's sign is declared or defined, read from the
  numerator as expanded or as ``numerator`` writes it (factored, or a square completed);
- ``extended``: ``lhs relation rhs`` with ±∞ on a side, among the extended reals;
- ``kernel``: decided by the kernel alone (through ``simplify``, a limit or a proposal it
  validated): counted, shown, and never trusted from a cache.
"""

from __future__ import annotations

import functools
from typing import Any

import sympy

Certificate = dict[str, Any]


def dump(expression: sympy.Basic) -> str:
    """``expression`` as the string the re-checker reads back."""
    return sympy.srepr(expression)


_NAMESPACE: dict[str, Any] = {name: getattr(sympy, name) for name in dir(sympy)
                              if not name.startswith("_")}
_NAMESPACE.update(Str=sympy.core.symbol.Str,
                  MatrixElement=sympy.matrices.expressions.matexpr.MatrixElement,
                  ExprCondPair=sympy.functions.elementary.piecewise.ExprCondPair)


def _project_classes() -> dict[str, type]:
    """The project's own SymPy classes (``NormSquared``, a chapter's ``Sigmoid``), by name."""
    found: dict[str, type] = {}
    frontier = [sympy.Basic]
    while frontier:
        klass = frontier.pop()
        for sub in klass.__subclasses__():
            frontier.append(sub)
            if (getattr(sub, "__module__", None) or "").startswith("derivations."):
                if hasattr(sympy, sub.__name__):
                    raise ValueError(f"{sub.__module__}.{sub.__name__} has the name of a SymPy "
                                     "class: a certificate could not tell the two apart")
                found[sub.__name__] = sub
    return found


@functools.lru_cache(maxsize=4096)
def load(text: str, as_written: bool = False) -> sympy.Basic:
    """The expression ``text`` (an ``srepr``) stood for; a ValueError if it is not one.

    Only SymPy's names and the project's own SymPy classes are in scope, and builtins are
    not: a certificate is data. ``as_written`` rebuilds it without evaluating anything, so a
    claim's side comes back as it was written (``x/x``, not 1).
    """
    if not isinstance(text, str):  # (an unhashable one is a TypeError from the cache)
        raise ValueError(f"expected an expression as text, got {type(text).__name__}")
    try:
        with sympy.evaluate(not as_written):
            try:
                return eval(text, {"__builtins__": {}}, _NAMESPACE)
            except NameError:  # a project class defined since the names were last collected
                _NAMESPACE.update(_project_classes())
                return eval(text, {"__builtins__": {}}, _NAMESPACE)
    except Exception as error:
        raise ValueError(f"not a SymPy expression: {text[:80]!r} ({error})") from error


def claim(lhs: sympy.Basic, relation: str, rhs: sympy.Basic,
          facts: list[tuple[sympy.Basic, str, sympy.Basic, tuple[sympy.Basic, ...]]]
          ) -> dict[str, Any]:
    """The claim part of a certificate: concrete sides, relation, and the facts used, each
    ``[lhs, relation, rhs, symbols it holds for every value of]``."""
    return {"lhs": dump(lhs), "relation": relation, "rhs": dump(rhs),
            "facts": [[dump(a), r, dump(b), [dump(s) for s in every]]
                      for a, r, b, every in facts]}
