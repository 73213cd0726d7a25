"""Does the site build refuse a broken site? Breakages tried, and how many the build caught.

    python benchmarks/build_breakages.py             # every breakage, 2 builds at a time
    python benchmarks/build_breakages.py --jobs 1 anchor-same-page media-truncated

Each breakage is applied to a private copy of this checkout (its tracked files plus the
renders, decks and verdict cache under ``build/``, so no scene is rendered again) and the
site is built there with ``python -m mkdocs build`` exactly as ``make site`` runs it, in
strict mode. A breakage is *caught* when that build exits non-zero. The untouched copy is
built first: if it fails, nothing else can be measured and the harness says so.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from foundation.paths import ROOT

KEPT_BUILD = ("media", "decks", "cache", "notebooks", "tex-cache")
Breakage = Callable[[Path], None]


def _append(relative: str, text: str) -> Breakage:
    def apply(copy: Path) -> None:
        with (copy / relative).open("a", encoding="utf-8") as page:
            page.write(text)
    return apply


def _replace(relative: str, old: str, new: str) -> Breakage:
    def apply(copy: Path) -> None:
        path = copy / relative
        text = path.read_text(encoding="utf-8")
        if old not in text:
            raise LookupError(f"{relative}: {old!r} not found; the breakage is out of date")
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return apply


def _first_video(copy: Path) -> Path:
    return sorted((copy / "build" / "media" / "draft").glob("*.webm"))[0]


def _truncate_video(copy: Path) -> None:
    video = _first_video(copy)
    video.write_bytes(video.read_bytes()[: video.stat().st_size // 4])


def _delete_video(copy: Path) -> None:
    _first_video(copy).unlink()


def _delete_all_media(copy: Path) -> None:
    for output in (copy / "build" / "media" / "draft").iterdir():
        if output.suffix != ".json":  # the stamps stay, claiming the renders are there
            output.unlink() if output.is_file() else shutil.rmtree(output)


def _change_poster(copy: Path) -> None:
    poster = sorted((copy / "build" / "media" / "draft").glob("*.png"))[0]
    poster.write_bytes(poster.read_bytes()[::-1])


CHAPTER = "site/chapter-2.md"
DERIVATION = "derivations/ch1_repeated_powers/dominant_eigenvalue.py"
BREAKAGES: dict[str, Breakage] = {
    "page-missing": _append(CHAPTER, "\nSee [the missing page](nowhere.md).\n"),
    "anchor-cross-page": _append(CHAPTER, "\nSee [chapter 1](chapter-1.md#no-such-heading).\n"),
    "anchor-same-page": _append(CHAPTER, "\nSee [above](#no-such-heading).\n"),
    "raw-html-link": _append(CHAPTER, '\n<p><a href="nowhere.html">gone</a></p>\n'),
    "raw-html-anchor": _append(CHAPTER, '\n<p><a href="chapter-1.html#gone">gone</a></p>\n'),
    "image-missing": _append(CHAPTER, "\n![A figure](figures/missing.svg)\n"),
    "derivation-unknown": _append(CHAPTER, '\n--8<-- "derivations/no-such-derivation.md"\n'),
    "video-unknown": _append(CHAPTER, '\n--8<-- "videos/NoSuchScene.md"\n'),
    "nav-missing-page": _replace("mkdocs.yml", "chapter-2.md", "chapter-22.md"),
    "derivation-links-unknown-slug": _replace(
        DERIVATION, "(#fibonacci-eigendecomposition)", "(#fibonacci-eigen-decomposition)"),
    "derivation-false": _replace(
        "derivations/ch2_orthogonal/powers.py", "s**2 * NormSquared(x)",
        "s**3 * NormSquared(x)"),
    "unicode-stand-in": _append(CHAPTER, "\nThe eigenvalue λ has modulus one.\n"),
    "raw-tex-in-prose": _append(CHAPTER, "\nThe eigenvalue \\lambda has modulus one.\n"),
    "pasted-display-formula": _append(CHAPTER, "\n$$\\|Wx\\|_2 = 2\\|x\\|_2$$\n"),
    "media-deleted": _delete_video,
    "media-truncated": _truncate_video,
    "media-all-deleted": _delete_all_media,
    "poster-changed": _change_poster,
    "stylesheet-unknown": _replace("mkdocs.yml", "assets/katex/katex.min.css",
                                   "assets/katex/missing.css"),
    "notebook-raises": _append("notebooks/chapter-2.py",
                               "\n# %%\nraise ValueError('a broken figure')\n"),
    "scene-edited-not-rendered": _append("animations/scenes/matrix_powers.py",
                                         "\nEDITED_SINCE_RENDERED = True\n"),
}


def copy_checkout(destination: Path) -> None:
    """Tracked files of this checkout (as they are on disk) and the build outputs kept."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    for name in KEPT_BUILD:
        if (ROOT / "build" / name).exists():
            shutil.copytree(ROOT / "build" / name, destination / "build" / name, symlinks=True)


def build(name: str, breakage: Breakage | None, limit: float) -> tuple[str, int | None, str,
                                                                       float]:
    """Exit status of a strict build of a copy with ``breakage`` applied, its last error line."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"breakage-{name}-") as folder:
        copy = Path(folder)
        copy_checkout(copy)
        if breakage is not None:
            breakage(copy)
        env = {**os.environ, "PYTHONPATH": str(copy), "COMPANION_AUTHORING": "0",
               "NO_MKDOCS_2_WARNING": "1"}
        env.pop("COMPANION_STRICT", None)
        try:
            done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=copy,
                                  env=env, capture_output=True, text=True, timeout=limit)
        except subprocess.TimeoutExpired:
            return name, None, f"no end within {limit:g} s", time.perf_counter() - started
    errors = [line for line in done.stderr.splitlines()
              if re.search(r"error|abort|fail", line, re.I)]
    last = (errors or done.stderr.splitlines() or [""])[-1].strip()
    return name, done.returncode, last[:160], time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="BREAKAGE",
                        help=f"breakages to try (default: all): {', '.join(BREAKAGES)}")
    parser.add_argument("--jobs", type=int, default=2, help="builds at a time (default 2)")
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="seconds one build may take (default 600)")
    options = parser.parse_args(argv)
    unknown = sorted(set(options.names) - set(BREAKAGES))
    if unknown:
        parser.error(f"unknown breakage(s): {', '.join(unknown)}; known: {', '.join(BREAKAGES)}")
    if options.jobs < 1:
        parser.error(f"--jobs: expected a positive integer, got {options.jobs}")
    chosen = options.names or list(BREAKAGES)
    _, status, last, seconds = build("untouched", None, options.timeout)
    print(f"untouched copy: exit {status} in {seconds:.0f} s", flush=True)
    if status != 0:
        print(f"the untouched copy does not build ({last}); nothing measured", file=sys.stderr)
        return 1
    caught = 0
    with ThreadPoolExecutor(options.jobs) as pool:
        for number, (name, status, last, seconds) in enumerate(
                pool.map(lambda n: build(n, BREAKAGES[n], options.timeout), chosen), 1):
            caught += status not in (0, None)
            verdict = "caught" if status not in (0, None) else "MISSED"
            print(f"[{number:2d}/{len(chosen)}] {verdict:6s} {name:32s} exit {status} "
                  f"{seconds:4.0f} s  {last}", flush=True)
    print(f"build breakages: {len(chosen)} tried, {caught} caught")
    return 0 if caught == len(chosen) else 1


if __name__ == "__main__":
    sys.exit(main())
