"""``python -m derivations``: verdicts and scope per step, exit 1 on a failed check, 2 on a
usage error, and the mutation score."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest
import sympy

import derivations.__main__ as cli
from derivations.engine import (
    Derivation,
    Relation,
    Step,
    Symbolic,
    records,
    registry,
    slugs,
    verdicts,
)

x = sympy.Symbol("x", real=True)

# A derivation whose every certificate the re-checker confirms: only such a record is kept
# and reused (a step the kernel alone decides is decided afresh every time).
RECHECKED = "fibonacci-cost"


def run(*arguments: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "derivations", *arguments],
                          capture_output=True, text=True, env=env)


def _builder(slug: str, step: Step):
    def build() -> Derivation:
        return Derivation(slug=slug, title=slug.replace("-", " "), chapter=1, source="test",
                          statement="A probe.", hypotheses=(), steps=(step,))

    build.__name__ = slug.replace("-", "_")
    build.__module__ = "derivations.ch1_repeated_powers.probe"
    return build


@pytest.fixture
def probes(monkeypatch) -> Iterator[None]:
    """Two derivations in the registry for the test: one true, one false."""
    true = _builder("probe-true", Step("claim", (x + 1) ** 2, x**2 + 2 * x + 1, "Expand.",
                                       Symbolic()))
    false = _builder("probe-false", Step("claim", (x + 1) ** 2, x**2 + 1, "Wrong.",
                                         Symbolic()))
    registry.slugs()  # load the chapters before adding to the registry
    for builder in (true, false):
        monkeypatch.setitem(registry._BUILDERS, builder.__name__.replace("_", "-"), builder)
    registry.get.cache_clear()
    yield
    registry.get.cache_clear()


def test_verify_prints_each_step_with_its_scope_and_exits_zero(probes, capsys):
    assert cli.main(["verify", "probe-true", "--jobs", "1"]) == 0
    output = capsys.readouterr().out
    assert "PASS  probe-true" in output and "claim" in output and "exact" in output
    assert "1 passed, 0 failed" in output


def test_a_failing_derivation_exits_one(probes, capsys):
    assert cli.main(["verify", "probe-true", "probe-false", "--jobs", "1"]) == 1
    output = capsys.readouterr().out
    assert "FAIL  probe-false" in output and "1 passed, 1 failed" in output


def test_mutate_reports_the_score(probes, capsys):
    assert cli.main(["mutate", "probe-true"]) == 0
    output = capsys.readouterr().out
    assert "0 false passes" in output and "mutation score 100.0%" in output


@pytest.mark.slow
def test_unknown_slug_is_a_usage_error_listing_known_ones():
    result = run("verify", "no-such-slug")
    assert result.returncode == 2
    assert "no-such-slug" in result.stderr and slugs()[0] in result.stderr
    assert "Traceback" not in result.stderr


def test_a_slug_named_twice_is_a_usage_error(probes, capsys):
    assert cli.main(["verify", "probe-true", "probe-true"]) == 2
    assert "named twice" in capsys.readouterr().err


@pytest.mark.slow
def test_bad_flags_and_environment_are_usage_errors():
    for arguments in (("verify", "--jobs", "0"), ("verify", "--timeout", "-1"),
                      ("verify", "--timeout", "nan")):
        result = run(*arguments)
        assert result.returncode == 2 and "Traceback" not in result.stderr, arguments
    import os
    result = run("verify", env={**os.environ, "DERIVATIONS_STEP_TIMEOUT": "soon"})
    assert result.returncode == 2 and "DERIVATIONS_STEP_TIMEOUT" in result.stderr




def test_relation_negation_is_an_involution():
    for relation in Relation:
        assert relation.negated.negated is relation


def test_recheck_reports_kept_certificates_and_fails_on_a_forged_one(tmp_path, monkeypatch,
                                                                      capsys):
    monkeypatch.setattr(verdicts, "STORE", tmp_path)
    slug = RECHECKED
    assert cli.main(["recheck", slug]) == 1  # nothing kept yet
    assert "have no kept verdict" in capsys.readouterr().out
    records.records([slug], jobs=1)
    assert cli.main(["recheck", slug]) == 0
    assert "certificates re-checked" in capsys.readouterr().out
    path = tmp_path / f"{slug}.json"
    kept = json.loads(path.read_text(encoding="utf-8"))
    obligation = next(o for step in kept["record"]["steps"]
                      for o in step["certificate"]["obligations"] if o["kind"] == "zero")
    obligation["entry"] = f"Add(Integer(1), {obligation['entry']})"  # off by one
    path.write_text(json.dumps(kept), encoding="utf-8")
    assert cli.main(["recheck", slug]) == 1
    assert "REJECTED" in capsys.readouterr().out
