"""The build's checks on fixture HTML: each rejects a bad page and passes a good one.

These run without a browser and without a built site: the leaks detector, the
display-formula rule, the reference check, the media stamps, the search index
rewrite, and the hook that turns their findings into a failed build.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from animations import stamps
from sitebuild import assets, hooks
from sitebuild.display_math import generated_formulas, normalise, unchecked_display_formulas
from sitebuild.leaks import page_leaks, search_index_leaks
from sitebuild.problems import BuildError
from sitebuild.references import broken_references
from sitebuild.search_math import math_as_spans, rewrite_index
from sitebuild.sitecheck import check_site


def page(body: str, title: str = "Page") -> str:
    return (f"<!doctype html><html><head><title>{title}</title></head><body>"
            f'<article class="md-content__inner md-typeset">{body}</article></body></html>')


# --- leaks ---------------------------------------------------------------------------------------

LEAKS = {
    "superscript as TeX": "<p>The powers W^t grow.</p>",
    "subscript with braces": "<p>The state x_{t-1} feeds back.</p>",
    "simple subscript": "<p>Then h_t follows.</p>",
    "a TeX command": r"<p>The bound \eta shrinks.</p>",
    "delimiters arithmatex missed": r"<p>Here \(W\) is square.</p>",
    "dollars arithmatex missed": "<p>Here $W$ is square.</p>",
    "Greek letter in a heading": "<h2>Eigenvalues with modulus of λ one</h2>",
    "transpose sign in a caption": "<figure><figcaption>The matrix Wᵀ</figcaption></figure>",
    "subscript digit": "<p>Start from h₀.</p>",
    "double bar": "<p>The norm ‖x‖ stays.</p>",
    "less or equal": "<p>when 1 ≤ 2</p>",
    "times sign": "<p>every 2×2 matrix</p>",
    "minus sign": "<p>the value −1</p>",
    "figure text": '<svg><text x="1" y="2">γ = 0</text></svg>',
    "a video's accessible name": '<video aria-label="φⁿ grows"></video>',
    "an image's alt text": '<img alt="the state x_t" src="a.png">',
    "a table of contents entry":
        r'<nav><a href="#a"><span class="md-ellipsis">Cost of \(F_n\)</span></a></nav>',
}


@pytest.mark.parametrize("body", LEAKS.values(), ids=LEAKS.keys())
def test_a_leak_is_caught(body):
    assert page_leaks(page(body), "fixture.html"), body


def test_a_leak_in_the_title_is_caught():
    assert page_leaks(page("<p>Fine.</p>", title="Powers W^t"), "fixture.html")


CLEAN = {
    "typeset math": r'<p>The power <span class="arithmatex">\(W^t\)</span> grows.</p>',
    "display math": r'<div class="arithmatex">\[x_{t-1} \leq \eta\]</div>',
    "inline code": "<p>Call <code>fib(n)</code> or <code>x_t = W^t</code>.</p>",
    "a code block": "<pre><code>λ = w_t ** 2</code></pre>",
    "a script": "<script>const a = b^c; const d_e = 1;</script>",
    "punctuation a page uses": "<p>One page — 1 MB, 3.5 % · ✓ checked, “quoted”, 2–4.</p>",
    "a name with an underscore inside": "<p>the file_name and snake_case words</p>",
    "a formula in a search result": '<p><span class="search-math" data-tex="W^t"></span></p>',
    "math in a figure": r'<svg><foreignObject><span class="arithmatex">\(\gamma = 0\)</span>'
                        "</foreignObject></svg>",
}


@pytest.mark.parametrize("body", CLEAN.values(), ids=CLEAN.keys())
def test_clean_text_passes(body):
    assert page_leaks(page(body), "fixture.html") == []


def test_the_search_index_is_checked_after_its_math_is_rewritten():
    entries = [{"location": "a.html", "title": "Powers", "text": r"<p>grow like \(W^t\)</p>"}]
    assert search_index_leaks(entries), "raw TeX in a snippet"
    for document in entries:
        document["text"] = math_as_spans(document["text"])
    assert search_index_leaks(entries) == []
    entries.append({"location": "b.html", "title": "The λ section", "text": ""})
    assert search_index_leaks(entries), "a Greek letter in a result title"


def test_math_in_the_index_becomes_an_escaped_span():
    spans = math_as_spans(r"<p>if \(a &lt; b\) then \[x^2\]</p>")
    assert spans == ('<p>if <span class="search-math" data-tex="a &lt; b"></span> then '
                     '<span class="search-math" data-tex="x^2" data-display="1"></span></p>')


@pytest.mark.parametrize("relative, entries", [("search/search_index.json", "docs"),
                                                ("search.json", "items")],
                         ids=["mkdocs", "zensical"])
def test_rewriting_the_index_writes_it_back(tmp_path, relative, entries):
    path = tmp_path / relative
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps({"config": {}, entries: [{"location": "a.html", "title": "t",
                                                         "text": r"\(n\)"}]}))
    rewrite_index(tmp_path)
    assert json.loads(path.read_text())[entries][0]["text"] == \
        '<span class="search-math" data-tex="n"></span>'
    assert rewrite_index(tmp_path / "nowhere") is None


def test_raw_tex_in_either_generators_index_is_a_leak(tmp_path):
    (tmp_path / "index.html").write_text(page("<p>Home.</p>"))
    (tmp_path / "search.json").write_text(json.dumps(
        {"config": {}, "items": [{"location": "a.html", "title": "t", "text": r"\(n\)"}]}))
    assert any("search index" in str(leak) for leak in check_site(tmp_path).leaks)
    rewrite_index(tmp_path)
    assert not any("search index" in str(leak) for leak in check_site(tmp_path).leaks)


# --- display formulas ----------------------------------------------------------------------------

DISPLAY = r'<div class="arithmatex">\[h_t = W h_{t-1}\]</div>'
DISPLAY_INLINE = r'<span class="arithmatex">\(\displaystyle h_t = W h_{t-1}\)</span>'


@pytest.mark.parametrize("body", [
    f"<p>Prose.</p>{DISPLAY}",
    f"<p>{DISPLAY_INLINE}</p>",
    f'<div class="admonition note">{DISPLAY}</div>',
    f'<div class="unchecked">{DISPLAY}</div>',  # the class alone is not the admonition
    f"<table><tr><td>{DISPLAY_INLINE}</td></tr></table>",
], ids=["in prose", "display style inline", "in a note", "class without admonition",
        "in a table"])
def test_an_unmarked_display_formula_is_rejected(body):
    assert unchecked_display_formulas(page(body), "fixture.html")


@pytest.mark.parametrize("body", [
    f'<div class="theorem" id="a"><div class="theorem-formula">{DISPLAY_INLINE}</div></div>',
    f'<div class="checked-formula">{DISPLAY_INLINE}</div>',
    f'<div class="admonition unchecked"><p class="admonition-title">Not checked</p>{DISPLAY}</div>',
    r'<table><tr><td><span class="arithmatex">\(W^t\)</span></td></tr></table>',
], ids=["theorem box", "checked formula", "marked unchecked", "inline math in a table"])
def test_a_checked_or_marked_display_formula_passes(body):
    assert unchecked_display_formulas(page(body), "fixture.html") == []


def test_a_hand_typed_formula_in_a_checked_box_is_rejected(tmp_path):
    (tmp_path / "formulas").mkdir()
    (tmp_path / "formulas" / "a.md").write_text(
        '<div class="checked-formula-math" markdown="span">$\\displaystyle h_t = W h_{t-1}$</div>')
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "t.md").write_text("$\\displaystyle h_t = 2 W h_{t-1}$")
    checked = generated_formulas(tmp_path)
    assert checked == {"h_t = W h_{t-1}"}  # a table's formula is not a checked one
    genuine = page(f'<div class="checked-formula">{DISPLAY_INLINE}</div>')
    forged = page(r'<div class="checked-formula"><span class="arithmatex">'
                  r"\(\displaystyle h_t = 2 W h_{t-1}\)</span></div>")
    assert unchecked_display_formulas(genuine, "a.html", checked) == []
    assert unchecked_display_formulas(forged, "a.html", checked)


def test_formulas_are_compared_without_delimiters_or_layout():
    assert normalise(r"\(\displaystyle  a =  b\)") == normalise(r"\[a = b\]") == "a = b"


# --- references ----------------------------------------------------------------------------------

def site_with(tmp_path: Path, body: str) -> Path:
    (tmp_path / "index.html").write_text(page(body))
    (tmp_path / "other.html").write_text(page('<h2 id="there">There</h2><a name="old"></a>'))
    (tmp_path / "media").mkdir()
    (tmp_path / "media" / "a.png").write_bytes(b"png")
    return tmp_path


@pytest.mark.parametrize("body", [
    '<a href="other.html#nowhere">x</a>',
    '<a href="#nowhere">x</a>',
    '<a href="missing.html">x</a>',
    '<video poster="media/missing.png"><source src="media/a.webm"></video>',
    '<label for="ghost">x</label>',
    '<input aria-describedby="ghost">',
    '<a href="../outside.html">x</a>',
], ids=["anchor on another page", "anchor on this page", "missing page", "missing media",
        "label for nothing", "description of nothing", "outside the site"])
def test_a_broken_reference_is_caught(tmp_path, body):
    assert broken_references(site_with(tmp_path, body))


def test_working_references_pass(tmp_path):
    body = ('<p id="here"><a href="other.html#there">a</a> <a href="#here">b</a> '
            '<a href="/other.html#old">c</a> <a href="https://example.org/x#y">d</a> '
            '<img src="media/a.png" alt=""> <a href="other.html">e</a> <a href="#">top</a> '
            '<label for="here">f</label></p>')
    assert broken_references(site_with(tmp_path, body)) == []


# --- media stamps --------------------------------------------------------------------------------

def _stamped_media(folder: Path) -> Path:
    """A finished, current render in ``folder``: a scene's video published under its stamp."""
    from animations import catalogue

    entry = next(iter(catalogue.scenes().values()))
    scratch = folder / "scratch"
    scratch.mkdir(parents=True)
    (scratch / f"{entry.name}.webm").write_bytes(b"0123456789")
    stamp = folder / f"{entry.name}.json"
    stamps.publish(stamp, {"scene": entry.name, "scene_class": entry.name, "parameters": {},
                           "input_hash": catalogue.render_hash(entry, "draft", {})},
                   {scratch / f"{entry.name}.webm": folder / f"{entry.name}.webm"})
    return folder / f"{entry.name}.webm"


