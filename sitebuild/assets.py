"""The files pages link to but nobody writes by hand: KaTeX, rendered media, decks, lecture kits,
notebooks, placed in the pages' folder so any generator that copies it publishes them.

MkDocs and Zensical both copy every file of ``docs_dir`` into the built site, and
Zensical runs no hooks; so instead of adding these files during one generator's
build, generation links (or copies) them into folders of ``site/`` that belong to
it alone (:data:`OWNED`, ignored by git). A file is replaced only when its source
changed, so a live-reloading server sees no change when there is none.
"""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path

from animations import catalogue, stamps
from sitebuild import notebooks, pending
from sitebuild.edition.font import FONT, SERVED_AT
from sitebuild.fragments import slide_quality_renders
from sitebuild.mode import pages_first
from sitebuild.paths import DECKS, KATEX, MEDIA, PAGES
from sitebuild.problems import LOG, BuildError, refuse
from sitebuild.translation import messages

KATEX_ASSETS = ("katex.min.js", "katex.min.css", "contrib/auto-render.js")
KITS = DECKS.parent / "kits"  # lecture kits: python -m lectures.kit
MEDIA_SUFFIXES = ("*.webm", "*.mp4", "*.png", "*.vtt", "*.txt")
# The folders of the pages' folder that generation owns: everything in them is replaced.
OWNED = ("assets/katex", "assets/fonts", "assets/messages", "media", "decks", "kits",
         "notebooks")


def katex() -> dict[str, Path]:
    """KaTeX's script, style, auto-render and fonts, served by the site itself (no CDN)."""
    if not (KATEX / "katex.min.js").exists():
        raise BuildError(f"KaTeX not found in {KATEX}: install the Debian package libjs-katex")
    found = {f"assets/katex/{asset}": KATEX / asset for asset in KATEX_ASSETS}
    found |= {f"assets/katex/fonts/{font.name}": font
              for font in sorted((KATEX / "fonts").resolve().glob("*.woff2"))}
    return found


def stamped_folders() -> list[Path]:
    """Every folder of renders, decks and kits whose files a stamp vouches for."""
    return [MEDIA, DECKS, KITS,
            *sorted(p for p in MEDIA.parent.glob("*") if p.is_dir() and p != MEDIA)]


def stamp_problems() -> list[str]:
    """Every rendered file that no longer matches its render stamp (truncated, replaced, gone)."""
    return [problem for folder in stamped_folders() for stamp in sorted(folder.glob("*.json"))
            for problem in stamps.problems(stamp)]


def stale_renders() -> list[str]:
    """Every default render whose stamp was made from other inputs than the current ones (a
    scene, or what it imports, edited since), or names no scene that exists."""
    scenes = catalogue.scenes()
    found = []
    for stamp_path in sorted(MEDIA.glob("*.json")):
        try:
            stamp = stamps.read(stamp_path)
        except ValueError as error:
            found.append(str(error))
            continue
        entry = scenes.get(str(stamp.get("scene_class")))
        if entry is None:
            found.append(f"{stamp_path.name}: no scene {stamp.get('scene_class')!r} exists now")
        elif stamp.get("input_hash") != catalogue.render_hash(
                entry, "draft", stamp.get("parameters") or {}):
            found.append(f"{entry.name}: its sources changed since it was rendered")
    return found


def stamped_media() -> list[Path]:
    """The default renders' files that a readable stamp lists: nothing else is published (a
    stray video, or what an interrupted render left, is not). Pages first, only the current
    renders' (:func:`sitebuild.pending.current_renders`): a stale one waits for its new render."""
    listed = []
    stamped = sorted(MEDIA.glob("*.json"))
    if pages_first():
        current = pending.current_renders()
        stamped = [path for path in stamped if path.stem in current]
    for stamp_path in stamped:
        try:
            listed += [MEDIA / name for name in stamps.read(stamp_path)["files"]]
        except ValueError:
            continue  # reported by stamp_problems
    suffixes = {pattern.lstrip("*") for pattern in MEDIA_SUFFIXES}
    return sorted(path for path in listed if path.suffix in suffixes)


def published() -> dict[str, Path]:
    """Every generated file the site publishes: its path in the site → the file it comes from."""
    found = katex()
    if FONT.is_file():  # written by generation before it publishes (sitebuild.edition.font)
        found[SERVED_AT] = FONT
    if messages.SCRIPT.is_file():  # the interface messages, likewise (sitebuild.edition.prepare)
        found[messages.SERVED_AT] = messages.SCRIPT
    found |= {f"media/{media.name}": media for media in stamped_media()}
    for files_of_scene in slide_quality_renders().values():
        found |= {f"media/{render.parent.name}/{render.name}": render
                  for render in files_of_scene}
    for suffix in ("*.html", "*.pptx", "*.pdf"):
        found |= {f"decks/{deck.name}": deck for deck in sorted(DECKS.glob(suffix))}
    found |= {f"kits/{kit.name}": kit for kit in sorted(KITS.glob("*.zip"))}
    if not pages_first():  # pages first, no notebook has run yet: none is published
        found |= {f"notebooks/{notebook.name}": notebook
                  for notebook in sorted(notebooks.NOTEBOOKS.glob("*.ipynb"))}
    return found


def _current(target: Path, source: Path) -> bool:
    """Whether ``target`` already is ``source`` (the same file, or a copy with its size and
    modification time)."""
    if not target.is_file():
        return False
    if os.path.samefile(target, source):
        return True
    have, want = target.stat(), source.stat()
    return (have.st_size, have.st_mtime_ns) == (want.st_size, want.st_mtime_ns)


def place(files: dict[str, Path], docs: Path = PAGES, owned: tuple[str, ...] = OWNED
          ) -> tuple[list[Path], list[Path]]:
    """Make the ``owned`` folders of ``docs`` hold exactly ``files``: (placed, removed).

    A file is hard-linked to its source when both are on one file system (no copy of a
    video), else copied with its modification time. Every path must lie in an owned folder.
    """
    outside = sorted(uri for uri in files if not uri.startswith(tuple(f"{f}/" for f in owned)))
    if outside:
        raise ValueError(f"files: expected paths under {', '.join(owned)}; got {outside[:5]}")
    placed = []
    for uri, named in files.items():
        source, target = named.resolve(), docs / uri  # a link to KaTeX's file, not to its symlink
        if _current(target, source):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        temporary.unlink(missing_ok=True)
        try:
            os.link(source, temporary)
        except OSError:
            shutil.copy2(source, temporary)
        temporary.replace(target)  # a server reading the old file never sees half of the new
        placed.append(target)
    wanted = {docs / uri for uri in files}
    removed = [path for folder in owned if (docs / folder).is_dir()
               for path in sorted((docs / folder).rglob("*"))
               if (path.is_file() or path.is_symlink()) and path not in wanted]
    for path in removed:
        path.unlink()
    return placed, removed


def publish(docs: Path = PAGES, log: logging.Logger = LOG) -> tuple[list[Path], list[Path]]:
    """Refuse renders that do not match their stamps, then :func:`place` every published file.
    Pages first, such renders are not refused but left out (:func:`stamped_media`): the
    render step that follows makes them anew."""
    if not pages_first():
        refuse(stamp_problems(), "rendered media that do not match their render stamps",
               "render them again (`python -m animations.render --force SCENE`)", log)
        refuse(stale_renders(), "renders older than their scenes",
               "render them again (`make render`)", log)
    return place(published(), docs)
