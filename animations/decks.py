"""One slide deck per chapter: self-contained offline HTML (reveal.js inlined) and PDF.

    python -m animations.decks              # every chapter, skipping unchanged decks
    python -m animations.decks --chapter 2 --theme light

Each chapter's scenes are rendered as presentations (:mod:`animations.slides`,
a pause at every beat) with manim-slides, then converted. The HTML embeds its
videos and reveal.js (shipped by the sphinx-revealjs package), so it opens from
a USB stick with no network. Output: ``build/decks/chapter-N[-light].{html,pdf,json}``.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import re
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from animations import catalogue, slides, style
from animations.render import run_themed

DECKS = catalogue.ROOT / "build" / "decks"
PLACEHOLDER = "__REVEAL__"
CSS_IMPORT = re.compile(r"@import url\([^)]*\);?")
ASSET = re.compile(
    rf'<link rel="stylesheet" href="{PLACEHOLDER}/([^"]+)">|'
    rf'<script src="{PLACEHOLDER}/([^"]+)"></script>'
)


def reveal_root() -> Path:
    """reveal.js as the sphinx-revealjs package ships it (found without importing Sphinx)."""
    spec = importlib.util.find_spec("sphinx_revealjs")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("sphinx-revealjs is not installed: it provides the offline reveal.js")
    return Path(spec.submodule_search_locations[0]) / "_static" / "revealjs"


def reveal_file(path: str) -> Path:
    """The local file for a reveal.js CDN path: ``dist/plugin/notes.js`` → plugin/notes/notes.js."""
    root = reveal_root()
    candidates = [root / path]
    if path.startswith("dist/plugin/"):
        rest = path.removeprefix("dist/plugin/")
        stem = rest.split("/")[0].removesuffix(".js")
        candidates += [root / "plugin" / rest, root / "plugin" / stem / rest]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise RuntimeError(f"reveal.js asset {path!r} not found under {root}")


def inline_reveal(html: str) -> str:
    """Replace every reveal.js link and script by its content: no request leaves the file."""

    def inline(match: re.Match[str]) -> str:
        stylesheet, script = match.groups()
        text = reveal_file(stylesheet or script).read_text(encoding="utf-8")
        if stylesheet:
            # Theme web fonts would be fetched by @import; the theme's own fallbacks suffice.
            return f"<style>\n{CSS_IMPORT.sub('', text)}\n</style>"
        return "<script>\n" + text.replace("</script", "<\\/script") + "\n</script>"

    inlined = ASSET.sub(inline, html)
    if PLACEHOLDER in inlined:
        raise RuntimeError("a reveal.js reference was left un-inlined")
    # An empty icon, so the browser does not ask a server for /favicon.ico.
    return inlined.replace("<head>", '<head>\n    <link rel="icon" href="data:,">', 1)


def deck_name(chapter: int, theme: str) -> str:
    return f"chapter-{chapter}" + ("" if theme == "dark" else f"-{theme}")


def chapter_scenes(chapter: int) -> list[catalogue.SceneEntry]:
    return [e for e in catalogue.scenes().values() if e.chapter == chapter]


def deck_hash(chapter: int, theme: str) -> str:
    """Digest of every input of a chapter's deck: its scenes' inputs, this module, the theme."""
    digest = hashlib.sha256(theme.encode())
    for entry in chapter_scenes(chapter):
        digest.update(catalogue.input_hash(entry, "deck").encode())
    for module in (__file__, slides.__file__):
        digest.update(Path(module).read_bytes())
    return digest.hexdigest()


def is_up_to_date(chapter: int, theme: str) -> bool:
    base = DECKS / deck_name(chapter, theme)
    stamp = base.with_suffix(".json")
    if not (stamp.exists() and base.with_suffix(".html").exists() and
            base.with_suffix(".pdf").exists()):
        return False
    return json.loads(stamp.read_text())["input_hash"] == deck_hash(chapter, theme)


def build_deck(chapter: int, theme: str) -> float:
    """Render and convert one chapter's deck; returns the seconds it took."""
    started = time.perf_counter()
    names = [slides.slide_name(entry.name) for entry in chapter_scenes(chapter)]
    if not names:
        raise RuntimeError(f"chapter {chapter} has no scenes")
    base = DECKS / deck_name(chapter, theme)
    DECKS.mkdir(parents=True, exist_ok=True)
    tool = [sys.executable, "-m", "manim_slides"]
    with tempfile.TemporaryDirectory(prefix=f"deck-{chapter}-") as work:
        run_themed([*tool, "render", "-ql", "--disable_caching", "--progress_bar", "none",
                    slides.__file__, *names], work, theme)
        run_themed([*tool, "convert", "--to", "html", "-cone_file=true",
                    f"-ccdn_url={PLACEHOLDER}", *names, "deck.html"], work, theme)
        run_themed([*tool, "convert", "--to", "pdf", *names, str(base.with_suffix(".pdf"))],
                   work, theme)
        html = (Path(work) / "deck.html").read_text(encoding="utf-8")
    base.with_suffix(".html").write_text(inline_reveal(html), encoding="utf-8")
    seconds = time.perf_counter() - started
    base.with_suffix(".json").write_text(json.dumps({
        "chapter": chapter, "theme": theme, "scenes": names,
        "input_hash": deck_hash(chapter, theme), "build_seconds": round(seconds, 1),
    }, indent=2))
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m animations.decks", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    chapters = sorted({entry.chapter for entry in catalogue.scenes().values()})
    parser.add_argument("--chapter", type=int, action="append", choices=chapters,
                        help="chapter(s) to build (default: all)")
    parser.add_argument("--theme", choices=style.THEMES, default="dark")
    parser.add_argument("--force", action="store_true", help="rebuild even if unchanged")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    arguments = parser.parse_args(argv)
    try:
        style.require_latex()
        reveal_root()
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return 3
    selected = arguments.chapter or chapters
    pending = [c for c in selected if arguments.force or not is_up_to_date(c, arguments.theme)]
    for chapter in sorted(set(selected) - set(pending)):
        print(f"chapter {chapter}: deck unchanged, skipped", flush=True)
    failed = 0
    with ProcessPoolExecutor(max_workers=max(1, arguments.jobs)) as pool:
        futures = {pool.submit(build_deck, c, arguments.theme): c for c in pending}
        for future in as_completed(futures):
            chapter = futures[future]
            try:
                seconds = future.result()
                name = deck_name(chapter, arguments.theme)
                print(f"chapter {chapter}: deck built in {seconds:.1f} s → "
                      f"build/decks/{name}.html, .pdf", flush=True)
            except RuntimeError as error:
                failed += 1
                print(f"chapter {chapter}: FAILED\n    {error}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
