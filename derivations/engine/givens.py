"""Deciding a step *under* its given facts: rewriting, slack variables, and ideal membership.

Each fact a step cites (a hypothesis, or an earlier verified step) is used in the
one way that is sound for its form:

- an equation between matrices of **symbolic size** (``QᵀQ = I``, ``Qv = λv``) is a
  rewrite rule, applied to every product that contains its left side (and its
  transpose and conjugate transpose, which follow from it);
- an **order relation** with a symbol or function value on one side (``s₁ < 1/β``)
  introduces a slack variable: ``s₁ = 1/β − s`` with ``s > 0`` describes every such
  ``s₁`` exactly once, so a sign decided for all ``s > 0`` is decided under the fact;
- the remaining **equations and inequations** between scalars, explicit matrices
  (entry by entry) or 1×1 products are polynomials; the claim holds if its difference
  lies in the ideal they generate (a Gröbner basis decides membership), ``a ≠ 0``
  entering as ``a·z − 1`` with a fresh ``z`` (Rabinowitsch).

Every step is sound: rewriting replaces equals by equals, slack parametrises the
fact exactly, and ideal membership means the difference vanishes wherever the facts
hold. What none of them can show is reported as undecided, which fails the step.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import sympy
from sympy.polys.polyerrors import BasePolynomialError
from sympy.polys.polytools import parallel_poly_from_expr

from derivations.engine.algebra import Words, difference, distribute, is_symbolic_matrix
from derivations.engine.derivation import Fact
from derivations.engine.relation import Relation

MAX_REWRITE_ROUNDS = 25
MAX_COFACTOR_UNKNOWNS = 300


@dataclass(frozen=True)
class Givens:
    """The concrete facts a step may use, sorted by how each is applied."""

    rules: tuple[tuple[sympy.Basic, sympy.Basic], ...] = ()
    slack: tuple[tuple[sympy.Basic, sympy.Basic], ...] = ()
    equations: tuple[tuple[sympy.Basic, sympy.Basic], ...] = ()
    inequations: tuple[tuple[sympy.Basic, sympy.Basic], ...] = ()
    labelled: tuple[tuple[str, sympy.Basic, sympy.Basic], ...] = ()

    @classmethod
    def from_facts(cls, facts: list[Fact]) -> Givens:
        """Sort ``facts`` (already concrete) by form; a ValueError names a fact none can use."""
        rules, equations, inequations = [], [], []
        bounds: dict[sympy.Basic, list[tuple[Relation, sympy.Basic, str]]] = {}
        for fact in facts:
            symbolic = is_symbolic_matrix(fact.lhs) or is_symbolic_matrix(fact.rhs)
            square_word = symbolic and tuple(fact.lhs.shape) != (1, 1)
            if fact.relation is Relation.EQ and square_word:
                rules += _rule_variants(fact.lhs, fact.rhs)
            elif fact.relation is Relation.EQ:
                equations.append((fact.lhs, fact.rhs))
                if symbolic and isinstance(fact.lhs, sympy.MatMul):  # a 1×1 word inside products
                    rules += _rule_variants(fact.lhs, _as_one_by_one(fact.rhs))
            elif fact.relation is Relation.NE and not square_word:
                inequations.append((fact.lhs, fact.rhs))
            elif fact.relation.direction and not symbolic:
                atom, relation, other = _oriented(fact)
                bounds.setdefault(atom, []).append((relation, other, fact.label))
            else:
                raise ValueError(f"fact {fact.label!r}: no sound way to use {fact.relation.symbol}"
                                 " between these sides")
        slack = [(atom, _parametrise(atom, found)) for atom, found in bounds.items()]
        labelled = tuple((fact.label, fact.lhs, fact.rhs) for fact in facts)
        return cls(tuple(rules), tuple(slack), tuple(equations), tuple(inequations), labelled)

    def rewrite(self, expression: sympy.Basic) -> sympy.Basic:
        """Apply the rewrite rules, then the slack substitutions."""
        return self.substitute_bounds(self.rewrite_words(expression))

    def substitute_bounds(self, expression: sympy.Basic) -> sympy.Basic:
        """Replace each bounded symbol by its parametrisation in a slack variable."""
        return expression.xreplace(dict(self.slack)) if self.slack else expression

    def rewrite_words(self, expression: sympy.Basic) -> sympy.Basic:
        """Apply the rewrite rules until nothing changes."""
        if self.rules:
            for _ in range(MAX_REWRITE_ROUNDS):
                rewritten = distribute(expression)
                for pattern, replacement in self.rules:
                    rewritten = distribute(rewritten.subs(pattern, replacement))
                if rewritten == expression:
                    break
                expression = rewritten
            else:
                raise ValueError(f"rewriting with the given facts did not settle in "
                                 f"{MAX_REWRITE_ROUNDS} rounds")
        return expression

    @property
    def has_ideal(self) -> bool:
        return bool(self.equations or self.inequations)

    def expressions(self) -> list[tuple[str, sympy.Basic]]:
        """Every side of every fact, with its label, for checks that must know what they say."""
        return [(label, side) for label, lhs, rhs in self.labelled for side in (lhs, rhs)]

    def generators(self, words: Words) -> list[sympy.Basic]:
        """The polynomials that vanish wherever the equations and inequations hold.

        Fractions enter by their numerators (``a/b = 0`` where defined means ``a = 0``);
        ``a ≠ 0`` enters as ``a·z − 1`` with a fresh ``z`` (Rabinowitsch).
        """
        generators: list[sympy.Basic] = []
        for lhs, rhs in self.equations:
            generators += [_numerator(words.scalarise(e))
                           for e in words.coefficients(difference(lhs, rhs))]
        for lhs, rhs in self.inequations:
            (gap,) = words.coefficients(difference(lhs, rhs))
            generators.append(_numerator(words.scalarise(gap) * sympy.Dummy("inverse") - 1))
        return [g for g in dict.fromkeys(generators) if g != 0]

    def stated_nonzero(self, words: Words) -> list[sympy.Basic]:
        """The differences ``a − b`` of the facts ``a ≠ b``, as scalars."""
        return [words.scalarise(gap) for lhs, rhs in self.inequations
                for gap in words.coefficients(difference(lhs, rhs))]

    @staticmethod
    def reduce_value(value: sympy.Basic, generators: list[sympy.Basic]) -> sympy.Basic:
        """``value``'s remainder modulo the ideal (left as it is if it has a denominator)."""
        if sympy.fraction(sympy.together(value))[1] != 1 or value == 0:
            return value
        return _remainder(value, tuple(generators))

    @staticmethod
    def check_consistent(generators: tuple[sympy.Basic, ...]) -> None:
        """A ValueError if the facts contradict each other (their ideal contains 1): a claim
        must not follow from them merely because anything does."""
        with contextlib.suppress(BasePolynomialError):  # no basis for such atoms: nothing
            _remainder(sympy.Integer(0), generators)

    @staticmethod
    def in_ideal(value: sympy.Basic, generators: tuple[sympy.Basic, ...]) -> bool:
        """Whether ``value`` lies in the ideal of ``generators`` (a Gröbner basis decides)."""
        return sympy.expand(_remainder(value, generators)) == 0

    @staticmethod
    def nullstellensatz(value: sympy.Basic, generators: tuple[sympy.Basic, ...]
                        ) -> tuple[sympy.Basic, list[sympy.Basic]] | None:
        """``(c, cofactors)`` with ``1 = c·value + Σ cofactors·generators``, so ``value = 0``
        contradicts the facts; found when ``value`` leaves a non-zero number on division by
        the generators. None otherwise."""
        symbols = sorted(set().union(*(g.free_symbols for g in generators))
                         | value.free_symbols, key=str)
        try:
            quotients, remainder = sympy.reduced(value, list(generators), *symbols,
                                                 order="grevlex")
        except (BasePolynomialError, ValueError, TypeError):
            return None
        remainder = sympy.expand(remainder)
        if not remainder.is_number or remainder == 0:
            return None
        return 1 / remainder, [sympy.expand(-q / remainder) for q in quotients]


