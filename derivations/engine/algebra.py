"""Deciding ``difference = 0`` or its sign exactly, for scalars, explicit matrices and matrices of
symbolic size.

A matrix expression of symbolic size (``Qᵀ Q − I`` with ``Q`` an n×n symbol) has no
entries to inspect; it is a sum of scalar coefficients times *words* (products of
matrix symbols). :class:`Words` names each distinct word by a scalar symbol, so the
expression becomes a list of coefficients: zero if and only if every coefficient
is, when the words are independent. Treating words as independent is sound for
proving "= 0" (it can only make a true identity undecided, never a false one true).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import sympy


def is_symbolic_matrix(expression: object) -> bool:
    """A matrix expression that is not an explicit matrix (``Qᵀ Q`` with ``Q`` a matrix symbol)."""
    return isinstance(expression, sympy.MatrixExpr) and not isinstance(
        expression, sympy.MatrixBase)


def has_symbolic_size(expression: sympy.Basic) -> bool:
    """Whether some matrix symbol inside ``expression`` has a symbolic dimension (n×n)."""
    return any(isinstance(node, sympy.MatrixSymbol) and not all(d.is_Integer for d in node.shape)
               for node in sympy.preorder_traversal(expression))


def explicit(side: sympy.Basic) -> sympy.Basic:
    """Matrix expressions of integer shape as explicit immutable matrices; others unchanged."""
    if isinstance(side, sympy.MatrixBase):
        return sympy.ImmutableMatrix(side)
    if is_symbolic_matrix(side) and not has_symbolic_size(side):
        held = {power: _opened(power) for power in side.atoms(sympy.MatPow)
                if is_held_power(power)}
        try:
            return sympy.ImmutableMatrix(side.xreplace(held).as_explicit())
        except (ValueError, TypeError, NotImplementedError):
            return side
    return side


def _opened(power: sympy.MatPow) -> sympy.MatrixExpr:
    """``Bᵐ⁺ᵏ`` as ``Bᵐ·Bᵏ`` (``k`` a positive whole number: the definition of a power), with
    ``Bᵐ`` an opaque matrix, the same one wherever it occurs."""
    base, exponent = power.args
    shift, rest = exponent.as_coeff_Add()
    if shift.is_Integer and shift > 0 and rest != 0:
        return sympy.MatMul(_opaque(base, rest), sympy.ImmutableMatrix(base) ** int(shift))
    return _opaque(base, exponent)


@functools.cache
def _opaque(base: sympy.ImmutableMatrix, exponent: sympy.Basic) -> sympy.MatrixSymbol:
    return sympy.MatrixSymbol(sympy.Dummy("power"), *base.shape)


def is_held_power(power: sympy.MatPow) -> bool:
    """A symbolic power of an explicit matrix: SymPy's closed form of it (by a Jordan form) is
    a computation the kernel does not vouch for, so it stays an opaque matrix whose entries only
    a cited fact gives (``Bⁿ = …``, proved by induction where it is stated)."""
    return isinstance(power.args[0], sympy.MatrixBase) and not power.args[1].is_Integer


def difference(lhs: sympy.Basic, rhs: sympy.Basic) -> sympy.Basic:
    """``lhs − rhs`` for two scalars or two matrices of one shape; TypeError otherwise."""
    lhs, rhs = explicit(lhs), explicit(rhs)
    left_matrix = isinstance(lhs, sympy.MatrixBase | sympy.MatrixExpr)
    right_matrix = isinstance(rhs, sympy.MatrixBase | sympy.MatrixExpr)
    if left_matrix != right_matrix:
        lhs, rhs = _as_one_by_one(lhs), _as_one_by_one(rhs)
        if (isinstance(lhs, sympy.MatrixBase | sympy.MatrixExpr)
                != isinstance(rhs, sympy.MatrixBase | sympy.MatrixExpr)):
            raise TypeError("cannot compare a matrix with a scalar")
        left_matrix = True
    if left_matrix:
        if any(sympy.simplify(a - b) != 0 for a, b in zip(lhs.shape, rhs.shape, strict=True)):
            raise TypeError(f"shapes differ: {lhs.shape} and {rhs.shape}")
        if is_symbolic_matrix(lhs) or is_symbolic_matrix(rhs):
            return sympy.MatAdd(lhs, -rhs).doit()
    return lhs - rhs


def _as_one_by_one(side: sympy.Basic) -> sympy.Basic:
    """A scalar as the 1×1 matrix ``side·I₁``, so it compares with a product such as ``xᵀx``."""
    if isinstance(side, sympy.MatrixBase | sympy.MatrixExpr):
        return side
    return sympy.MatMul(side, sympy.Identity(1))


def distribute(expression: sympy.Basic) -> sympy.Basic:
    """Multiply out products of sums of matrix expressions, ``(A + B)C = AC + BC``, writing
    integer powers as products, so every term is a coefficient times one flat word in which a
    rule such as ``QᵀQ → I`` can find its left side."""
    if not is_symbolic_matrix(expression):
        return expression
    terms = [sympy.MatMul(coefficient, *factors) if factors
             else coefficient * _identity_like(expression)
             for coefficient, factors in _summands(expression.doit()) if coefficient != 0]
    if not terms:
        return sympy.ZeroMatrix(*expression.shape)
    return terms[0] if len(terms) == 1 else sympy.MatAdd(*terms)


def _identity_like(expression: sympy.Basic) -> sympy.Basic:
    rows, cols = expression.shape
    return sympy.Identity(rows) if rows == cols else sympy.OneMatrix(rows, cols)


def _summands(factor: sympy.Basic) -> list[tuple[sympy.Basic, list[sympy.Basic]]]:
    """``factor`` as a sum of (coefficient, flat list of matrix factors)."""
    if isinstance(factor, sympy.MatAdd):
        return [summand for term in factor.args for summand in _summands(term)]
    if isinstance(factor, sympy.ZeroMatrix):
        return [(sympy.Integer(0), [])]
    if isinstance(factor, sympy.Identity):
        return [(sympy.Integer(1), [])]
    if (isinstance(factor, sympy.MatPow) and factor.exp.is_Integer and factor.exp > 1):
        return _product([_summands(factor.base)] * int(factor.exp))
    if isinstance(factor, sympy.MatPow):
        return _symbolic_power(factor)
    if isinstance(factor, sympy.MatMul):
        coefficient, matrices = factor.as_coeff_matrices()
        products = _product([_summands(m) for m in matrices])
        return [(coefficient * c, _powers_first(m)) for c, m in products]
    return [(sympy.Integer(1), [factor])]


def _symbolic_power(power: sympy.MatPow) -> list[tuple[sympy.Basic, list[sympy.Basic]]]:
    """``(cA)^(t + k)`` as ``c^(t+k)·A^t·A^k`` for a non-negative integer ``t`` and a whole
    ``k > 0``: the definition of a power, so that ``A^(t+1)`` and ``A^t·A`` are one word."""
    coefficient, base = sympy.Integer(1), power.base
    if isinstance(base, sympy.MatMul):
        scalar, matrices = base.as_coeff_matrices()
        if scalar != 1 and len(matrices) == 1:
            coefficient, base = scalar ** power.exp, matrices[0]
    constant, rest = power.exp.as_coeff_Add()
    if constant.is_Integer and constant > 0 and rest.is_integer and rest.is_nonnegative:
        extra = _product([_summands(base)] * int(constant))
        return [(coefficient * c, [sympy.MatPow(base, rest), *m]) for c, m in extra]
    return [(coefficient, [sympy.MatPow(base, power.exp)])]


def _powers_first(factors: list[sympy.Basic]) -> list[sympy.Basic]:
    """``A·A^t`` written ``A^t·A`` (a matrix commutes with its own powers), so both orders are
    one word."""
    factors = list(factors)
    changed = True
    while changed:
        changed = False
        for index in range(len(factors) - 1):
            here, after = factors[index], factors[index + 1]
            if isinstance(after, sympy.MatPow) and after.base == here:
                factors[index], factors[index + 1] = after, here
                changed = True
    return factors


def _product(options: list[list[tuple[sympy.Basic, list[sympy.Basic]]]]
             ) -> list[tuple[sympy.Basic, list[sympy.Basic]]]:
    products: list[tuple[sympy.Basic, list[sympy.Basic]]] = [(sympy.Integer(1), [])]
    for summands in options:
        products = [(c1 * c2, m1 + m2) for c1, m1 in products for c2, m2 in summands]
    return products


@dataclass
class Words:
    """A scalar name for each distinct product of matrix symbols, shared by a claim and facts."""

    names: dict[sympy.Basic, sympy.Symbol] = field(default_factory=dict)

    def name(self, word: sympy.Basic) -> sympy.Basic:
        if word == 1 or isinstance(word, sympy.Identity):
            return sympy.Integer(1)
        if isinstance(word, sympy.MatrixExpr) and word.shape == (1, 1):
            word = _as_its_transpose(word)
        if word not in self.names:
            self.names[word] = sympy.Dummy(f"w{len(self.names)}")
        return self.names[word]

    def scalarise(self, expression: sympy.Basic) -> sympy.Basic:
        """``expression`` with every determinant and trace of a symbolic matrix named by a
        scalar, traces first brought to one form (``tr(AB) = tr(BA)``, ``tr(Aᵀ) = tr(A)``), so
        that they compare and enter polynomial arithmetic as independent variables."""
        if not isinstance(expression, sympy.Basic):
            return expression

        def name(node: sympy.Basic) -> sympy.Basic:
            if isinstance(node, sympy.Trace):
                return sympy.Add(*(coefficient * self.name(sympy.Trace(_cyclic_form(factors)))
                                   for coefficient, factors in _summands(node.args[0])))
            return self.name(node)

        return expression.replace(
            lambda node: isinstance(node, sympy.Determinant | sympy.Trace)
            and is_symbolic_matrix(node.args[0]), name)

    def coefficients(self, expression: sympy.Basic) -> list[sympy.Basic]:
        """The scalar entries of ``expression``: entries of an explicit matrix, or one scalar per
        distinct word of a symbolic matrix expression (1×1 expressions become one scalar)."""
        if isinstance(expression, sympy.MatrixBase):
            return list(expression)
        if not is_symbolic_matrix(expression):
            return [expression]
        by_word = self.coefficients_by_word(expression)
        if expression.shape == (1, 1):
            return [sympy.Add(*(c * self.name(w) for w, c in by_word.items()))]
        return list(by_word.values())

    def coefficients_by_word(self, expression: sympy.Basic) -> dict[sympy.Basic, sympy.Basic]:
        """A symbolic matrix expression as ``{word: scalar coefficient}``; the empty word (the
        identity, or the all-ones matrix of a non-square shape) is ``1``."""
        by_word: dict[sympy.Basic, sympy.Basic] = {}
        for coefficient, factors in _summands(expression.doit()):
            explicit_scalars = [f for f in factors if isinstance(f, sympy.MatrixBase)
                                and f.shape == (1, 1)]
            for scalar in explicit_scalars:
                coefficient *= scalar[0, 0]
            factors = [f for f in factors if f not in explicit_scalars]
            word = sympy.MatMul(*factors) if len(factors) > 1 else (
                factors[0] if factors else sympy.Integer(1))
            by_word[word] = by_word.get(word, sympy.Integer(0)) + coefficient
        return by_word


def _as_its_transpose(word: sympy.Basic) -> sympy.Basic:
    """A 1×1 word and its transpose are one number (``xᵀe = eᵀx``): the first in print order."""
    factors = list(word.args) if isinstance(word, sympy.MatMul) else [word]
    transposed = [sympy.Transpose(f).doit() for f in reversed(factors)]
    best = min((factors, transposed), key=lambda candidate: [str(f) for f in candidate])
    return sympy.MatMul(*best) if len(best) > 1 else best[0]


def _cyclic_form(factors: list[sympy.Basic]) -> sympy.Basic:
    """One representative of the words a trace cannot tell apart: every cyclic rotation of the
    factors, and of their transposes in reverse order; the first in printed order."""
    if not factors:
        return sympy.Integer(1)
    transposed = [sympy.Transpose(f).doit() for f in reversed(factors)]
    candidates = [word[i:] + word[:i] for word in (factors, transposed)
                  for i in range(len(word))]
    best = min(candidates, key=lambda word: [str(f) for f in word])
    return sympy.MatMul(*best) if len(best) > 1 else best[0]
