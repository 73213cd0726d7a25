"""The independent re-checker: certificates checked again with expansion and exact arithmetic only.

De Bruijn's criterion, as in LCF-style provers: a verdict is trusted because a second, much
smaller program confirms the evidence the kernel recorded. This package imports neither the
kernel nor the checks, the rewriting or the reduction it uses, and calls no ``simplify``,
``limit``, Gröbner basis or assumption inference: only :func:`sympy.expand`, exact
rational arithmetic, and evaluation of closed numbers to many digits.

What it re-checks, by obligation kind (see :mod:`derivations.engine.certificates`):

- ``zero``: ``entry − Σ cᵢ·gᵢ`` expands to 0, and each ``gᵢ`` is a generator the claim's own
  facts give (recomputed here from the facts, not read from the certificate);
- ``nonzero``: ``1 − c·v − Σ cᵢ·gᵢ`` expands to 0, or ``v`` is a number whose value is not 0,
  or ``v`` is ± the difference of a fact ``a ≠ b`` the claim lists;
- ``sign``: a closed number with the claimed sign, or a quotient whose numerator's and
  denominator's coefficients all have one sign over atoms declared positive;
- ``limit``: the sequence, evaluated here with mpmath at two large indices for values of its
  other symbols chosen here, moves to the recorded value;
- ``extended``: a comparison with ±∞, decided here among the extended reals;
- ``kernel``: cannot be re-checked here; counted as such.

Definitions it applies itself, never SymPy's closed forms: a power with a symbolic exponent
stays a power (``Aⁿ⁺¹ = Aⁿ·A``), an inverse cancels only with a fact ``det B ≠ 0``, Fibonacci
numbers reduce by their recurrence, ``|z|²ᵏ = (z·z̄)ᵏ``, a rational's powers go over primes, a
sum of Kronecker's delta over a whole index range picks its term, and 1×1 products of matrices
are scalars under the names the kernel recorded (checked: fresh, one meaning each). Within one
claim, an entry once shown to vanish may serve the entries after it.

Valid obligations are not enough: they must be *about the claim* (a certificate for
``x − 2 = 0`` proves nothing about ``x = 1``). So the claim is followed here, from its own
sides, to what was decided: each bound's parametrisation is checked against the fact it
comes from, the sides are evaluated (:meth:`~sympy.Basic.doit`), limits replaced by their
certified values, and every entry of the difference must be matched by an obligation (each
denominator too, by a proof that it is not 0). An instance is the claim at its value; an
induction's parts are the claim at its base cases and the recurrence, applied here to the
claim's sides, that both sides obey; a chain's links are the facts it cites, which must meet
end to end and compose to the claimed relation; an induction in step form cites the claim at
``n`` and at ``n + 1``. What cannot be followed here (SymPy's closed form of a matrix power,
real and imaginary parts, a reduction beyond one fact) leaves the step the kernel's alone:
valid, never trusted from a cache.

Its modules, each importing only those before it: :mod:`.outcome` (what a re-check concludes),
:mod:`.words` (matrices of symbolic size as words), :mod:`.signs` (signs by declaration or
definition), :mod:`.limits` (a limit seen numerically), :mod:`.forms` (normal forms by
definitions), :mod:`.facts` (relations as the entries they make vanish), :mod:`.obligations`
(one leaf obligation), :mod:`.parts` (the claims a mechanism decided), :mod:`.rules` (the word
rules a part's facts give) and :mod:`.following` (each part followed to its obligations); this
module re-checks a step with them. Names with a leading underscore are private to the package.
"""

from __future__ import annotations

import functools
import json
from dataclasses import replace

import sympy

from derivations.engine import certificates
from derivations.engine.recheck.facts import _fact_generators
from derivations.engine.recheck.following import _follows
from derivations.engine.recheck.obligations import obligation
from derivations.engine.recheck.outcome import Outcome, Rejected
from derivations.engine.recheck.parts import Part, _chain_gives, _parts

__all__ = ["Outcome", "Rejected", "step"]


def step(certificate: dict) -> Outcome:
    """Re-check one step's certificate; :class:`Rejected` if any part of it is wrong or
    unreadable. A certificate with the same content is re-checked once per process (``verify``
    re-checks a kept verdict before reusing it, then counts it in its summary)."""
    try:
        return _remembered(json.dumps(certificate, sort_keys=True))
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise Rejected(f"unreadable certificate ({error})") from error


@functools.lru_cache(maxsize=4096)
def _remembered(content: str) -> Outcome:
    return _step(json.loads(content))


def _step(certificate: dict) -> Outcome:
    if not isinstance(certificate, dict) or not isinstance(certificate.get("claim"), dict):
        raise Rejected("not a certificate: no claim")
    label = str(certificate.get("label", "?"))
    claim = certificate["claim"]
    if not isinstance(certificate.get("obligations"), list):
        raise Rejected(f"{label}: no list of obligations")
    structure = certificate.get("structure") or {}
    if certificate.get("mechanism") == "chain":
        relations = structure.get("relations", [])
        if not _chain_gives(relations, claim.get("relation", "")):
            raise Rejected(f"{label}: the chain's relations {relations} do not give "
                           f"{claim.get('relation')}")
    parts = _parts(certificate)
    facts = set().union(_fact_generators(claim), *(part.generators for part in parts or ()))
    nonzero = set().union(*(part.nonzero for part in parts or ()))
    kernel_only, confirmed = [], set()
    for item in certificate["obligations"]:
        if not obligation(item, claim, facts, nonzero):
            kernel_only.append(item.get("what", item.get("kind", "?")))
            continue
        confirmed.add(json.dumps(item, sort_keys=True))
        if item.get("kind") == "zero" and certificate.get("mechanism") == "symbolic":
            # an entry shown to vanish on the facts may serve the step's later entries (within
            # one claim: an instance's or a base case's facts are not another's)
            facts = facts | {sympy.expand(certificates.load(item["entry"]))}
    if kernel_only and parts is not None and certificate.get("mechanism") != "chain":
        # what the kernel could only settle with its own tools may still be settled here: each
        # part followed to 0 by the re-checker's evaluation and the obligations confirmed above
        if _follows(certificate, _confirmed_only(parts, confirmed)):
            return Outcome(label, True, ())
        return Outcome(label, False, tuple(kernel_only))
    if not kernel_only and not _follows(certificate, parts):
        kernel_only.append("the claim is not followed to its obligations here")
    return Outcome(label, not kernel_only, tuple(kernel_only))


def _confirmed_only(parts: list[Part], confirmed: set[str]) -> list[Part]:
    """The parts with only the obligations re-checked here: a kernel-only one proves nothing."""
    return [replace(part, obligations=[
        item for item in part.obligations if json.dumps(item, sort_keys=True) in confirmed])
        for part in parts]
