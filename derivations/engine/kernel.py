"""The trusted kernel: every verdict of the engine is decided here, and nowhere else.

Everything outside this module (a step's ``rewrite=``, display forms, the tactics in
:mod:`derivations.engine.checks`, the rewriting and reduction helpers in
:mod:`~derivations.engine.givens` and :mod:`~derivations.engine.algebra`) may only
*propose*. Each verdict carries a certificate (:mod:`derivations.engine.certificates`)
that :mod:`derivations.engine.recheck` re-checks without importing this module.

Soundness, mechanism by mechanism. Undecided is a failure everywhere.

- **Well-formed sides.** A side containing ``zoo`` or ``nan`` is undefined and refused; so is a
  floating-point number (rounding is not exact arithmetic), a node whose class brings printing
  code of its own, and a symbol whose name would print as something else (no letter, a
  relation or separator, a constant's name) or that shares its name with another symbol of
  the claim: a page must show what was checked.
- **Denominators and inverses, as written.** Every base of a negative power must be proved
  non-zero on the facts, read before evaluation (so ``x/x`` is not cancelled to 1 first) and
  after; a matrix inverted must be shown invertible by a fact (``det M ≠ 0`` or ``P·M = I``)
  or, if explicit, by its determinant.
- **Equality.** The difference's entries (for matrices of symbolic size, the coefficients of
  its distinct words: a sum of distinct words vanishes if every coefficient does) must
  expand to 0, possibly after reduction by the facts' equations; a reduction is accepted
  with cofactors ``entry = Σ cᵢ·gᵢ`` (by division, or solved for at bounded degree), which
  the certificate records. Sines and cosines of sums are expanded and the identities
  ``sin² + cos² = 1``, ``cosh² − sinh² = 1`` of the entry's own arguments join the facts.
  ``simplify`` may decide what these cannot, only if evaluation at points of the symbols'
  domains (their edges included) does not contradict it: such steps are marked ``kernel``
  and never trusted from a cache.
- **Inequation ``a ≠ b``.** Proved only by a non-zero number, a sign, a cited fact, or a
  Nullstellensatz certificate ``1 = c·d + Σ cᵢ·gᵢ`` (``d = 0`` contradicts the facts). Between
  matrices of symbolic size: only when the difference is a proved non-zero multiple of the
  identity, since independent-looking words can be equal (``AB`` and ``BA``).
- **Order relations.** Bounds enter by exact parametrisation (:mod:`givens`); the sign of the
  difference is then read term by term over factors whose sign is declared or defined
  (positive symbols, ``eˣ`` and ``cosh x`` of reals, ``|z|``, norms, even powers of reals), never
  from SymPy's inference unless sampling agrees, and then only as ``kernel``.
- **Proposals** (``rewrite=``): the proposed difference ``g'`` is accepted only if the kernel
  proves ``g − g' = 0`` without the proposal.
- **Limits.** SymPy's limit is confirmed by the sequence itself, evaluated at two large
  indices for values of the other symbols that include the edges of their domains; an
  infinite limit must be seen growing; any disagreement refuses the claim.
- **Induction.** Base cases without any local hypothesis; the recurrence is applied to fresh
  placeholders (so it is a function of values, not of how a side is written) and both sides
  must obey it, proved, never sampled; facts may mention the variable only if stated for
  every value of it (``every=``), also beneath a step-form induction's successor step; the
  start lies in the variable's domain.
- **Instances.** Each value must satisfy the variable's assumptions and is substituted into
  the facts as well as the claim.
- **Chains.** Links must meet exactly and their relations compose (:mod:`relation`).
- **Numeric.** Evidence, labelled so: both sides at two precisions, at the author's points and
  points of the kernel's own; the gap must shrink as the precision grows; ``≠`` only between
  closed numbers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import mpmath
import sympy
from sympy.polys.polyerrors import BasePolynomialError

from derivations.engine import certificates
from derivations.engine.algebra import Words, difference, distribute, is_symbolic_matrix
from derivations.engine.derivation import evaluate_holding_limits
from derivations.engine.givens import Givens, bounded_cofactors
from derivations.engine.relation import Relation, compose, implies

Proposal = Callable[[sympy.Basic], sympy.Basic]
TRUSTED_PRINTING_MODULES = ("sympy.", "derivations.")
LIMIT_SAMPLE_POINTS = (10**12, 10**15)


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking one step: ``detail`` says what was shown or why it failed;
    ``obligations`` are the certificate's leaves, ``structure`` what was concluded from them."""

    passed: bool
    detail: str
    obligations: tuple[dict, ...] = ()
    structure: dict = field(default_factory=dict)


def fail(detail: str) -> Verdict:
    return Verdict(False, detail)


# -- well-formedness ----------------------------------------------------------------------

def _nodes(expression: sympy.Basic) -> Iterable[sympy.Basic]:
    if isinstance(expression, sympy.MatrixBase):
        for entry in expression:
            yield from sympy.preorder_traversal(entry)
    elif isinstance(expression, sympy.Basic):
        yield from sympy.preorder_traversal(expression)


