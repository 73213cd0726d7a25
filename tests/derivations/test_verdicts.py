"""Verdicts are reused only while every source they depend on is unchanged, and only if they
passed."""

from __future__ import annotations

import pytest

from derivations.engine import records as records_module
from derivations.engine import slugs, verdicts
from derivations.engine.imports import closure, imported_modules, module_path


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
    slug = slugs()[0]
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
    slug = slugs()[0]
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
    slug = slugs()[0]
    module = verdicts.builder_module(slug)
    files = closure(module, ("derivations",))
    assert module_path(module) in files
    assert all(module_path(name) in files
               for name in imported_modules(module_path(module), ("derivations",)))
    assert len(verdicts.fingerprint(slug)) == 64