def bounded_cofactors(value: sympy.Basic, generators: Sequence[sympy.Basic], most: int = 3
                      ) -> list[sympy.Basic] | None:
    """Cofactors ``cᵢ`` of total degree at most ``most`` with ``value = Σ cᵢ·gᵢ``, found by
    solving for their coefficients (linear algebra over the rationals, or over the rationals
    with the square roots the expressions hold), or None.

    Division by the generators themselves misses a member of their ideal whenever the
    division order does not reach it; a Gröbner basis decides membership but names an
    intermediate basis, not the facts. Solving for the cofactors gives a certificate in
    the facts themselves, which the re-checker confirms by expansion alone."""
    found = _cofactors_over(value, generators, most, algebraic=False)
    if found is None and any(node.is_Pow and node.base.is_Rational and node.exp.is_Rational
                             and not node.exp.is_Integer
                             for e in (value, *generators) for node in sympy.preorder_traversal(e)):
        found = _cofactors_over(value, generators, most, algebraic=True)
    return found


def _cofactors_over(value: sympy.Basic, generators: Sequence[sympy.Basic], most: int,
                    algebraic: bool) -> list[sympy.Basic] | None:
    """:func:`bounded_cofactors` with the coefficients rational, or (``algebraic``) in the
    field the expressions' roots of rationals generate (``√5``, so that √5·√5 = 5 is known)."""
    try:
        if algebraic:
            atoms = sorted({node for e in (value, *generators)
                            for node in sympy.Add.make_args(sympy.expand(e))
                            for node in sympy.Mul.make_args(node) if not node.is_number},
                           key=sympy.default_sort_key)
            atoms = [a.base if a.is_Pow and a.exp.is_Integer else a for a in atoms]
            polys, info = parallel_poly_from_expr([value, *generators],
                                                  *dict.fromkeys(atoms), extension=True)
        else:
            polys, info = parallel_poly_from_expr([value, *generators])
    except (BasePolynomialError, ValueError, TypeError):
        return None
    variables, target, facts = info.gens, polys[0], polys[1:]
    if not variables or len(variables) > 12:
        return None
    for bound in range(most + 1):
        columns, owners = [], []
        for index, fact in enumerate(facts):
            for degree in range(bound + 1):
                for combination in itertools.combinations_with_replacement(
                        range(len(variables)), degree):
                    exponents = [0] * len(variables)
                    for position in combination:
                        exponents[position] += 1
                    monomial = sympy.Poly.from_dict({tuple(exponents): 1}, *variables,
                                                    domain=fact.domain)
                    columns.append((fact * monomial).as_dict())
                    owners.append((index, tuple(exponents)))
        if len(columns) > MAX_COFACTOR_UNKNOWNS:
            return None  # a system this size takes seconds; the Gröbner basis decides
        rows = sorted(set(target.as_dict()).union(*columns))
        where = {monomial: row for row, monomial in enumerate(rows)}
        system = sympy.zeros(len(rows), len(columns) + 1)
        for column, entries in enumerate(columns):
            for monomial, coefficient in entries.items():
                system[where[monomial], column] = coefficient
        for monomial, coefficient in target.as_dict().items():
            system[where[monomial], len(columns)] = coefficient
        try:
            solution, free = system[:, :-1].gauss_jordan_solve(system[:, -1])
        except ValueError:
            continue  # no cofactors of this degree
        solution = solution.xreplace({parameter: 0 for parameter in free})
        cofactors = [sympy.Integer(0)] * len(facts)
        for (index, exponents), coefficient in zip(owners, solution, strict=True):
            cofactors[index] += coefficient * sympy.Mul(
                *(variable**power for variable, power in zip(variables, exponents, strict=True)))
        return [sympy.expand(c) for c in cofactors]
    return None