def ill_formed(*sides: sympy.Basic) -> str | None:
    """Why the sides cannot be a claim together, or None: undefined, inexact, printed by
    untrusted code, or shown as something they are not."""
    for side in sides:
        for node in _nodes(side):
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
    directions = {node.args[3] for side in sides for node in _nodes(side)
                  if isinstance(node, sympy.Limit)}
    return {node for side in sides for node in _nodes(side)
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
    for node in _nodes(expression):
        if isinstance(node, sympy.Sum | sympy.Product):
            bound |= set(node.variables)
        elif isinstance(node, sympy.Limit):
            bound.add(node.args[1])
    found = [node.base for node in _nodes(expression)
             if isinstance(node, sympy.Pow) and node.exp.is_negative
             and (not node.base.is_Number or node.base == 0)
             and not (node.base.free_symbols & bound)]
    return list(dict.fromkeys(found))


def inverted(expression: sympy.Basic) -> list[sympy.Basic]:
    """The matrices of ``expression`` that are inverted, as written (``A⁻¹``, ``A⁻²``): each
    must be shown invertible, since ``A·A⁻¹`` evaluates to ``I`` whatever ``A`` is."""
    found = [node.args[0] for node in _nodes(expression) if isinstance(node, sympy.Inverse)]
    found += [node.base for node in _nodes(expression)
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


# -- leaves ------------------------------------------------------------------------------

def _numerator(entry: sympy.Basic) -> tuple[sympy.Basic, sympy.Basic]:
    numerator, denominator = sympy.fraction(sympy.together(sympy.expand(entry)))
    return sympy.expand(numerator), denominator


def _normalise(entry: sympy.Basic) -> sympy.Basic:
    """Evaluation and two definitions applied, so that equal things compare equal after
    expansion.

    |z|^(2m) as (z·z̄)^m, true for every complex z and real m since z·z̄ = |z|² ≥ 0; and every
    F(k + c) written with F(k) and F(k + 1) by the recurrence that defines Fibonacci numbers,
    F(j + 2) = F(j + 1) + F(j), read forwards and backwards.
    """
    if entry.has(sympy.Sum, sympy.Derivative) and not entry.has(sympy.Limit):
        entry = entry.doit()  # sums of Kronecker deltas left by differentiation collapse
    entry = entry.replace(
        lambda node: (node.is_Pow and isinstance(node.base, sympy.Abs)
                      and (node.exp / 2).is_integer),
        lambda node: (node.base.args[0] * sympy.conjugate(node.base.args[0])) ** (node.exp / 2),
    )
    entry = entry.xreplace(NAMED_NUMBERS)
    return _fibonacci_by_recurrence(_canonical_bound(prime_bases(powers_of_rationals(entry))))


def powers_of_rationals(expression: sympy.Basic) -> sympy.Basic:
    """``exp(x·log r)`` for a positive rational ``r`` written ``rˣ``: the definition of a real
    power of a positive number."""
    def power(node: sympy.exp) -> sympy.Basic:
        factors = sympy.Mul.make_args(node.args[0])
        logs = [f for f in factors if isinstance(f, sympy.log) and f.args[0].is_Rational
                and f.args[0] > 0]
        if len(logs) != 1:
            return node
        return logs[0].args[0] ** sympy.Mul(*(f for f in factors if f is not logs[0]))

    return expression.replace(lambda node: isinstance(node, sympy.exp), power)


# Constants SymPy names that have a closed form: compared by their definition.
NAMED_NUMBERS = {sympy.GoldenRatio: (1 + sympy.sqrt(5)) / 2}


def prime_bases(expression: sympy.Basic) -> sympy.Basic:
    """Each power of a positive rational with a symbolic exponent written over primes,
    ``4ⁿ = 2²ⁿ``, ``(3/2)ⁿ = 3ⁿ·2⁻ⁿ``: equal powers then compare by expansion."""
    def over_primes(node: sympy.Pow) -> sympy.Basic:
        numerator, denominator = node.base.as_numer_denom()
        factors = [(p, k) for p, k in sympy.factorint(int(numerator)).items()]
        factors += [(p, -k) for p, k in sympy.factorint(int(denominator)).items()]
        return sympy.Mul(*(sympy.Pow(p, k * node.exp) for p, k in factors))

    return expression.replace(
        lambda node: node.is_Pow and node.base.is_Rational and node.base > 0
        and node.base != 1 and not node.exp.is_Integer and node.base.q * node.base.p < 10**12,
        over_primes)


_BOUND = tuple(sympy.Dummy(f"k{depth}", integer=True) for depth in range(6))


def _canonical_bound(expression: sympy.Basic, depth: int = 0) -> sympy.Basic:
    """Every index bound by a sum or product renamed by its depth (a fresh ``Dummy``): renaming
    a bound index changes nothing, and SymPy names them afresh when it differentiates."""
    if isinstance(expression, sympy.Sum | sympy.Product) and len(expression.limits) == 1 \
            and depth < len(_BOUND):
        variable, low, high = expression.limits[0]
        body = expression.function.xreplace({variable: _BOUND[depth]})
        return expression.func(_canonical_bound(body, depth + 1), (_BOUND[depth], low, high))
    if not isinstance(expression, sympy.Basic) or not expression.args:
        return expression
    return expression.func(*(_canonical_bound(argument, depth) for argument in expression.args))


def _fibonacci_by_recurrence(entry: sympy.Basic) -> sympy.Basic:
    """Every F(k + c), c an integer, as a combination of F(k) and F(k + 1), where F(k) is the
    Fibonacci number of least offset in ``entry`` for each symbolic argument."""
    calls = [node for node in _nodes(entry) if isinstance(node, sympy.fibonacci)
             and len(node.args) == 1 and not node.args[0].is_Integer]
    if not calls:
        return entry
    bases: dict[sympy.Basic, int] = {}
    for call in calls:
        constant, rest = call.args[0].as_coeff_Add()
        if constant.is_Integer:
            bases[rest] = min(bases.get(rest, int(constant)), int(constant))

    def reduce(argument: sympy.Basic) -> sympy.Basic:
        constant, rest = argument.as_coeff_Add()
        if rest not in bases or not constant.is_Integer:
            return sympy.fibonacci(argument)
        low_offset = bases[rest]
        low, high = sympy.fibonacci(rest + low_offset), sympy.fibonacci(rest + low_offset + 1)
        for _ in range(int(constant) - low_offset):
            low, high = high, low + high
        return low

    return entry.replace(sympy.fibonacci, reduce)


def prove_zero(entry: sympy.Basic, generators: Sequence[sympy.Basic]) -> dict | None:
    """A certificate that ``entry`` vanishes wherever the ``generators`` do, or None."""
    numerator, _ = _numerator(entry)
    if numerator == 0:
        return {"kind": "zero", "entry": certificates.dump(numerator),
                "generators": [], "cofactors": []}
    if generators:
        cofactors = _cofactors(numerator, generators) or bounded_cofactors(numerator, generators)
        if cofactors is not None:
            Givens.check_consistent(tuple(generators))
            used = [(g, c) for g, c in zip(generators, cofactors, strict=True) if c != 0]
            return {"kind": "zero", "entry": certificates.dump(numerator),
                    "generators": [certificates.dump(g) for g, _ in used],
                    "cofactors": [certificates.dump(c) for _, c in used]}
        try:
            if Givens.in_ideal(numerator, tuple(generators)):
                return {"kind": "kernel", "what": "ideal membership by a Gröbner basis"}
        except BasePolynomialError:
            pass  # atoms that are not polynomial variables: the facts cannot be used here
    by_identities = _zero_by_identities(numerator, generators)
    if by_identities is not None:
        return by_identities
    if sympy.cancel(numerator) == 0 or sympy.simplify(numerator) == 0:
        if counterexample(numerator) is not None:
            return None  # simplify erred: the entry is not zero at a point of its domain
        return {"kind": "kernel", "what": "simplify"}
    return None


def trigonometric_form(entry: sympy.Basic) -> sympy.Basic:
    """``entry`` with sines and cosines of sums expanded (``sin(a − b) = sin a cos b − …``) and
    ``tanh u`` written ``sinh u / cosh u`` for real ``u``, then the numerator: a polynomial
    in sines, cosines and their hyperbolic cousins of single arguments."""
    expanded = sympy.expand(entry, trig=True)
    expanded = expanded.replace(
        lambda node: isinstance(node, sympy.tanh) and node.args[0].is_extended_real,
        lambda node: sympy.sinh(node.args[0]) / sympy.cosh(node.args[0]))
    return _numerator(expanded)[0]  # cosh u > 0 for real u: the numerator vanishes as it does


def _zero_by_identities(numerator: sympy.Basic, generators: Sequence[sympy.Basic]
                        ) -> dict | None:
    """A certificate that ``numerator`` vanishes by the facts and the Pythagorean identities
    ``sin²u + cos²u = 1``, ``cosh²u − sinh²u = 1`` of the arguments it holds, with cofactors."""
    if not numerator.has(sympy.sin, sympy.cos, sympy.sinh, sympy.cosh, sympy.tanh):
        return None
    entry = trigonometric_form(numerator)
    identities = pythagorean_identities(entry)
    if entry == 0:
        return {"kind": "zero", "entry": certificates.dump(entry), "generators": [],
                "cofactors": [], "identities": True}
    if not identities:
        return None
    every = [*generators, *identities]
    cofactors = bounded_cofactors(entry, every, most=2)
    if cofactors is None:
        return None
    used = [(g, c) for g, c in zip(every, cofactors, strict=True) if c != 0]
    return {"kind": "zero", "entry": certificates.dump(entry), "identities": True,
            "generators": [certificates.dump(g) for g, _ in used],
            "cofactors": [certificates.dump(c) for _, c in used]}


def pythagorean_identities(entry: sympy.Basic) -> list[sympy.Basic]:
    """``sin²u + cos²u − 1`` and ``cosh²u − sinh²u − 1`` for each argument ``u`` in ``entry``."""
    found = []
    for first, second, sign in ((sympy.sin, sympy.cos, 1), (sympy.sinh, sympy.cosh, -1)):
        arguments = {node.args[0] for node in entry.atoms(first, second)}
        found += [second(u) ** 2 + sign * first(u) ** 2 - 1 for u in sorted(arguments, key=str)]
    return found


def counterexample(entry: sympy.Basic) -> dict | None:
    """A point of the symbols' declared domains where ``entry`` is a non-zero number, or None.

    ``simplify`` rewrites by identities that can hold only on part of a domain
    (``binomial(n − 1, n) = 0`` for n ≥ 1, not at n = 0): before the kernel accepts a zero on
    its word, the entry is evaluated exactly at a few points, edges of the domains included.
    """
    symbols = {s for s in entry.free_symbols if isinstance(s, sympy.Symbol)}
    if symbols != entry.free_symbols:
        return None  # matrix entries or other atoms: nothing to evaluate at
    edge = {s: sympy.Integer(0) for s in symbols if in_domain(s, sympy.Integer(0))}
    for point in [*_parameter_samples(symbols), edge]:
        if set(point) != symbols:
            continue
        try:
            value = sympy.expand_func(entry.xreplace(point)).doit()
        except (ValueError, TypeError, ZeroDivisionError, NotImplementedError):
            continue
        if value.is_number and value.is_finite and sympy.N(value, 30) != 0 \
                and abs(sympy.N(value, 30)) > sympy.Float(10) ** -25:
            return point
    return None


def _cofactors(numerator: sympy.Basic, generators: Sequence[sympy.Basic]
               ) -> list[sympy.Basic] | None:
    """Cofactors by division by the generators themselves (not a Gröbner basis), when that
    leaves no remainder: the certificate names the facts, not an intermediate basis."""
    symbols = sorted(set().union(*(g.free_symbols for g in generators))
                     | numerator.free_symbols, key=str)
    if not symbols:
        return None
    try:
        quotients, remainder = sympy.reduced(numerator, list(generators), *symbols,
                                             order="grevlex")
    except (BasePolynomialError, ValueError, TypeError):
        return None
    if sympy.expand(remainder) != 0:
        return None
    return [sympy.expand(q) for q in quotients]


def _signed(value: sympy.Basic, sign: int, strict: bool, expand: bool = True) -> bool:
    """Every term of the expanded ``value`` (or of ``value`` as written) is a rational of
    ``sign`` (±1) times factors of known sign (:func:`_factor_kind`), and if ``strict`` one
    term has only positive factors: then the whole has that sign (strictly). Nothing is read
    from SymPy's inference."""
    terms = _numbers_gathered(sympy.Add.make_args(sympy.expand(value) if expand else value))
    if terms is None:
        return False
    found_strict = False
    for term in terms:
        coefficient, rest = term.as_coeff_Mul()
        if not coefficient.is_Rational or coefficient == 0 or sympy.sign(coefficient) != sign:
            return False
        kinds = [_factor_kind(factor) for factor in sympy.Mul.make_args(rest) if factor != 1]
        if None in kinds:
            return False
        found_strict = found_strict or all(kind == "positive" for kind in kinds)
    return bool(terms) and (found_strict or not strict)


def _numbers_gathered(terms: tuple) -> list | None:
    """The terms with every closed number among them summed into one rational of the same
    sign (``√401/2 − 10`` counts as a positive number: its value, to 60 digits, is far from
    0); None if that sum is too close to 0 to tell."""
    numbers = [term for term in terms if term.is_number]
    others = [term for term in terms if not term.is_number]
    total = sympy.Add(*numbers)
    if len(numbers) < 2 or total.is_Rational:
        return [*others, total] if numbers and total != 0 else others
    value = sympy.N(total, 60)
    if not value.is_real or abs(value) < sympy.Float(10) ** -40:
        return None
    return [*others, sympy.Integer(1 if value > 0 else -1)]


def _factor_kind(factor: sympy.Basic) -> str | None:
    """``"positive"``, ``"nonnegative"`` or None (unknown) for one factor of a term.

    An even whole power of a real is non-negative; a whole power of a known-sign atom keeps its
    kind (a negative power only of a positive one); any real power of a positive quantity is
    positive (the principal power)."""
    base, exponent = (factor.base, factor.exp) if factor.is_Pow else (factor, sympy.Integer(1))
    kind = _atom_kind(base)
    if exponent.is_Integer:
        if kind == "positive" or (kind == "nonnegative" and exponent > 0):
            return kind
        if int(exponent) % 2 == 0 and exponent > 0 and base.is_extended_real:
            return "nonnegative"
        return None
    return "positive" if kind == "positive" and exponent.is_real else None


def _atom_kind(atom: sympy.Basic) -> str | None:
    """The sign an atom has by declaration or definition: symbols by their assumptions,
    positive numbers, F(m) for whole m ≥ 1, e^x and cosh x for real x, |z| and norms, a
    minimum or maximum of positives, a rising factorial of a positive, and a sum with
    coefficients of one sign over such atoms."""
    if atom.is_Symbol:
        return "positive" if atom.is_positive else "nonnegative" if atom.is_nonnegative else None
    if atom.is_Number:
        return "positive" if atom > 0 else None
    if isinstance(atom, sympy.fibonacci) and len(atom.args) == 1 and atom.args[0].is_integer:
        return "positive" if atom.args[0].is_positive else (
            "nonnegative" if atom.args[0].is_nonnegative else None)
    if isinstance(atom, sympy.exp | sympy.cosh) and atom.args[0].is_extended_real:
        return "positive"
    if isinstance(atom, sympy.Abs) or type(atom).__dict__.get("is_nonnegative") is True:
        return "nonnegative"
    if isinstance(atom, sympy.Min | sympy.Max) and all(
            _atom_kind(argument) == "positive" or _signed(argument, 1, True)
            for argument in atom.args):
        return "positive"
    if isinstance(atom, sympy.RisingFactorial) and atom.args[1].is_integer \
            and atom.args[1].is_nonnegative and _signed(atom.args[0], 1, True):
        return "positive"
    if isinstance(atom, sympy.Add):
        return "positive" if _signed(atom, 1, True) else (
            "nonnegative" if _signed(atom, 1, False) else None)
    return None


def _positive_real_part(value: sympy.Basic) -> bool:
    """``c + Σ aᵢ·√uᵢ`` with ``c > 0`` and every ``aᵢ ≥ 0`` rational: a principal square root
    has a non-negative real part, so the whole has a positive real part and is not 0."""
    constant, terms = sympy.S.Zero, sympy.Add.make_args(sympy.expand(value))
    for term in terms:
        coefficient, rest = term.as_coeff_Mul()
        if rest == 1:
            constant += coefficient
        elif not (coefficient.is_Rational and coefficient > 0 and rest.is_Pow
                  and rest.exp == sympy.Rational(1, 2)):
            return False
    return bool(constant.is_Rational and constant > 0)


def prove_sign(value: sympy.Basic, relation: Relation) -> dict | None:
    """A certificate that ``value`` has the sign ``value relation 0`` claims, or None."""
    wanted = relation.direction  # +1 for > and ≥, −1 for < and ≤
    if value.is_number:
        number = sympy.N(value, 60)
        if number.is_real and (number > 0 if wanted > 0 else number < 0):
            return {"kind": "sign", "value": certificates.dump(value),
                    "relation": relation.symbol}
        if not relation.strict and value == 0:
            return {"kind": "sign", "value": certificates.dump(value),
                    "relation": relation.symbol}
        return None
    numerator, denominator = sympy.fraction(sympy.together(sympy.expand(value)))
    for sign_numerator in (wanted, -wanted):
        if (_signed(numerator, sign_numerator, relation.strict)
                and _signed(denominator, sign_numerator * wanted, True)):
            return {"kind": "sign", "value": certificates.dump(value),
                    "relation": relation.symbol}
    for form in (sympy.factor(numerator), _completed_square(sympy.expand(numerator))):
        for sign_numerator in (wanted, -wanted) if form is not None else ():
            if (_signed(form, sign_numerator, relation.strict, expand=False)
                    and _signed(denominator, sign_numerator * wanted, True)):
                return {"kind": "sign", "value": certificates.dump(value),
                        "relation": relation.symbol, "numerator": certificates.dump(form)}
    attribute = {Relation.LT: "is_negative", Relation.LE: "is_nonpositive",
                 Relation.GT: "is_positive", Relation.GE: "is_nonnegative"}[relation]
    for candidate in (value, sympy.factor(value), sympy.simplify(value)):
        if getattr(candidate, attribute) is True and not _wrong_sign_somewhere(value, relation):
            return {"kind": "kernel", "what": f"SymPy's assumptions: {attribute}"}
    return None


def _completed_square(value: sympy.Basic) -> sympy.Basic | None:
    """``a·x² + b·x + c``, for one real atom ``x``, written ``a·(x + b/2a)² + (c − b²/4a)``:
    a form whose terms show the sign (a square is ≥ 0); None for other shapes."""
    atoms = [a for a in value.free_symbols | value.atoms(sympy.Function)
             if a.is_extended_real and not any(a in o.args for o in value.atoms(sympy.Function))]
    for x in atoms:
        try:
            polynomial = sympy.Poly(value, x)
        except sympy.PolynomialError:
            continue
        if polynomial.degree() != 2:
            continue
        a, b, c = polynomial.all_coeffs()
        if not all(sympy.sympify(k).is_Rational for k in (a, b, c)):
            continue
        return sympy.Add(a * (x + b / (2 * a)) ** 2, c - b**2 / (4 * a), evaluate=False)
    return None


def _wrong_sign_somewhere(value: sympy.Basic, relation: Relation) -> bool:
    """Whether ``value`` breaks ``value relation 0`` at a sample point of its symbols'
    domains: SymPy's assumptions are trusted only where sampling does not contradict them."""
    symbols = value.free_symbols
    if not symbols or not all(isinstance(s, sympy.Symbol) for s in symbols):
        return False
    for point in _parameter_samples(symbols):
        number = sympy.N(value.xreplace(point), 30)
        if number.is_real and prove_sign(number, relation) is None:
            return True
    return False


def prove_nonzero(value: sympy.Basic, generators: Sequence[sympy.Basic],
                  nonzero: Sequence[sympy.Basic] = ()) -> dict | None:
    """A certificate that ``value ≠ 0`` wherever the generators vanish and the ``nonzero``
    values (facts ``v ≠ 0``) are non-zero, or None."""
    value = sympy.expand(value)
    if value.is_number:
        number = sympy.N(value, 60)
        if number.is_number and abs(number) > sympy.Float(10) ** -40:
            return {"kind": "nonzero", "value": certificates.dump(value), "cofactor": "",
                    "generators": [], "cofactors": []}
        return None
    for relation in (Relation.GT, Relation.LT):
        sign = prove_sign(value, relation)
        if sign is not None:
            return sign
    if _positive_real_part(value):
        return {"kind": "nonzero", "value": certificates.dump(value), "roots": True}
    for index, stated in enumerate(nonzero):  # a fact says so, up to sign
        for sign in (1, -1):
            if sympy.expand(value - sign * sympy.expand(stated)) == 0:
                return {"kind": "nonzero", "value": certificates.dump(value), "fact": index,
                        "sign": sign}
    if generators:
        numerator, _ = _numerator(value)
        witness = Givens.nullstellensatz(numerator, tuple(generators))
        if witness is not None:
            cofactor, cofactors = witness
            return {"kind": "nonzero", "value": certificates.dump(numerator),
                    "cofactor": certificates.dump(cofactor),
                    "generators": [certificates.dump(g) for g in generators],
                    "cofactors": [certificates.dump(c) for c in cofactors]}
    return None


# -- one relation between two sides ---------------------------------------------------------

def decide(lhs: sympy.Basic, relation: Relation, rhs: sympy.Basic,
           givens: Givens | None = None, proposal: Proposal | None = None) -> Verdict:
    """Decide ``lhs relation rhs`` exactly, under ``givens``, for scalars or matrices."""
    givens = givens or Givens()
    problem = ill_formed(lhs, rhs, *(side for _, side in givens.expressions()))
    if problem:
        return fail(problem)
    written = written_denominators(lhs) + written_denominators(rhs)
    for matrix in inverted(lhs) + inverted(rhs):
        if not matrix.atoms(sympy.MatrixSymbol) and all(sympy.sympify(d).is_Integer
                                                        for d in matrix.shape):
            written.append(sympy.ImmutableMatrix(matrix.as_explicit()).det())
        elif not invertible(matrix, givens):
            return fail(f"undecided: {matrix} is inverted, but no fact shows it invertible "
                        "(cite one such as P·M = I or det M ≠ 0)")
    written = [givens.rewrite_words(d) for d in written]
    rewritten = [givens.rewrite_words(side) for side in (lhs, rhs)]
    evaluated = [evaluate_holding_limits(side) for side in rewritten]
    settled = [givens.rewrite_words(side) for side in evaluated]
    # A rule applied if rewriting changed a side beyond multiplying it out (the rewriting is
    # done once, above; its results are compared, not recomputed).
    applied = bool(givens.rules) and (
        rewritten != [distribute(side) for side in (lhs, rhs)]
        or settled != [distribute(side) for side in evaluated])
    # What the re-checker needs to follow the claim to the entries decided: the rules the facts
    # gave (if one applies), the bounds' parametrisations, the limits' values, the difference a
    # proposal put in place of the claim's, and whether a reduction it cannot repeat was made.
    structure = {"rewritten": False,
                 "rules": [[certificates.dump(pattern), certificates.dump(replacement)]
                           for pattern, replacement in givens.rules]
                 if applied else [],
                 "substitutions": [[certificates.dump(atom), certificates.dump(replacement)]
                                   for atom, replacement in givens.slack],
                 "limits": []}
    lhs, rhs = (givens.substitute_bounds(side) for side in settled)
    obligations: list[dict] = []
    limits = []
    for side in (lhs, rhs):
        for limit in side.atoms(sympy.Limit) if isinstance(side, sympy.Basic) else ():
            verdict = evaluate_limit(limit)
            if not verdict.passed:
                return verdict
            limits.append((limit, verdict.structure["value"]))
            obligations += verdict.obligations
    if limits:
        structure["limits"] = [[certificates.dump(limit), value] for limit, value in limits]
        lhs, rhs = (side.xreplace({limit: certificates.load(value) for limit, value in limits})
                    for side in (lhs, rhs))
    problem = ill_formed(lhs, rhs)
    if problem:
        return fail(problem)
    if _infinite(lhs) or _infinite(rhs):
        verdict = _decide_infinite(lhs, relation, rhs, obligations)
        return Verdict(verdict.passed, verdict.detail, verdict.obligations,
                       dict(structure, infinite=True))
    words = Words()
    generators = givens.generators(words)
    nonzero = givens.stated_nonzero(words)
    for denominator in dict.fromkeys(written + denominators(lhs) + denominators(rhs)):
        proof = prove_nonzero(words.scalarise(denominator), generators, nonzero)
        if proof is None and denominator in written:  # as written, then within the bounds
            proof = prove_nonzero(words.scalarise(givens.substitute_bounds(denominator)),
                                  generators, nonzero)
        if proof is None:
            return fail(f"undecided: the denominator {denominator} is not proved non-zero "
                        "on the facts")
        obligations.append(proof)
    try:
        gap = difference(lhs, rhs)
    except TypeError as error:
        return fail(f"sides are not comparable: {error}")
    if proposal is not None:
        proposed = proposal(gap)
        check = decide_equal(gap, proposed, words, generators)
        if check is None:
            return fail("the rewrite's proposal is not proved equal to the difference")
        obligations += check
        gap = proposed
        structure["proposed"] = certificates.dump(proposed)
    symbolic_size = is_symbolic_matrix(gap) and any(
        not d.is_Integer for d in gap.shape)
    entries = [_normalise(words.scalarise(e)) for e in words.coefficients(gap)]
    # The scalar each 1×1 product, determinant or trace was named by, so that the re-checker
    # reads the facts' and the claim's words as the same polynomial variables.
    structure["words"] = [[certificates.dump(name), certificates.dump(word)]
                          for word, name in words.names.items()]
    if relation is Relation.EQ:
        lemmas: list[sympy.Basic] = []  # entries already shown to vanish on the facts
        for entry in entries:
            proof = prove_zero(entry, generators)
            if proof is not None and proof["kind"] == "kernel" and lemmas:
                proof = prove_zero(entry, [*generators, *lemmas]) or proof
            if proof is None:
                return Verdict(False, f"undecided: cannot show {entry} is zero"
                               if not _certainly_nonzero(entry) else "difference is non-zero")
            if proof["kind"] == "zero" and certificates.load(proof["entry"]) != 0:
                lemmas.append(certificates.load(proof["entry"]))
            obligations.append(proof)
        return Verdict(True, "difference is zero", tuple(obligations), structure)
    if relation is Relation.NE:
        verdict = _decide_ne(gap, entries, words, generators, symbolic_size, obligations)
        return Verdict(verdict.passed, verdict.detail, verdict.obligations,
                       {**structure, **verdict.structure})
    if len(entries) != 1 or isinstance(gap, sympy.MatrixBase) or is_symbolic_matrix(gap):
        return fail(f"an order relation {relation.symbol} needs scalar sides")
    value = sympy.expand(entries[0])
    if generators:
        reduced = givens.reduce_value(value, generators)
        structure["reduced"] = reduced != value  # by the facts: the re-checker must see it
        value = reduced
    proof = prove_sign(value, relation)
    if proof is None:
        if prove_sign(value, relation.negated) is not None:
            return fail(f"lhs − rhs = {value}: the claimed sign is false")
        return fail(f"undecided: cannot tell the sign of {value}")
    return Verdict(True, f"lhs − rhs = {value}", (*obligations, proof), structure)


def _certainly_nonzero(entry: sympy.Basic) -> bool:
    return prove_nonzero(entry, ()) is not None


def decide_equal(a: sympy.Basic, b: sympy.Basic, words: Words,
                 generators: Sequence[sympy.Basic]) -> list[dict] | None:
    """Obligations showing ``a = b`` (matrices entry by entry or word by word), or None.

    SymPy's own rewriting of special functions (Fibonacci numbers by Binet's formula,
    trigonometric functions as exponentials) is tried last, so the kernel can confirm a
    proposal that uses a known identity; such an obligation is ``kernel``.
    """
    try:
        gap = difference(a, b)
    except TypeError:
        return None
    found = []
    for entry in (_normalise(words.scalarise(e)) for e in words.coefficients(gap)):
        proof = prove_zero(entry, generators)
        if proof is None:
            proof = _equal_by_sympy_identities(entry)
        if proof is None:
            return None
        found.append(proof)
    return found


def _decide_ne(gap: sympy.Basic, entries: list[sympy.Basic], words: Words,
               generators: Sequence[sympy.Basic], symbolic_size: bool,
               obligations: list[dict]) -> Verdict:
    """``≠``: one entry proved non-zero; for symbolic size, a non-zero multiple of I only."""
    if symbolic_size:
        by_word = words.coefficients_by_word(gap)
        others = [c for w, c in by_word.items() if w != 1]
        if any(prove_zero(c, generators) is None for c in others):
            return fail("≠ between matrices of symbolic size is proved only for a non-zero "
                        "multiple of the identity: products of matrix symbols may be equal")
        identity = by_word.get(1, sympy.Integer(0))
        proof = prove_nonzero(identity, generators)
        if proof is None:
            return fail(f"undecided: the multiple {identity} of the identity is not proved "
                        "non-zero")
        return Verdict(True, "difference is a non-zero multiple of the identity",
                       (*obligations, proof), {"witness": "identity"})
    for index, entry in enumerate(entries):
        proof = prove_nonzero(entry, generators)
        if proof is not None:
            return Verdict(True, "difference is non-zero", (*obligations, proof),
                           {"witness": index})
    if all(prove_zero(entry, generators) is not None for entry in entries):
        return fail("difference is zero")
    return fail("undecided: no entry of the difference is proved non-zero on the facts")


def _equal_by_sympy_identities(entry: sympy.Basic) -> dict | None:
    """A ``kernel`` obligation if SymPy's equivalence-preserving transformations (real and
    imaginary parts, special functions rewritten as radicals and exponentials) take ``entry``
    to 0, else None."""
    if sympy.expand(entry, complex=True) == 0:
        return {"kind": "kernel", "what": "expansion into real and imaginary parts"}
    rewritten = entry.rewrite(sympy.sqrt).rewrite(sympy.exp)
    if sympy.simplify(sympy.expand(rewritten)) == 0 and counterexample(entry) is None:
        return {"kind": "kernel", "what": "simplify after rewriting special functions"}
    return None


def _infinite(side: sympy.Basic) -> bool:
    return isinstance(side, sympy.Basic) and side in (sympy.oo, -sympy.oo)


def _decide_infinite(lhs: sympy.Basic, relation: Relation, rhs: sympy.Basic,
                     obligations: list[dict]) -> Verdict:
    """A claim with ±∞ on one side: decided by comparing the extended reals, not by ∞ − ∞."""
    claims = {Relation.EQ: sympy.Eq, Relation.NE: sympy.Ne, Relation.LT: sympy.Lt,
              Relation.LE: sympy.Le, Relation.GT: sympy.Gt, Relation.GE: sympy.Ge}
    if _infinite(lhs) and _infinite(rhs):
        outcome = claims[relation](lhs, rhs)
    elif not (lhs.is_extended_real and rhs.is_extended_real):
        return fail(f"undecided: cannot compare {lhs} with {rhs}")
    else:
        outcome = claims[relation](lhs, rhs)
    if outcome not in (sympy.true, sympy.false):
        return fail(f"undecided: cannot compare {lhs} with {rhs}")
    return Verdict(bool(outcome), f"{lhs} {relation.symbol} {rhs} is {bool(outcome)}",
                   (*obligations, {"kind": "extended", "lhs": certificates.dump(lhs),
                                   "relation": relation.symbol, "rhs": certificates.dump(rhs)}))


# -- limits ----------------------------------------------------------------------------------

def evaluate_limit(limit: sympy.Limit) -> Verdict:
    """The value of ``limit``, confirmed by a second computation and by the sequence itself."""
    expression, variable, point = limit.args[0], limit.args[1], limit.args[2]
    direction = str(limit.args[3]) if len(limit.args) > 3 else "+"
    try:
        first = sympy.limit(expression, variable, point, direction)
    except (NotImplementedError, ValueError, TypeError) as error:
        return fail(f"undecided: the limit {limit} cannot be computed ({error})")
    if first is None or first.has(sympy.Limit, sympy.AccumBounds, sympy.nan, sympy.zoo):
        return fail(f"undecided: the limit {limit} does not exist or cannot be found")
    if point is not sympy.oo:
        return fail(f"undecided: only limits at infinity are confirmed, not {limit}")
    for sample in _parameter_samples(expression.free_symbols - {variable}):
        problem = _sampled_disagreement(expression.xreplace(sample), variable,
                                        first.xreplace(sample))
        if problem:
            where = ", ".join(f"{k} = {v}" for k, v in sample.items())
            return fail(problem + (f" (at {where})" if where else ""))
    return Verdict(True, f"limit is {first}",
                   ({"kind": "limit", "limit": certificates.dump(limit),
                     "value": certificates.dump(first)},),
                   {"value": certificates.dump(first)})


SAMPLE_VALUES = (sympy.Integer(1), sympy.Integer(2), sympy.Rational(1, 3), sympy.Integer(0),
                 sympy.Integer(3), sympy.Rational(1, 2), sympy.Integer(-1), sympy.Rational(-1, 2))


def _parameter_samples(symbols: set[sympy.Basic]) -> list[dict]:
    """Values of the other symbols, inside their declared domains and including the domain's
    edge 0 where it belongs to it (``r ≥ 1`` becomes ``1 + s`` with ``s ≥ 0``: ``s = 0`` is the
    case a limit formula is most often wrong at); none if a symbol has no value that fits."""
    ordered = sorted(symbols, key=str)
    choices = []
    for symbol in ordered:
        fitting = [v for v in SAMPLE_VALUES
                   if isinstance(symbol, sympy.Symbol) and in_domain(symbol, v)]
        if not fitting:
            return []
        choices.append(fitting)
    rows = max((len(fitting) for fitting in choices), default=1)
    return [{symbol: fitting[(row + index) % len(fitting)]
             for index, (symbol, fitting) in enumerate(zip(ordered, choices, strict=True))}
            for row in range(min(rows, 4))]


def _sampled_disagreement(expression: sympy.Basic, variable: sympy.Symbol,
                          value: sympy.Basic) -> str | None:
    """Why the sequence at large indices contradicts ``value`` (moves away from it, or does not
    grow towards an infinite one), or None.

    The sequence is evaluated in floating point at 50 digits (mpmath), never exactly: an
    exact ``F(10¹⁵)`` would not finish.
    """
    value = sympy.simplify(value) if value.has(sympy.oo, sympy.zoo, sympy.nan) else value
    if not (value.is_number and (value.is_finite or value in (sympy.oo, -sympy.oo))):
        return f"the computed limit is {value} here, not a number"
    with mpmath.workdps(50):
        try:
            function = sympy.lambdify(variable, expression, modules="mpmath", dummify=True)
            samples = [function(mpmath.mpf(point)) for point in LIMIT_SAMPLE_POINTS]
            if value in (sympy.oo, -sympy.oo):
                return _not_diverging(samples, int(sympy.sign(value)), variable)
            target = mpmath.mpmathify(sympy.N(value, 50))
            gaps = [abs(sample - target) for sample in samples]
        except (TypeError, ValueError, ZeroDivisionError, OverflowError, NameError):
            return f"undecided: the sequence {expression} cannot be evaluated to confirm its limit"
        if gaps[-1] > mpmath.mpf("1e-3") and gaps[-1] >= gaps[0]:
            return (f"the sequence at {variable} = {LIMIT_SAMPLE_POINTS[-1]} is "
                    f"{mpmath.nstr(samples[-1], 8)}, not near the computed limit {value}")
    return None


def _not_diverging(samples: list, sign: int, variable: sympy.Symbol) -> str | None:
    """Why real samples at growing indices do not move towards ``sign``·∞, or None."""
    if any(mpmath.im(s) != 0 for s in samples):
        return "undecided: the sequence is not real, so it cannot tend to ±∞"
    first, last = (sign * mpmath.re(s) for s in samples)
    if last > first and last > 1:
        return None
    return (f"the sequence at {variable} = {LIMIT_SAMPLE_POINTS[-1]} is "
            f"{mpmath.nstr(samples[-1], 8)}, not moving towards {'' if sign > 0 else '-'}∞")


# -- mechanisms over several claims ------------------------------------------------------------

def chain(ends_meet: Sequence[tuple[sympy.Basic, sympy.Basic, str]],
          relations: Sequence[Relation], claimed: Relation) -> Verdict:
    """``a R b`` from links whose ends meet exactly and whose relations compose to imply R."""
    obligations: list[dict] = []
    for left, right, where in ends_meet:
        verdict = decide(left, Relation.EQ, right)
        if not verdict.passed:
            return fail(f"the chain does not link up: {where} differ")
        obligations += verdict.obligations
    composed = compose(list(relations))
    if composed is None or not implies(composed, claimed):
        shown = composed.symbol if composed else "nothing"
        return fail(f"the links compose to {shown}, which does not give {claimed.symbol}")
    return Verdict(True, f"chain of {len(relations)} verified steps gives {composed.symbol}",
                   tuple(obligations),
                   {"relations": [r.symbol for r in relations], "claimed": claimed.symbol,
                    "links": len(relations)})


def instances(claim: Callable[[sympy.Basic], tuple[sympy.Basic, sympy.Basic, Givens]],
              variable: sympy.Symbol, values: Sequence[sympy.Basic], relation: Relation,
              proposal: Proposal | None) -> Verdict:
    """The claim at each value, with the value substituted into the facts too."""
    obligations: list[dict] = []
    parts = []
    for value in values:
        if not in_domain(variable, value):
            return fail(f"{variable} = {value} is outside {variable}'s declared domain "
                        f"({_assumptions(variable)})")
        lhs, rhs, givens = claim(value)
        verdict = decide(lhs, relation, rhs, givens, proposal)
        if not verdict.passed:
            return fail(f"fails at {variable} = {value}: {verdict.detail}")
        obligations += verdict.obligations
        parts.append(part({variable: value}, verdict))
    shown = ", ".join(str(value) for value in values)
    return Verdict(True, f"holds exactly at {variable} = {shown}", tuple(obligations),
                   {"variable": certificates.dump(variable), "parts": parts})


def part(at: dict, verdict: Verdict, **more: object) -> dict:
    """One claim a mechanism decided on the way (an instance, a base case, a side obeying a
    recurrence): where it was taken (``at``: variable → value), its obligations and
    structure, so the re-checker can derive that claim from the step's and bind them."""
    return {"at": [[certificates.dump(k), certificates.dump(v)] for k, v in at.items()],
            "obligations": list(verdict.obligations), "structure": verdict.structure, **more}


def _assumptions(symbol: sympy.Symbol) -> str:
    held = sorted(key for key, value in symbol.assumptions0.items() if value
                  and key not in ("commutative",))
    return ", ".join(held) or "no assumptions"


def induction_start(variable: sympy.Symbol, start: int) -> str | None:
    """Why an induction on ``variable`` cannot start at ``start``, or None."""
    if not variable.is_integer:
        return f"{variable} must be an integer symbol"
    if not in_domain(variable, sympy.Integer(start)):
        return (f"the start {start} is outside {variable}'s domain ({_assumptions(variable)}): "
                "the inductive step is proved only inside it")
    if (variable - start).is_nonnegative is not True:
        return (f"{variable} must be declared so that {variable} ≥ {start} (an integer symbol "
                "with matching assumptions)")
    return None


def facts_free_of(variable: sympy.Symbol, facts: Givens,
                  universal: Iterable[str] = ()) -> str | None:
    """Why the facts cannot be used across an induction on ``variable``, or None: a fact that
    mentions it holds at one value, unless it is stated for every value (``universal``, by
    label; its shifted copies are labelled ``label@…``)."""
    universal = set(universal)
    for label, expression in facts.expressions():
        if label.split("@")[0] in universal:
            continue
        if variable in _free(expression):
            return (f"fact {label!r} mentions {variable}: it holds for one {variable}, not at "
                    f"every step of an induction on it")
    return None


def _free(expression: sympy.Basic) -> set[sympy.Basic]:
    if isinstance(expression, sympy.MatrixBase):
        return set().union(*(e.free_symbols for e in expression))
    return set(expression.free_symbols) if isinstance(expression, sympy.Basic) else set()


def recurrence_template(recurrence: Callable[..., sympy.Basic], order: int,
                        like: sympy.Basic) -> tuple[sympy.Basic, tuple[sympy.Basic, ...]]:
    """The recurrence applied to fresh placeholders shaped like ``like``: a term in them,
    so that both sides obey the same function of values, whatever their written form."""
    if isinstance(like, sympy.MatrixBase | sympy.MatrixExpr):
        rows, cols = like.shape
        holes = tuple(sympy.MatrixSymbol(sympy.Dummy(f"previous{k}").name + f"_{id(like)}_{k}",
                                         rows, cols) for k in range(order))
    else:
        holes = tuple(sympy.Dummy(f"previous{k}") for k in range(order))
    return recurrence(*holes), holes


def fill(template: sympy.Basic, holes: Sequence[sympy.Basic],
         values: Sequence[sympy.Basic]) -> sympy.Basic:
    """``template`` with each placeholder replaced by its value, evaluated."""
    filled = template.xreplace(dict(zip(holes, values, strict=True)))
    return evaluate_holding_limits(filled)


NUMERIC_EXTRA_VALUES = (sympy.Rational(7, 19), sympy.Rational(-11, 23), sympy.Rational(29, 13),
                        sympy.Integer(7), sympy.Integer(-4), sympy.Integer(11))


def numeric(lhs: sympy.Basic, rhs: sympy.Basic, points: Sequence[dict], relation: Relation,
            digits: int) -> Verdict:
    """Both sides at each point, at ``digits`` and at ``digits + 20``: evidence, not proof.

    Three rules keep evidence from being fooled. The kernel adds points of its own (values no
    author chose, in each symbol's domain), so an identity true only at the chosen points
    fails. The gap must shrink as the precision grows (an identity's gap is rounding; a true
    difference, however tiny, stays), measured relative to the values. And ``≠`` is read
    only between closed numbers: a finite set of points cannot show two functions differ
    everywhere.
    """
    if relation not in (Relation.EQ, Relation.NE):
        return fail("numeric checks are for = and ≠ only")
    problem = ill_formed(lhs, rhs, *(v for point in points for v in point.values()))
    if problem:
        return fail(problem)
    free = sorted(_free(lhs) | _free(rhs), key=str)
    if relation is Relation.NE and free:
        return fail("a numeric ≠ is read only between closed numbers: points cannot show that "
                    f"two functions of {', '.join(map(str, free))} differ everywhere")
    everywhere = list(points) + _kernel_points(free)
    values = []
    for point in everywhere:
        coarse = [_evaluate(side.subs(point), digits) for side in (lhs, rhs)]
        fine = [_evaluate(side.subs(point), digits + 20) for side in (lhs, rhs)]
        if any(v is None for v in coarse + fine):
            return fail(f"does not evaluate to numbers at {point}")
        with mpmath.workdps(digits + 20):
            scale = max(1, *(abs(v) for v in fine[0]))
            drift = max(abs(a - b) for a, b in zip(coarse[0], fine[0], strict=True))
            gap = max(abs(a - b) for a, b in zip(*fine, strict=True))
            if drift > mpmath.mpf(10) ** (-(digits - 10)) * scale:
                return fail(f"at {point} the value is not stable between {digits} and "
                            f"{digits + 20} digits")
            agrees = gap <= mpmath.mpf(10) ** (-(digits + 10)) * scale
        if relation is Relation.EQ and not agrees:
            return fail(f"at {point} the sides differ by {mpmath.nstr(gap, 5)}")
        if relation is Relation.NE and agrees:
            return fail(f"at {point} the sides agree to {digits + 10} digits")
        values.append([mpmath.nstr(v, digits - 10) for v in coarse[0]])
    return Verdict(True, f"agrees to {digits + 10} digits at {len(everywhere)} points, "
                         f"{len(everywhere) - len(points)} of them the kernel's",
                   ({"kind": "kernel", "what": "numeric evidence"},), {"values": values})


def _kernel_points(symbols: Sequence[sympy.Basic]) -> list[dict]:
    """Two points no author chose: values in each symbol's declared domain."""
    choices = []
    for symbol in symbols:
        fitting = [v for v in NUMERIC_EXTRA_VALUES
                   if isinstance(symbol, sympy.Symbol) and in_domain(symbol, v)]
        choices.append(fitting or [sympy.Integer(1)])
    if not symbols:
        return []
    return [{symbol: fitting[(row + index) % len(fitting)]
             for index, (symbol, fitting) in enumerate(zip(symbols, choices, strict=True))}
            for row in range(2)]


def _evaluate(expression: sympy.Basic, digits: int) -> list[mpmath.mpc] | None:
    """Each entry of ``expression`` as an mpmath complex at ``digits``, or None if one is not a
    finite number."""
    values = []
    entries = list(expression) if isinstance(expression, sympy.MatrixBase) else [expression]
    with mpmath.workdps(digits):
        for entry in entries:
            number = sympy.N(entry, digits)
            if not number.is_number or number.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
                return None
            real, imaginary = number.as_real_imag()
            values.append(mpmath.mpc(mpmath.mpf(str(real)), mpmath.mpf(str(imaginary))))
    return values