@pytest.mark.parametrize("damage", ["truncated", "changed", "deleted"])
def test_generation_refuses_media_that_no_longer_match_their_stamp(tmp_path, monkeypatch,
                                                                   damage):
    media = tmp_path / "media" / "draft"
    video = _stamped_media(media)
    docs = tmp_path / "docs"
    monkeypatch.setenv("COMPANION_AUTHORING", "0")
    monkeypatch.setattr(assets, "MEDIA", media)
    monkeypatch.setattr(assets, "DECKS", tmp_path / "decks")
    monkeypatch.setattr(assets, "KITS", tmp_path / "kits")
    monkeypatch.setattr(assets, "katex", dict)
    monkeypatch.setattr(assets, "slide_quality_renders", dict)
    monkeypatch.setattr(assets.notebooks, "NOTEBOOKS", tmp_path / "notebooks")
    assets.publish(docs)  # a good render is published
    assert (docs / "media" / video.name).read_bytes() == b"0123456789"
    if damage == "truncated":
        video.write_bytes(b"01234")
    elif damage == "changed":
        video.write_bytes(b"9876543210")
    else:
        video.unlink()
    with pytest.raises(BuildError, match="do not match their render stamps"):
        assets.publish(docs)


# --- the hook: a bad site fails the build, a good one passes --------------------------------------