def _remainder(value: sympy.Basic, generators: tuple[sympy.Basic, ...]) -> sympy.Basic:
    """``value`` reduced by the Gröbner basis of ``generators``; a ValueError if the facts
    contradict each other (their ideal contains 1)."""
    basis, variables = _basis(generators)
    if any(element.is_Number for element in basis):
        raise ValueError("the given facts contradict each other (their ideal contains 1)")
    others = sorted(value.free_symbols - set(variables), key=str)
    return sympy.reduced(value, basis, *variables, *others, order="grevlex")[1]


@cache
def _basis(generators: tuple[sympy.Basic, ...]) -> tuple[tuple[sympy.Expr, ...],
                                                         tuple[sympy.Basic, ...]]:
    variables = parallel_poly_from_expr(list(generators))[1].gens
    if not variables:
        return (sympy.Integer(1),), ()
    basis = sympy.groebner(list(generators), *variables, order="grevlex")
    return tuple(basis.exprs), tuple(variables)


def _rule_variants(lhs: sympy.Basic, rhs: sympy.Basic) -> list[tuple[sympy.Basic, sympy.Basic]]:
    """The rule ``lhs → rhs`` with its transpose and conjugate transpose, which follow from it.

    A variant whose left side is a bare matrix symbol would rewrite every occurrence
    of that symbol; it is kept only if it is the rule itself.
    """
    variants = [_as_word_rule(_flat(lhs), rhs)]
    for operation in (sympy.Transpose, sympy.Adjoint):
        pattern, replacement = _as_word_rule(_flat(operation(lhs).doit()), operation(rhs).doit())
        if pattern != replacement and not isinstance(pattern, sympy.MatrixSymbol):
            variants.append((pattern, replacement))
    return list(dict.fromkeys(variants))


