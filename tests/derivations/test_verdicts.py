"""Verdicts are reused only while every source they depend on is unchanged, only if they passed,
and only with certificates that re-check against the current claims: a tampered record is
verified again and replaced."""

from __future__ import annotations

import json

import pytest

from derivations.engine import recheck, verdicts
from derivations.engine import records as records_module
from foundation.provenance import closure, imported_modules, module_path

# A derivation whose every certificate the re-checker confirms: only such a record is kept
# and reused (a step the kernel alone decides is decided afresh every time).
RECHECKED = "fibonacci-cost"


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setattr(verdicts, "STORE", tmp_path)
    return tmp_path


def _counting(monkeypatch) -> list[str]:
    verified: list[str] = []
    real = records_module.record

    def record(slug, seconds=None):
        verified.append(slug)
        return real(slug, seconds)

    monkeypatch.setattr(records_module, "record", record)
    return verified


@pytest.mark.slow
def test_a_passing_verdict_is_reused_until_a_source_changes(store, monkeypatch):
    slug = RECHECKED
    verified = _counting(monkeypatch)
    first = records_module.records([slug], jobs=1)
    assert first[0].passed and verified == [slug]
    again = records_module.records([slug], jobs=1)
    assert again == first and verified == [slug]  # reused, not verified again
    monkeypatch.setattr(verdicts, "fingerprint", lambda s: "a source changed")
    records_module.records([slug], jobs=1)
    assert verified == [slug, slug]


@pytest.mark.slow
def test_without_reuse_everything_is_verified(store, monkeypatch):
    slug = RECHECKED
    verified = _counting(monkeypatch)
    records_module.records([slug], jobs=1)
    records_module.records([slug], jobs=1, reuse=False)
    assert verified == [slug, slug]


def test_a_failing_verdict_is_never_kept(store, monkeypatch):
    failing = records_module.DerivationRecord(
        slug="probe", title="probe", chapter=1, conclusion="c", scope="general",
        scope_label="exact", claims_every_size=False, fixed_size_because="",
        problems=("broken",), steps=())
    monkeypatch.setattr(records_module, "_run", lambda pending, jobs, seconds: iter([failing]))
    records_module.records(["probe"], jobs=1)
    assert not (store / "probe.json").exists()


def test_the_fingerprint_covers_the_module_and_what_it_imports():
    slug = RECHECKED
    module = verdicts.builder_module(slug)
    files = closure(module, ("derivations",))
    assert module_path(module) in files
    assert all(module_path(name) in files
               for name in imported_modules(module_path(module), ("derivations",)))
    assert len(verdicts.fingerprint(slug)) == 64


def _forge_claim(record: dict) -> None:
    record["steps"][-1]["certificate"]["claim"]["rhs"] = "Integer(7)"


def _forge_cofactors(record: dict) -> None:
    for step in record["steps"]:
        for obligation in step["certificate"]["obligations"]:
            if obligation["kind"] == "zero":
                obligation["entry"] = "Integer(1)"


TAMPERINGS = {
    "steps emptied": lambda record: record.__setitem__("steps", []),
    "steps not a list": lambda record: record.__setitem__("steps", None),
    "a certificate removed": lambda record: record["steps"][0].__setitem__("certificate", None),
    "a step flipped to failed": lambda record: record["steps"][0].__setitem__("passed", False),
    "a claim forged": _forge_claim,
    "an obligation forged": _forge_cofactors,
}


@pytest.mark.slow
@pytest.mark.parametrize("tamper", TAMPERINGS.values(), ids=TAMPERINGS.keys())
def test_a_tampered_record_is_verified_again_and_replaced(store, monkeypatch, tamper):
    slug = RECHECKED
    records_module.records([slug], jobs=1)
    path = store / f"{slug}.json"
    kept = json.loads(path.read_text(encoding="utf-8"))
    tamper(kept["record"])
    path.write_text(json.dumps(kept), encoding="utf-8")
    verified = _counting(monkeypatch)
    assert verdicts.load(slug) is None
    again = records_module.records([slug], jobs=1)
    assert again[0].passed and verified == [slug]
    assert verdicts.load(slug) is not None  # the fresh outcome replaced the tampered one


def test_a_certificate_whose_cofactors_do_not_sum_is_rejected():
    claim = {"lhs": "Symbol('x')", "relation": "=", "rhs": "Integer(2)",
             "facts": [["Symbol('x')", "=", "Integer(2)", []]]}
    forged = {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
              "obligations": [{"kind": "zero", "entry": "Add(Symbol('x'), Integer(-1))",
                               "generators": ["Add(Symbol('x'), Integer(-2))"],
                               "cofactors": ["Integer(1)"]}]}
    with pytest.raises(recheck.Rejected):
        recheck.step(forged)
    honest = dict(forged, obligations=[{"kind": "zero", "entry": "Add(Symbol('x'), Integer(-2))",
                                        "generators": ["Add(Symbol('x'), Integer(-2))"],
                                        "cofactors": ["Integer(1)"]}])
    assert recheck.step(honest).rechecked
