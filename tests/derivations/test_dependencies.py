"""What a derivation rests on: ``uses`` is validated, and a badge is never broader than a result
beneath it."""

from __future__ import annotations

import pytest
import sympy

from derivations.engine import Derivation, ScopeKind, Step, Symbolic
from derivations.engine.dependencies import effective_scope_of, effective_scopes, rests_on
from derivations.engine.scope import Scope
from sitebuild.theorems import render

x = sympy.Symbol("x", real=True)
GENERAL = (ScopeKind.GENERAL, "for all $n$")
FIXED = ("fixed-size", r"every $2 \times 2$")


def probe(**extra) -> Derivation:
    return Derivation(slug="probe", title="probe", chapter=1, source="test",
                      statement="A probe.", hypotheses=(),
                      steps=(Step("claim", (x + 1) ** 2, x**2 + 2 * x + 1, "Expand.", Symbolic()),),
                      **extra)


class TestUsesField:
    def test_defaults_to_nothing(self):
        assert probe().uses == ()

    def test_accepts_a_tuple_of_slugs(self):
        assert probe(uses=("fibonacci-eigendecomposition",)).uses == (
            "fibonacci-eigendecomposition",)

    def test_refuses_a_string(self):
        with pytest.raises(TypeError, match="tuple of slugs"):
            probe(uses="fibonacci-eigendecomposition")

    def test_refuses_a_malformed_slug(self):
        with pytest.raises(ValueError, match="lower-case-hyphenated"):
            probe(uses=("Not A Slug",))

    def test_refuses_its_own_slug(self):
        with pytest.raises(ValueError, match="its own result"):
            probe(uses=("probe",))


class TestEffectiveScopes:
    def test_a_general_result_resting_on_a_fixed_size_one_is_fixed_size(self):
        found = {"top": (*GENERAL, ("base",)), "base": (*FIXED, ())}
        scopes = effective_scopes(found)
        assert scopes["top"].scope == Scope(ScopeKind.FIXED_SIZE, r"every $2 \times 2$")
        assert scopes["top"].narrowest_in == "base"
        assert scopes["top"].own == Scope(ScopeKind.GENERAL, "for all $n$")

    def test_the_narrowing_passes_through_every_level(self):
        found = {"top": (*GENERAL, ("middle",)), "middle": (*GENERAL, ("base",)),
                 "base": (ScopeKind.NUMERIC, "numerically", ())}
        assert effective_scope_of("top", found).kind is ScopeKind.NUMERIC
        assert rests_on({slug: uses for slug, (_, _, uses) in found.items()})["top"] == (
            "middle", "base")

    def test_its_own_scope_wins_a_tie_and_stands_when_nothing_is_narrower(self):
        found = {"top": (*FIXED, ("base",)), "base": (ScopeKind.GENERAL, "exact", ())}
        assert effective_scopes(found)["top"].narrowest_in == "top"
        assert effective_scope_of("base", found) == Scope(ScopeKind.GENERAL, "exact")

    def test_an_exact_result_keeps_its_words_over_a_general_one_beneath(self):
        found = {"top": (ScopeKind.GENERAL, "exact", ("base",)), "base": (*GENERAL, ())}
        assert effective_scopes(found)["top"].scope == Scope(ScopeKind.GENERAL, "exact")
        assert effective_scopes(found)["top"].narrowest_in == "top"

    def test_refuses_an_unknown_slug(self):
        with pytest.raises(ValueError, match="unknown derivations"):
            effective_scopes({"top": (*GENERAL, ("missing",))})

    def test_refuses_a_cycle(self):
        found = {"a": (*GENERAL, ("b",)), "b": (*GENERAL, ("c",)), "c": (*GENERAL, ("a",))}
        with pytest.raises(ValueError, match="cycle: a → b → c → a"):
            effective_scopes(found)


def test_the_registered_uses_name_registered_derivations_without_cycles():
    from derivations.engine.dependencies import registry_uses

    uses = registry_uses()
    assert uses["dominant-eigenvalue"] == ("fibonacci-eigendecomposition",)


BINET = "fibonacci-eigendecomposition"
BINET_TITLE = "Eigendecomposition of the Fibonacci matrix and Binet&#x27;s formula"


def check_line(text: str) -> str:
    return next(line for line in text.splitlines() if 'class="theorem-check"' in line)


def test_the_badge_shows_the_effective_scope_and_says_what_narrows_it():
    found = {"probe": (*GENERAL, (BINET,)), BINET: (*FIXED, ())}
    text = render(probe(uses=(BINET,)), {"claim": Scope(ScopeKind.GENERAL, "for all $n$")},
                  effective=effective_scopes(found)["probe"])
    line = check_line(text)
    assert '<span class="scope scope-fixed-size"' in line and "narrowed by" in line
    assert r"every $2 \times 2$</span>" in line
    assert line.endswith(f"Its own proof is checked for all $n$, but it rests on "
                         f"[{BINET_TITLE}](#{BINET}), checked every $2 \\times 2$ only.</p>")


def test_the_narrowing_reads_as_words_for_an_exact_proof_on_a_numeric_result():
    found = {"probe": (ScopeKind.GENERAL, "exact", (BINET,)),
             BINET: ("numeric", "numeric, 50 digits at 4 points", ())}
    line = check_line(render(probe(uses=(BINET,)), effective=effective_scopes(found)["probe"],
                             pages={BINET: "chapter-1.md"}))
    assert '<span class="scope scope-numeric"' in line
    assert line.endswith(f"Its own proof is checked exactly as stated, but it rests on "
                         f"[{BINET_TITLE}](chapter-1.md#{BINET}), checked numerically, 50 "
                         f"digits at 4 points only.</p>")


def test_a_badge_nothing_beneath_narrows_says_nothing_more():
    found = {"probe": (*GENERAL, (BINET,)), BINET: (ScopeKind.GENERAL, "for all sizes $d$", ())}
    line = check_line(render(probe(uses=(BINET,)), effective=effective_scopes(found)["probe"]))
    assert '<span class="scope scope-general" title="What the check proves">for all $n$</span>' \
        in line
    assert "rests on" not in line and "narrowed" not in line


def test_the_box_names_what_it_uses_and_links_it():
    built = probe(uses=("fibonacci-eigendecomposition",))
    title = "Eigendecomposition of the Fibonacci matrix and Binet&#x27;s formula"
    assert f"[{title}](#fibonacci-eigendecomposition)" in render(built)
    linked = render(built, pages={"fibonacci-eigendecomposition": "chapter-1.md"})
    assert f"[{title}](chapter-1.md#fibonacci-eigendecomposition)" in linked


def test_a_box_resting_on_a_derivation_mid_edit_names_it_by_its_slug(monkeypatch):
    """While authoring, a used derivation its builder refuses does not stop the boxes resting
    on it from showing; they name it by its slug."""
    from derivations.engine import registry

    def refuse(slug: str) -> Derivation:
        raise ValueError(f"{slug} is mid-edit")

    monkeypatch.setattr(registry, "get", refuse)
    assert f"<strong class=\"theorem-label\">Uses</strong> [{BINET}](#{BINET}).</p>" in \
        render(probe(uses=(BINET,)))
