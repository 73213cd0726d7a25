"""Generation without a generator: placing published files, refusing what must not be published,
comparing two builds, and no MkDocs import on the way."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from sitebuild import assets, compare, generate
from sitebuild.paths import ROOT
from sitebuild.problems import BuildError

# --- placing the files pages link to ---------------------------------------------------------


def _sources(tmp_path):
    source = tmp_path / "build"
    source.mkdir()
    (source / "A.webm").write_bytes(b"video a")
    (source / "B.png").write_bytes(b"poster b")
    return source


def test_place_publishes_each_file_once_and_then_leaves_it(tmp_path):
    source, docs = _sources(tmp_path), tmp_path / "docs"
    files = {"media/A.webm": source / "A.webm", "media/B.png": source / "B.png"}
    placed, removed = assets.place(files, docs)
    assert sorted(p.name for p in placed) == ["A.webm", "B.png"] and removed == []
    assert (docs / "media" / "A.webm").read_bytes() == b"video a"
    assert assets.place(files, docs) == ([], [])  # nothing changed: nothing written


def test_place_follows_a_new_render_and_removes_what_is_gone(tmp_path):
    source, docs = _sources(tmp_path), tmp_path / "docs"
    assets.place({"media/A.webm": source / "A.webm", "media/B.png": source / "B.png"}, docs)
    (source / "A.webm").unlink()  # a render replaces its output with a new file
    (source / "A.webm").write_bytes(b"video a, rendered again")
    placed, removed = assets.place({"media/A.webm": source / "A.webm"}, docs)
    assert placed == [docs / "media" / "A.webm"]
    assert (docs / "media" / "A.webm").read_bytes() == b"video a, rendered again"
    assert removed == [docs / "media" / "B.png"] and not removed[0].exists()


def test_place_never_writes_outside_its_own_folders(tmp_path):
    source, docs = _sources(tmp_path), tmp_path / "docs"
    with pytest.raises(ValueError, match="expected paths under"):
        assets.place({"javascripts/A.webm": source / "A.webm"}, docs)


def test_no_tracked_file_lives_in_a_folder_generation_owns():
    tracked = subprocess.run(["git", "ls-files", *(f"site/{f}" for f in assets.OWNED)],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert tracked == ""


def test_katex_is_published_with_its_fonts():
    found = assets.katex()
    assert {"assets/katex/katex.min.js", "assets/katex/katex.min.css"} <= set(found)
    assert any(uri.startswith("assets/katex/fonts/") for uri in found)


# --- refusing ---------------------------------------------------------------------------------


class _Record:
    def __init__(self, slug: str, passed: bool) -> None:
        self.slug, self.passed = slug, passed


def test_a_derivation_that_does_not_verify_stops_a_publishing_generation(monkeypatch):
    monkeypatch.setenv("COMPANION_AUTHORING", "0")
    monkeypatch.setattr(generate, "verified_records", lambda: [_Record("broken-claim", False)])
    with pytest.raises(BuildError, match="derivations do not verify: broken-claim"):
        generate.generate()


def test_a_registered_derivation_on_no_page_stops_generation(monkeypatch):
    monkeypatch.setenv("COMPANION_AUTHORING", "1")
    monkeypatch.setattr(generate, "verified_records", lambda: [_Record("orphan", True)])
    monkeypatch.setattr(generate.fragments, "pages_including", dict)
    with pytest.raises(BuildError, match="on no page: orphan"):
        generate.generate()


def test_the_colab_setting_is_read_without_mkdocs():
    assert generate.colab_setting() == {"repository": "", "branch": "notebooks"}


@pytest.mark.slow
def test_generation_imports_no_generator():
    code = ("import sys, sitebuild.generate, sitebuild.postbuild, sitebuild.compare; "
            "print([m for m in sys.modules if m.split('.')[0] in ('mkdocs', 'zensical')])")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.stdout.strip() == "[]"


# --- comparing two builds -----------------------------------------------------------------------

PAGE = ('<html><body><article><p>Let <span class="arithmatex">\\(W\\)</span> be '
        '<span class="arithmatex">\\(Q\\)</span>.</p>{extra}'
        '<div class="theorem theorem-theorem"></div></article></body></html>')
VIDEO = '<figure><video controls><source src="media/A.webm"></video></figure>'


def _site(folder, pages: dict[str, str], files: tuple[str, ...] = ()):
    folder.mkdir()
    (folder / "index.html").write_text(PAGE.format(extra=""))
    for name, text in pages.items():
        (folder / name).write_text(text)
    for name in files:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"x")
    return folder


def test_page_counts_count_formulas_videos_and_theorems():
    assert compare.page_counts(PAGE.format(extra=VIDEO)) == compare.PageCounts(2, 1, 1)


def test_two_builds_showing_the_same_are_the_same(tmp_path):
    pages = {"chapter-1.html": PAGE.format(extra=VIDEO)}
    a = _site(tmp_path / "a", pages, ("media/A.webm",))
    b = _site(tmp_path / "b", pages, ("media/A.webm", "search/other-index.json"))
    result = compare.compare(a, b)
    assert result.same and (result.pages, result.formulas, result.videos) == (2, 4, 1)


def test_a_lost_formula_a_lost_video_a_lost_page_and_a_lost_file_are_reported(tmp_path):
    a = _site(tmp_path / "a", {"chapter-1.html": PAGE.format(extra=VIDEO),
                               "chapter-2.html": PAGE.format(extra="")}, ("media/A.webm",))
    b = _site(tmp_path / "b", {"chapter-1.html": PAGE.format(extra="").replace(
        '<span class="arithmatex">\\(Q\\)</span>', "Q")})
    result = compare.compare(a, b)
    assert not result.same
    assert result.only_first == ["chapter-2.html"]
    assert result.differing == ["chapter-1.html: formulas 2 ≠ 1", "chapter-1.html: videos 1 ≠ 0"]
    assert result.files_only_first == ["media/A.webm"]


def test_comparing_with_no_built_site_says_so(tmp_path):
    with pytest.raises(FileNotFoundError, match="no built site"):
        compare.compare(tmp_path, tmp_path)


def _stamped_render(folder, entry, input_hash: str) -> None:
    """A render of ``entry`` in ``folder`` as the render command publishes one."""
    from animations import stamps

    scratch = folder / "scratch"
    scratch.mkdir(exist_ok=True)
    outputs = {}
    for suffix in (".webm", ".vtt"):
        (scratch / f"{entry.name}{suffix}").write_bytes(b"video " + suffix.encode())
        outputs[scratch / f"{entry.name}{suffix}"] = folder / f"{entry.name}{suffix}"
    stamps.publish(folder / f"{entry.name}.json",
                   {"scene": entry.name, "scene_class": entry.name, "parameters": {},
                    "input_hash": input_hash}, outputs)


def test_only_stamped_current_renders_are_published(tmp_path, monkeypatch):
    from animations import catalogue

    media = tmp_path / "media" / "draft"  # its parent holds every render folder
    media.mkdir(parents=True)
    monkeypatch.setattr(assets, "MEDIA", media)
    monkeypatch.setattr(assets, "DECKS", tmp_path / "decks")
    monkeypatch.setattr(assets, "KITS", tmp_path / "kits")
    monkeypatch.setattr(assets, "katex", dict)
    monkeypatch.setattr(assets, "slide_quality_renders", dict)
    monkeypatch.setattr(assets.notebooks, "NOTEBOOKS", tmp_path / "notebooks")
    entry = next(iter(catalogue.scenes().values()))
    _stamped_render(media, entry, catalogue.render_hash(entry, "draft", {}))
    (media / "Stray.webm").write_bytes(b"left by an interrupted render")
    assert [p.name for p in assets.stamped_media()] == [f"{entry.name}.vtt",
                                                         f"{entry.name}.webm"]
    assert assets.stale_renders() == []
    _stamped_render(media, entry, "0" * 64)  # rendered from other sources
    assert assets.stale_renders() == [f"{entry.name}: its sources changed since it was "
                                      "rendered"]
    monkeypatch.setenv("COMPANION_AUTHORING", "0")
    with pytest.raises(BuildError, match="renders older than their scenes"):
        assets.publish(tmp_path / "docs")