def bad_site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text(page(
        f'<h2>The λ section</h2>{DISPLAY}<a href="#nowhere">x</a>'))
    return tmp_path


def test_a_bad_site_fails_the_build(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_AUTHORING", "0")
    report = check_site(bad_site(tmp_path))
    assert report.leaks and report.display and report.references
    with pytest.raises(PluginError, match="Unicode stand-in"):
        hooks.check_built_site(tmp_path, None)


def test_while_authoring_a_bad_site_only_warns(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("COMPANION_AUTHORING", "1")
    with caplog.at_level(logging.WARNING, logger="mkdocs.hooks.companion"):
        hooks.check_built_site(bad_site(tmp_path), None)
    assert "display formulas that are not checked" in caplog.text


def test_a_good_site_passes(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_AUTHORING", "0")
    (tmp_path / "index.html").write_text(page(
        f'<h2 id="a">Powers</h2><p>Then <span class="arithmatex">\\(W^t\\)</span>.</p>'
        f'<div class="admonition unchecked">{DISPLAY}</div><a href="#a">up</a>'))
    hooks.check_built_site(tmp_path, None)


def test_checking_a_site_that_is_not_there_fails_in_one_line(tmp_path, capsys):
    """`make zensical` relies on the check: a missing site must not pass."""
    from sitebuild.__main__ import main

    assert main(["check", str(tmp_path / "no-such-site")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "no built site" in error


# --- published media against their stamps ------------------------------------------------------

def test_published_media_must_be_the_files_their_stamps_list(tmp_path):
    """A stray file, a file changed after it was stamped, and a good one."""
    from sitebuild.sitecheck import unstamped_media

    renders, site = tmp_path / "renders", tmp_path / "site"
    (site / "media").mkdir(parents=True)
    renders.mkdir()
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    (scratch / "Scene.webm").write_bytes(b"frames")
    stamps.publish(renders / "Scene.json", {"scene_class": "Scene"},
                   {scratch / "Scene.webm": renders / "Scene.webm"})
    (site / "media" / "Scene.webm").write_bytes(b"frames")
    assert unstamped_media(site, {"media": renders}) == []
    (site / "media" / "Stray.webm").write_bytes(b"other")
    (site / "media" / "Scene.webm").write_bytes(b"frames, edited")
    assert unstamped_media(site, {"media": renders}) == [
        "media/Scene.webm: not the file its stamp recorded",
        "media/Stray.webm: published, but no render or deck stamp lists it"]


def test_show_prints_a_derivation_as_its_page_shows_it(capsys):
    """`python -m sitebuild show SLUG`: the theorem box with its folded proof; an unknown slug
    is a usage error in one line."""
    from sitebuild.__main__ import main

    assert main(["show", "orthogonal-powers"]) == 0
    shown = capsys.readouterr().out
    assert 'id="orthogonal-powers"' in shown and '<details class="proof"' in shown
    assert main(["show", "no-such-slug"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "unknown derivation 'no-such-slug'" in error


def test_a_malformed_authoring_switch_is_refused_before_any_work(monkeypatch, capsys):
    from sitebuild.__main__ import main

    monkeypatch.setenv("COMPANION_AUTHORING", "yes")
    assert main(["generate"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "COMPANION_AUTHORING" in error