def _as_word_rule(pattern: sympy.Basic, replacement: sympy.Basic
                  ) -> tuple[sympy.Basic, sympy.Basic]:
    """The rule in the form rewritten words take (:func:`distribute`): a scalar that the
    pattern's powers carry (``(gQ)^t = g^t·Q^t``) moves to the right side, divided out only
    when it is a declared non-zero."""
    flat = distribute(pattern)
    if isinstance(flat, sympy.MatMul):
        coefficient, matrices = flat.as_coeff_matrices()
        if coefficient != 1 and coefficient.is_nonzero and matrices:
            word = sympy.MatMul(*matrices) if len(matrices) > 1 else matrices[0]
            return word, replacement / coefficient
    return pattern, replacement


def _flat(pattern: sympy.Basic) -> sympy.Basic:
    """A rule's left side as the flat product the rewritten words are (``M²`` as ``M·M``)."""
    if (isinstance(pattern, sympy.MatPow) and pattern.exp.is_Integer and pattern.exp > 1
            and isinstance(pattern.base, sympy.MatrixSymbol | sympy.Transpose | sympy.Adjoint)):
        return sympy.MatMul(*[pattern.base] * int(pattern.exp))
    return pattern


def _numerator(expression: sympy.Basic) -> sympy.Basic:
    return sympy.expand(sympy.fraction(sympy.together(sympy.expand(expression)))[0])


def _as_one_by_one(side: sympy.Basic) -> sympy.Basic:
    """A 1×1 right side as a 1×1 matrix expression (``c`` is ``c·I₁``), which fits both a
    whole term of a sum and a factor inside a product."""
    if isinstance(side, sympy.MatrixBase) and side.shape == (1, 1):
        return side[0, 0] * sympy.Identity(1)
    if isinstance(side, sympy.MatrixExpr):
        return side
    return side * sympy.Identity(1)


def _oriented(fact: Fact) -> tuple[sympy.Basic, Relation, sympy.Basic]:
    """``(atom, relation, other)`` with the symbol or function value of the fact on the left."""
    if _is_atom(fact.lhs):
        return fact.lhs, fact.relation, fact.rhs
    if _is_atom(fact.rhs):
        flipped = {Relation.LT: Relation.GT, Relation.LE: Relation.GE,
                   Relation.GT: Relation.LT, Relation.GE: Relation.LE}[fact.relation]
        return fact.rhs, flipped, fact.lhs
    raise ValueError(f"fact {fact.label!r}: an order relation needs a symbol or a function "
                     f"value on one side, got {fact.lhs} and {fact.rhs}")


def _parametrise(atom: sympy.Basic,
                 bounds: list[tuple[Relation, sympy.Basic, str]]) -> sympy.Basic:
    """An expression in one fresh slack variable that takes every value ``atom`` may take.

    One bound: ``a < b`` is ``a = b − s``, ``s > 0`` (``s ≥ 0`` for ``≤``). A lower
    and an upper bound: ``lo < a < hi`` is ``a = lo + (hi − lo)/(1 + s)``, ``s > 0``
    (a form whose powers SymPy's limits understand); ``lo < a ≤ hi`` takes ``s ≥ 0``;
    ``lo ≤ a < hi`` is ``a = lo + (hi − lo)·t/(1 + t)``, ``t ≥ 0``. Each map is onto its
    interval, so nothing the facts allow is missed.
    """
    labels = "_".join(label for _, _, label in bounds)
    if len(bounds) == 1:
        relation, other, _ = bounds[0]
        whole = bool(atom.is_integer and other.is_integer)  # the gap between integers is one
        gap = _slack_symbol(labels, relation.strict, integer=whole)
        return other - gap if relation.direction < 0 else other + gap
    uppers = [b for b in bounds if b[0].direction < 0]
    lowers = [b for b in bounds if b[0].direction > 0]
    if len(bounds) != 2 or len(uppers) != 1 or len(lowers) != 1:
        raise ValueError(f"facts {labels}: cite at most one lower and one upper bound on {atom}")
    (upper, high, _), (lower, low, _) = uppers[0], lowers[0]
    if lower.strict:
        return low + (high - low) / (1 + _slack_symbol(labels, upper.strict))
    if upper.strict:
        fraction = _slack_symbol(labels, False)
        return low + (high - low) * fraction / (1 + fraction)
    raise ValueError(f"facts {labels}: a closed interval for {atom} has no one-variable "
                     "parametrisation here; cite one of the two bounds")


def _slack_symbol(label: str, strict: bool, integer: bool = False) -> sympy.Dummy:
    if strict:
        return sympy.Dummy(f"slack_{label}", positive=True, integer=integer or None)
    return sympy.Dummy(f"slack_{label}", nonnegative=True, integer=integer or None)


def _is_atom(expression: sympy.Basic) -> bool:
    return not expression.is_number and (
        expression.is_Symbol or isinstance(expression, sympy.Function)
        or (isinstance(expression, sympy.Pow) and expression.base.is_Symbol))
