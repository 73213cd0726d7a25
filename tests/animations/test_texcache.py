"""The store of typeset formulas: a run sees the store, adds what it typeset only if it ended
well, never shares its folder, and a formula typeset once is not typeset again."""

from __future__ import annotations

import os
import subprocess
import sys

import manim
import pytest
from manim.utils import tex_file_writing

from animations import texcache


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setattr(texcache, "TEX_CACHE", tmp_path)
    monkeypatch.setattr(texcache, "STORE", tmp_path / "store")
    return tmp_path / "store"


def test_a_run_sees_the_store_through_links_in_a_folder_of_its_own(store):
    store.mkdir()
    (store / "a.svg").write_text("<svg/>", encoding="utf-8")
    with texcache.private_folder() as first, texcache.private_folder() as second:
        assert first != second and first.parent == second.parent == store.parent
        assert (first / "a.svg").read_text(encoding="utf-8") == "<svg/>"
        assert os.stat(first / "a.svg").st_ino == os.stat(store / "a.svg").st_ino
    assert not first.exists() and not second.exists()


def test_what_a_run_typeset_joins_the_store_when_it_ends_well(store):
    with texcache.private_folder() as folder:
        (folder / "new.svg").write_text("<svg>new</svg>", encoding="utf-8")
        (folder / "new.dvi").write_bytes(b"dvi")  # only SVGs are kept
    assert sorted(p.name for p in store.iterdir()) == ["new.svg"]
    assert (store / "new.svg").read_text(encoding="utf-8") == "<svg>new</svg>"


@pytest.mark.parametrize("ending", [RuntimeError("latex failed"), SystemExit(1)])
def test_a_run_that_fails_adds_nothing(store, ending):
    with pytest.raises(type(ending)), texcache.private_folder() as folder:
        (folder / "half.svg").write_text("<svg", encoding="utf-8")
        raise ending
    assert list(store.iterdir()) == []


def test_a_command_line_that_exits_with_zero_ended_well(store):
    with pytest.raises(SystemExit), texcache.private_folder() as folder:
        (folder / "done.svg").write_text("<svg/>", encoding="utf-8")
        raise SystemExit(0)
    assert (store / "done.svg").exists()


def test_the_folder_of_a_killed_run_is_removed_and_a_living_ones_kept(store):
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    dead = store.parent / f"{texcache.RUN_PREFIX}{ended.stdout.strip()}-x"
    living = store.parent / f"{texcache.RUN_PREFIX}{os.getppid()}-y"
    dead.mkdir(parents=True)
    living.mkdir()
    with texcache.private_folder():
        pass
    assert not dead.exists() and living.exists()


def test_a_formula_typeset_in_one_run_is_not_typeset_in_the_next(store, monkeypatch):
    compiled = []
    real = tex_file_writing.compile_tex

    def counting(*arguments, **keywords):
        compiled.append(arguments[0])
        return real(*arguments, **keywords)

    monkeypatch.setattr(tex_file_writing, "compile_tex", counting)
    for _ in range(2):
        with texcache.private_folder() as tex, manim.tempconfig({"tex_dir": str(tex)}):
            manim.MathTex(r"\lVert Q x \rVert = \lVert x \rVert")
    assert len(compiled) == 1
    assert len(list(store.glob("*.svg"))) == 1
