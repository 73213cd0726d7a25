"""What a derivation is: frozen data that the checker, the site and the animations all read.

A derivation never decides anything on construction; it only records claims and
refuses malformed ones (a step whose two displayed sides are the same formula, a
definition no step reads, a citation of a step that comes later). Deciding the
claims is the job of :mod:`derivations.engine.checks`, so that a page can be
rendered without paying for verification and a test can verify without rendering.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import sympy

from derivations.engine.algebra import is_held_power
from derivations.engine.hypothesis import Assumption, Hypothesis
from derivations.engine.latex import textbook_latex
from derivations.engine.relation import Relation
from derivations.engine.text import check_label, check_prose

if TYPE_CHECKING:
    from derivations.engine.checks import Check

__all__ = ["Derivation", "Fact", "Relation", "Step"]


@dataclass(frozen=True)
class Fact:
    """A relation a check may use: a hypothesis, or an earlier step (already verified)."""

    label: str
    lhs: sympy.Basic
    relation: Relation
    rhs: sympy.Basic
    every: tuple[sympy.Symbol, ...] = ()


@dataclass(frozen=True)
class Step:
    """One claim ``lhs <relation> rhs``, why a reader should believe it, and its check.

    ``given`` names the hypotheses and earlier steps the check may use. Where
    SymPy's printing of a side is not what a person would write, ``display_lhs``
    or ``display_rhs`` gives the textbook form; the verifier proves each equal to
    its side, so the formula shown is the formula checked. ``still_true`` says,
    for a perturbation of this step that stays true (see
    :mod:`derivations.engine.mutation`), why it does.
    """

    label: str
    lhs: sympy.Basic
    rhs: sympy.Basic
    reason: str
    check: Check
    relation: Relation = Relation.EQ
    given: tuple[str, ...] = ()
    display_lhs: sympy.Basic | None = None
    display_rhs: sympy.Basic | None = None
    still_true: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_label(self.label, "label")
        if not self.reason.strip() or "\n" in self.reason.strip():
            raise ValueError(f"reason of step {self.label!r}: expected one non-empty line")
        check_prose(self.reason, f"reason of step {self.label!r}")
        if isinstance(self.given, str):
            raise TypeError(f"given of step {self.label!r}: expected a tuple of labels, "
                            f"got the string {self.given!r}")
        for side in ("lhs", "rhs", "display_lhs", "display_rhs"):
            value = getattr(self, side)
            if side.startswith("display") and value is None:
                continue
            if not isinstance(value, sympy.Basic | sympy.MatrixBase):
                raise TypeError(
                    f"{side} of step {self.label!r}: expected a SymPy expression or matrix, "
                    f"got {type(value).__name__}"
                )
        shown = self.lhs_latex(), self.rhs_latex()
        if shown[0] == shown[1]:
            raise ValueError(
                f"step {self.label!r} displays the same formula on both sides ({shown[0]}): "
                "a step must say something; give a display form or state the claim itself"
            )

    @property
    def shown_lhs(self) -> sympy.Basic:
        """The left side as the page shows it."""
        return self.lhs if self.display_lhs is None else self.display_lhs

    @property
    def shown_rhs(self) -> sympy.Basic:
        """The right side as the page shows it."""
        return self.rhs if self.display_rhs is None else self.display_rhs

    def lhs_latex(self) -> str:
        """The left side as the page shows it; a display form keeps its written order."""
        return textbook_latex(self.shown_lhs, ordered=self.display_lhs is not None)

    def rhs_latex(self) -> str:
        """The right side as the page shows it; a display form keeps its written order."""
        return textbook_latex(self.shown_rhs, ordered=self.display_rhs is not None)

    def latex(self) -> str:
        """The claim as the page shows it, in one LaTeX formula."""
        return f"{self.lhs_latex()} {self.relation.latex} {self.rhs_latex()}"


@dataclass(frozen=True, kw_only=True)
class Derivation:
    """A theorem: a statement, its hypotheses, the steps that prove it, and its source.

    ``definitions`` maps the symbols the steps are written in (``F``, ``φ``) to
    their concrete meaning (a matrix, a number): steps display the symbols,
    checks substitute the definitions, animations read the numbers from them,
    and the page lists them, so all four use one value. ``conclusion`` names
    the step that *is* the theorem (default: the last). ``claims_every_size``
    says the statement is for matrices of every size; if its conclusion is
    checked only at a fixed size, ``fixed_size_because`` must say why.
    ``uses`` names the other derivations whose *results* this one relies on
    (a rewrite by Binet's formula, "by the previous theorem"): its conclusion
    is only as broad as theirs (see :mod:`derivations.engine.dependencies`).
    """

    title: str
    source: str
    statement: str
    hypotheses: tuple[Hypothesis | Assumption, ...]
    steps: tuple[Step, ...]
    slug: str = ""  # the builder's name, given by the registry (derivations.engine.registry)
    chapter: int = 0  # the chapter whose package registers it, given by the registry
    definitions: Mapping[sympy.Basic, sympy.Basic] = field(default_factory=dict)
    conclusion: str = ""
    claims_every_size: bool = False
    fixed_size_because: str = ""
    uses: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.slug:  # unset until the registry names it after its builder
            check_label(self.slug, "slug")
        if not isinstance(self.uses, tuple):
            raise TypeError(f"uses of {self.slug!r}: expected a tuple of slugs, got "
                            f"{type(self.uses).__name__} {self.uses!r}")
        for used in self.uses:
            if not isinstance(used, str):
                raise TypeError(f"uses of {self.slug!r}: expected slugs, got {used!r}")
            check_label(used, f"uses of {self.slug!r}")
        if self.slug in self.uses:
            raise ValueError(f"uses of {self.slug!r}: a derivation cannot use its own result")
        if len(set(self.uses)) != len(self.uses):
            raise ValueError(f"uses of {self.slug!r}: a slug is named twice in {self.uses!r}")
        check_prose(self.title, f"title of {self.slug!r}")
        if "$" in self.title:
            raise ValueError(f"title of {self.slug!r}: a title is a heading and a table-of-"
                             f"contents entry; say it in words, without math: {self.title!r}")
        if not self.statement.strip():
            raise ValueError(f"statement of {self.slug!r}: expected the theorem in words")
        check_prose(self.statement, f"statement of {self.slug!r}")
        if self.fixed_size_because:
            check_prose(self.fixed_size_because, f"fixed_size_because of {self.slug!r}")
        if not self.steps:
            raise ValueError(f"steps of {self.slug!r}: a derivation needs at least one step")
        for hypothesis in self.hypotheses:
            if not isinstance(hypothesis, Hypothesis | Assumption):
                raise TypeError(
                    f"hypotheses of {self.slug!r}: expected Hypothesis or Assumption, got "
                    f"{type(hypothesis).__name__} {hypothesis!r}"
                )
        labels = [h.label for h in self.hypotheses if isinstance(h, Hypothesis)]
        labels += [step.label for step in self.steps]
        duplicates = sorted({label for label in labels if labels.count(label) > 1})
        if duplicates:
            raise ValueError(f"steps and hypotheses of {self.slug!r}: duplicate labels "
                             f"{duplicates}")
        self._check_citations()
        self._check_definitions_are_read()
        if self.conclusion:
            self.step(self.conclusion)
        undischarged = self.local_dependencies(self.conclusion_step.label)
        if undischarged:
            raise ValueError(
                f"conclusion of {self.slug!r} rests on the local hypotheses {sorted(undischarged)}"
                " that no induction discharges"
            )

    # -- structure -----------------------------------------------------------------------

    @property
    def conclusion_step(self) -> Step:
        """The step that states the theorem."""
        return self.step(self.conclusion) if self.conclusion else self.steps[-1]

    @property
    def checked_hypotheses(self) -> tuple[Hypothesis, ...]:
        return tuple(h for h in self.hypotheses if isinstance(h, Hypothesis))

    @property
    def assumptions(self) -> tuple[Assumption, ...]:
        return tuple(h for h in self.hypotheses if isinstance(h, Assumption))

    def step(self, label: str) -> Step:
        """The step called ``label``; a KeyError lists the labels that exist."""
        for candidate in self.steps:
            if candidate.label == label:
                return candidate
        labels = [s.label for s in self.steps]
        raise KeyError(f"{self.slug!r} has no step {label!r}; steps: {labels}")

    def hypothesis(self, label: str) -> Hypothesis:
        """The checked hypothesis called ``label``."""
        for candidate in self.checked_hypotheses:
            if candidate.label == label:
                return candidate
        labels = [h.label for h in self.checked_hypotheses]
        raise KeyError(f"{self.slug!r} has no hypothesis {label!r}; hypotheses: {labels}")

    def number(self, label: str) -> str:
        """How the page refers to a step or hypothesis: ``(3)`` or ``(H2)``."""
        for index, step in enumerate(self.steps, start=1):
            if step.label == label:
                return f"({index})"
        for index, hypothesis in enumerate(self.checked_hypotheses, start=1):
            if hypothesis.label == label:
                return f"(H{index})"
        raise KeyError(f"{self.slug!r} has no step or hypothesis {label!r}")

    def fact(self, label: str) -> Fact:
        """The relation a check may use under ``label``: a hypothesis or a step."""
        for hypothesis in self.checked_hypotheses:
            if hypothesis.label == label:
                return Fact(label, hypothesis.lhs, hypothesis.relation, hypothesis.rhs,
                            hypothesis.every)
        step = self.step(label)
        return Fact(label, step.lhs, step.relation, step.rhs)

    def cited(self, step: Step) -> tuple[str, ...]:
        """Every label ``step`` relies on: its ``given`` and the steps its check cites."""
        return tuple(step.given) + tuple(step.check.cites())

    def local_dependencies(self, label: str) -> set[str]:
        """The local hypotheses the step ``label`` rests on, after inductions discharge theirs."""
        hypothesis_labels = {h.label: h for h in self.checked_hypotheses}
        if label in hypothesis_labels:
            return {label} if hypothesis_labels[label].local else set()
        step = self.step(label)
        found: set[str] = set()
        for cited in self.cited(step):
            found |= self.local_dependencies(cited)
        return found - set(step.check.discharges())

    def hypotheses_beneath(self, label: str) -> set[str]:
        """Every hypothesis the step or hypothesis ``label`` rests on, through the steps it
        cites."""
        if label in {h.label for h in self.checked_hypotheses}:
            return {label}
        found: set[str] = set()
        for cited in self.cited(self.step(label)):
            found |= self.hypotheses_beneath(cited)
        return found

    def _check_citations(self) -> None:
        hypothesis_labels = {h.label for h in self.checked_hypotheses}
        earlier: set[str] = set()
        for step in self.steps:
            for label in self.cited(step):
                if label not in hypothesis_labels and label not in earlier:
                    raise ValueError(
                        f"step {step.label!r} of {self.slug!r} cites {label!r}, which is neither "
                        f"a hypothesis nor an earlier step; hypotheses: "
                        f"{sorted(hypothesis_labels)}, earlier steps: {sorted(earlier)}"
                    )
            earlier.add(step.label)

    def _check_definitions_are_read(self) -> None:
        written = list(self._written_expressions())
        read: set[sympy.Basic] = set()
        for expression in written:
            read |= _symbols_of(expression)
        # A key that is not a symbol (``σ(x)``) is read where it occurs as a subexpression.
        read |= {key for key in self.definitions if not isinstance(key, sympy.Symbol)
                 and any(_has(expression, key) for expression in written)}
        frontier = list(read)
        while frontier:
            symbol = frontier.pop()
            if symbol in self.definitions:
                for inner in _symbols_of(self.definitions[symbol]) - read:
                    read.add(inner)
                    frontier.append(inner)
        unread = sorted(str(symbol) for symbol in self.definitions if symbol not in read)
        if unread:
            raise ValueError(
                f"definitions of {self.slug!r} that no step or hypothesis reads: {unread}; "
                "the page would show a value no check uses"
            )

    def _written_expressions(self) -> Iterable[sympy.Basic]:
        for step in self.steps:
            yield step.lhs
            yield step.rhs
            yield step.shown_lhs
            yield step.shown_rhs
            yield from step.check.reads()
        for hypothesis in self.checked_hypotheses:
            yield hypothesis.lhs
            yield hypothesis.rhs

    # -- values --------------------------------------------------------------------------

    def value(self, name: str) -> sympy.Basic:
        """The exact value defined for the symbol called ``name`` (for animations and pages)."""
        for symbol, value in self.definitions.items():
            if str(symbol) == name:
                return value
        known = sorted(str(symbol) for symbol in self.definitions)
        raise KeyError(f"{self.slug!r} defines no symbol {name!r}; defined: {known}")

    def concrete(self, expression: sympy.Basic) -> sympy.Basic:
        """``expression`` with defined symbols replaced by their values and matrix algebra done
        (limits are left for the checks, which evaluate them once their facts apply)."""
        return evaluate_holding_limits(self.substitute(expression))

    def substitute(self, expression: sympy.Basic) -> sympy.Basic:
        """``expression`` with defined symbols replaced by their values, nothing evaluated.

        Values may mention other defined symbols (Q is written with φ and ψ), so
        substitution repeats until nothing defined is left; identities of a fixed
        size become explicit so that determinants and products evaluate. Nothing is
        evaluated yet, so a fact such as ``QᵀQ = I`` can still rewrite ``det(QᵀQ)``.
        """
        for _ in range(len(self.definitions) + 1):
            replaced = expression.xreplace(dict(self.definitions))
            if replaced == expression:
                break
            expression = replaced
        else:
            raise ValueError(f"definitions of {self.slug!r} refer to each other in a cycle")
        return expression.replace(
            lambda node: isinstance(node, sympy.Identity) and node.rows.is_Integer,
            lambda node: sympy.ImmutableMatrix.eye(node.rows),
        )


def evaluate_holding_limits(expression: sympy.Basic) -> sympy.Basic:
    """``expression.doit()``, except that limits and symbolic powers of explicit matrices stay
    unevaluated (their insides evaluated).

    A limit often depends on a fact a check has yet to apply (``0 < r < 1`` for
    ``n rⁿ⁻¹ → 0``); the checks evaluate limits after applying the facts.
    """
    if not isinstance(expression, sympy.Basic):
        return expression
    expression = expression.replace(  # det(Bⁿ) = (det B)ⁿ: the determinant is multiplicative
        lambda node: isinstance(node, sympy.Determinant) and isinstance(node.args[0], sympy.MatPow)
        and is_held_power(node.args[0]),
        lambda node: sympy.Determinant(node.args[0].args[0]) ** node.args[0].args[1])
    limits = list(expression.atoms(sympy.Limit))
    powers = [p for p in expression.atoms(sympy.MatPow) if is_held_power(p)]
    if not limits and not powers:
        return expression.doit()
    held = {limit: sympy.Dummy("held_limit") for limit in limits}
    held |= {power: sympy.MatrixSymbol(sympy.Dummy("held_power"), *power.shape)
             for power in powers}
    evaluated = expression.xreplace(held).doit()
    restored = {
        placeholder: sympy.Limit(evaluate_holding_limits(limit.args[0]), *limit.args[1:])
        if isinstance(limit, sympy.Limit) else
        sympy.MatPow(evaluate_holding_limits(limit.args[0]), limit.args[1])
        for limit, placeholder in held.items()
    }
    return evaluated.xreplace(restored)


def _has(expression: sympy.Basic, part: sympy.Basic) -> bool:
    if isinstance(expression, sympy.MatrixBase):
        return any(entry.has(part) for entry in expression)
    return expression.has(part)


def _symbols_of(expression: sympy.Basic) -> set[sympy.Basic]:
    """Free symbols and matrix symbols of ``expression`` (a matrix's entries included)."""
    if isinstance(expression, sympy.MatrixBase):
        found: set[sympy.Basic] = set()
        for entry in expression:
            found |= entry.free_symbols
        return found
    return set(expression.free_symbols)


def cases(derivation: Derivation) -> list[tuple[list[Hypothesis], list[Step]]]:
    """The local hypotheses that are cases, grouped, each group with the steps resting on it.

    A local hypothesis that an induction discharges is the induction's supposition, not a
    case. The others are cases of the argument: hypotheses that a step rests on together
    (such as 0 < |λ| and |λ| < 1) are one case; hypotheses no step combines are different
    cases (such as ‖G‖ ≥ τ and ‖G‖ < τ).
    Groups are in the order their first hypothesis is listed.
    """
    discharged = {label for step in derivation.steps for label in step.check.discharges()}
    local = [h for h in derivation.checked_hypotheses
             if h.local and h.label not in discharged]
    group = {h.label: {h.label} for h in local}
    resting = {step.label: derivation.local_dependencies(step.label) & set(group)
               for step in derivation.steps}
    for labels in resting.values():
        merged = set().union(*(group[label] for label in labels))
        for label in merged:
            group[label] = merged
    found: list[tuple[list[Hypothesis], list[Step]]] = []
    seen: list[set[str]] = []
    for hypothesis in local:
        members = group[hypothesis.label]
        if any(members is other for other in seen):
            continue
        seen.append(members)
        found.append(([h for h in local if h.label in members],
                      [step for step in derivation.steps if resting[step.label] & members]))
    return found
