"""The trusted kernel: every verdict of the engine is decided here, and nowhere else.

Everything outside this module (a step's ``rewrite=``, display forms, the tactics in
:mod:`derivations.engine.checks`, the rewriting and reduction helpers in
:mod:`~derivations.engine.givens` and :mod:`~derivations.engine.algebra`, the searches in
:mod:`~derivations.engine.search`) may only *propose*. Each verdict carries a certificate
(:mod:`derivations.engine.certificates`) that :mod:`derivations.engine.recheck` re-checks
without importing this module. A passing :class:`Verdict` is made only here.

What the kernel trusts beneath it, each module one job and read by its rules below:
:mod:`~derivations.engine.wellformed` (what a claim may contain; the denominators and inverses
it writes), :mod:`~derivations.engine.normal` (definitions applied before comparing),
:mod:`~derivations.engine.signs` (signs read from declarations and definitions) and
:mod:`~derivations.engine.sampling` (evaluation at points, which can only refute). What it does
not trust: cofactors, Nullstellensatz witnesses and factored or completed-square forms
proposed by a search are accepted only when they expand, here, to what they claim.

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
  with cofactors ``entry = Σ cᵢ·gᵢ`` (found by division, or solved for at bounded degree,
  and confirmed by expansion here), which the certificate records. Sines and cosines of
  sums are expanded and the identities ``sin² + cos² = 1``, ``cosh² − sinh² = 1`` of the
  entry's own arguments join the facts.
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

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import mpmath
import sympy
from sympy.polys.polyerrors import BasePolynomialError

from derivations.engine import certificates, search
from derivations.engine.algebra import Words, difference, distribute, is_symbolic_matrix
from derivations.engine.derivation import evaluate_holding_limits
from derivations.engine.givens import Givens
from derivations.engine.normal import (
    normal_form,
    numerator_and_denominator,
    pythagorean_identities,
    trigonometric_form,
)
from derivations.engine.relation import Relation, compose, implies
from derivations.engine.sampling import (
    evaluate_entries,
    kernel_points,
    parameter_samples,
    sampled_disagreement,
)
from derivations.engine.signs import positive_real_part, signed
from derivations.engine.wellformed import (
    denominators,
    ill_formed,
    in_domain,
    inverted,
    invertible,
    written_denominators,
)

Proposal = Callable[[sympy.Basic], sympy.Basic]


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


def conclude(detail: str, parts: Sequence[Verdict], structure: dict | None = None) -> Verdict:
    """What a mechanism concludes from claims the kernel decided: it passes only if every part
    passed, and its certificate holds every part's obligations. Tactics assemble the parts;
    only this function (and the deciding functions here) makes a passing verdict of them."""
    for verdict in parts:
        if not verdict.passed:
            return fail(verdict.detail)
    return Verdict(True, detail, tuple(o for verdict in parts for o in verdict.obligations),
                   structure or {})


# -- leaves: one entry, one certificate, confirmed here ------------------------------------

def _zero_certificate(entry: sympy.Basic, generators: Sequence[sympy.Basic],
                      cofactors: Sequence[sympy.Basic] | None, **more: object) -> dict | None:
    """The certificate ``entry = Σ cᵢ·gᵢ`` if the proposed cofactors make it true by expansion
    (the search that found them is not trusted), else None."""
    if cofactors is None or len(cofactors) != len(generators):
        return None
    if sympy.expand(entry - sum((c * g for c, g in zip(cofactors, generators, strict=True)),
                                sympy.Integer(0))) != 0:
        return None
    used = [(g, c) for g, c in zip(generators, cofactors, strict=True) if c != 0]
    return {"kind": "zero", "entry": certificates.dump(entry), **more,
            "generators": [certificates.dump(g) for g, _ in used],
            "cofactors": [certificates.dump(c) for _, c in used]}


def prove_zero(entry: sympy.Basic, generators: Sequence[sympy.Basic]) -> dict | None:
    """A certificate that ``entry`` vanishes wherever the ``generators`` do, or None."""
    numerator, _ = numerator_and_denominator(entry)
    if numerator == 0:
        return _zero_certificate(numerator, [], [])
    if generators:
        proof = (_zero_certificate(numerator, generators,
                                   search.cofactors_by_division(numerator, generators))
                 or _zero_certificate(numerator, generators,
                                      search.bounded_cofactors(numerator, generators)))
        if proof is not None:
            Givens.check_consistent(tuple(generators))
            return proof
        try:
            if Givens.in_ideal(numerator, tuple(generators)):
                return {"kind": "kernel", "what": "ideal membership by a Gröbner basis"}
        except BasePolynomialError:
            pass  # atoms that are not polynomial variables: the facts cannot be used here
    by_identities = _zero_by_identities(numerator, generators)
    if by_identities is not None:
        return by_identities
    if sympy.cancel(numerator) == 0 or sympy.simplify(numerator) == 0:
        if search.counterexample(numerator) is not None:
            return None  # simplify erred: the entry is not zero at a point of its domain
        return {"kind": "kernel", "what": "simplify"}
    return None


def _zero_by_identities(numerator: sympy.Basic, generators: Sequence[sympy.Basic]
                        ) -> dict | None:
    """A certificate that ``numerator`` vanishes by the facts and the Pythagorean identities
    ``sin²u + cos²u = 1``, ``cosh²u − sinh²u = 1`` of the arguments it holds, with cofactors."""
    if not numerator.has(sympy.sin, sympy.cos, sympy.sinh, sympy.cosh, sympy.tanh):
        return None
    entry = trigonometric_form(numerator)
    if entry == 0:
        return _zero_certificate(entry, [], [], identities=True)
    every = [*generators, *pythagorean_identities(entry)]
    if len(every) == len(generators):
        return None
    return _zero_certificate(entry, every, search.bounded_cofactors(entry, every, most=2),
                             identities=True)


def prove_sign(value: sympy.Basic, relation: Relation) -> dict | None:
    """A certificate that ``value`` has the sign ``value relation 0`` claims, or None."""
    wanted = relation.direction  # +1 for > and ≥, −1 for < and ≤
    found = {"kind": "sign", "value": certificates.dump(value), "relation": relation.symbol}
    if value.is_number:
        number = sympy.N(value, 60)
        if number.is_real and (number > 0 if wanted > 0 else number < 0):
            return found
        return found if not relation.strict and value == 0 else None
    numerator, denominator = sympy.fraction(sympy.together(sympy.expand(value)))
    for sign_numerator in (wanted, -wanted):
        if (signed(numerator, sign_numerator, relation.strict)
                and signed(denominator, sign_numerator * wanted, True)):
            return found
    for form in (sympy.factor(numerator), search.completed_square(sympy.expand(numerator))):
        if form is None or sympy.expand(form - numerator) != 0:
            continue  # a proposed form is read only if it is the numerator
        for sign_numerator in (wanted, -wanted):
            if (signed(form, sign_numerator, relation.strict, expand=False)
                    and signed(denominator, sign_numerator * wanted, True)):
                return dict(found, numerator=certificates.dump(form))
    attribute = {Relation.LT: "is_negative", Relation.LE: "is_nonpositive",
                 Relation.GT: "is_positive", Relation.GE: "is_nonnegative"}[relation]
    for candidate in (value, sympy.factor(value), sympy.simplify(value)):
        if getattr(candidate, attribute) is True and not _wrong_sign_somewhere(value, relation):
            return {"kind": "kernel", "what": f"SymPy's assumptions: {attribute}"}
    return None


def _wrong_sign_somewhere(value: sympy.Basic, relation: Relation) -> bool:
    """Whether ``value`` breaks ``value relation 0`` at a sample point of its symbols'
    domains: SymPy's assumptions are trusted only where sampling does not contradict them."""
    symbols = value.free_symbols
    if not symbols or not all(isinstance(s, sympy.Symbol) for s in symbols):
        return False
    for point in parameter_samples(symbols):
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
    if positive_real_part(value):
        return {"kind": "nonzero", "value": certificates.dump(value), "roots": True}
    for index, stated in enumerate(nonzero):  # a fact says so, up to sign
        for sign in (1, -1):
            if sympy.expand(value - sign * sympy.expand(stated)) == 0:
                return {"kind": "nonzero", "value": certificates.dump(value), "fact": index,
                        "sign": sign}
    if generators:
        numerator, _ = numerator_and_denominator(value)
        witness = Givens.nullstellensatz(numerator, tuple(generators))
        if witness is not None and sympy.expand(  # 1 = c·v + Σ cᵢ·gᵢ, by expansion here
                1 - witness[0] * numerator
                - sum((c * g for c, g in zip(witness[1], generators, strict=True)),
                      sympy.Integer(0))) == 0:
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
    entries = [normal_form(words.scalarise(e)) for e in words.coefficients(gap)]
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
    for entry in (normal_form(words.scalarise(e)) for e in words.coefficients(gap)):
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
    if sympy.simplify(sympy.expand(rewritten)) == 0 and search.counterexample(entry) is None:
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
    for sample in parameter_samples(expression.free_symbols - {variable}):
        problem = sampled_disagreement(expression.xreplace(sample), variable,
                                        first.xreplace(sample))
        if problem:
            where = ", ".join(f"{k} = {v}" for k, v in sample.items())
            return fail(problem + (f" (at {where})" if where else ""))
    return Verdict(True, f"limit is {first}",
                   ({"kind": "limit", "limit": certificates.dump(limit),
                     "value": certificates.dump(first)},),
                   {"value": certificates.dump(first)})



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
    everywhere = list(points) + kernel_points(free)
    values = []
    for point in everywhere:
        coarse = [evaluate_entries(side.subs(point), digits) for side in (lhs, rhs)]
        fine = [evaluate_entries(side.subs(point), digits + 20) for side in (lhs, rhs)]
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


