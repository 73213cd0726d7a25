"""``python -m derivations``: verdicts per step, exit status 1 on any failure."""

from __future__ import annotations

import subprocess
import sys

import sympy

import derivations.__main__ as cli
from derivations.engine import Derivation, Step, Symbolic


def run(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "derivations", *arguments],
                          capture_output=True, text=True)


def test_verify_one_prints_each_step_and_exits_zero():
    result = run("verify", "rotation-eigenvalues")
    assert result.returncode == 0
    assert "PASS  rotation-eigenvalues" in result.stdout
    assert "fourth-power-is-identity" in result.stdout
    assert "1 passed, 0 failed" in result.stdout


def test_unknown_slug_is_an_error_listing_known_ones():
    result = run("verify", "no-such-slug")
    assert result.returncode != 0
    assert "no-such-slug" in result.stderr and "fibonacci-cost" in result.stderr


def test_a_failing_derivation_exits_one(monkeypatch, capsys):
    x = sympy.Symbol("x")
    broken = Derivation("broken", "broken", 1, "test", (),
                        (Step("wrong", x + 1, x, "not true", Symbolic()),))
    monkeypatch.setattr(cli, "slugs", lambda: ["broken"])
    monkeypatch.setattr(cli, "get", lambda slug: broken)
    assert cli.main(["verify"]) == 1
    output = capsys.readouterr().out
    assert "FAIL  broken" in output and "FAIL wrong" in output


def test_render_prints_markdown():
    result = run("render", "fibonacci-matrix-powers")
    assert result.returncode == 0 and "### Powers of the Fibonacci matrix" in result.stdout
