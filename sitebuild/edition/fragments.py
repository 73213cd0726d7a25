"""An edition's generated fragments: the English ones, except where a translated one exists.

Pages include generated fragments (``--8<-- "derivations/x.md"``) from the snippet base of
their config; the Korean config names ``build/editions/ko/generated``, which this module keeps
a mirror of ``build/generated``. Each fragment goes through the language's
:data:`FRAGMENT_TRANSLATORS` entry, **the seam** where Korean fragments plug in: a function
given the fragment's path (relative to ``build/generated``) and its English text, returning
the translated text, or None to publish the English. Until one is registered, every fragment
is the English copy.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sitebuild.paths import EDITIONS, GENERATED
from sitebuild.written import write_if_changed

FragmentTranslator = Callable[[str, str], "str | None"]


def korean_fragment(relative: str, english: str) -> str | None:
    """THE SEAM for Korean fragments: the Korean text of fragment ``relative`` (e.g.
    ``derivations/binet.md``) made from its ``english`` text, or None to show the English.
    Replace this function's body (or the registry entry below) with the Korean generator."""
    return None


# Language → the function that translates its fragments.
FRAGMENT_TRANSLATORS: dict[str, FragmentTranslator] = {"ko": korean_fragment}


def folder(lang: str) -> Path:
    """The snippet base of the ``lang`` edition (mkdocs.<lang>.yml names it)."""
    return EDITIONS / lang / "generated"


def mirror(lang: str, english: Path = GENERATED) -> list[Path]:
    """Make :func:`folder` hold one fragment per English fragment, translated where the
    language's translator gives a text: the fragments written because they changed.
    Fragments the English no longer has are removed."""
    if not english.is_dir():
        raise FileNotFoundError(f"english: no generated fragments in {english}; run "
                                "`python -m sitebuild generate` first")
    translate = FRAGMENT_TRANSLATORS.get(lang, lambda relative, text: None)
    target = folder(lang)
    wanted: set[Path] = set()
    changed: list[Path] = []
    for source in sorted(english.rglob("*")):
        if not source.is_file():
            continue
        relative = source.relative_to(english).as_posix()
        data: str | bytes = source.read_bytes()
        if source.suffix == ".md":
            text = translate(relative, data.decode("utf-8"))
            if text is not None:
                data = text
        path = target / relative
        wanted.add(path)
        if write_if_changed(path, data):
            changed.append(path)
    for old in sorted(target.rglob("*")) if target.is_dir() else []:
        if old.is_file() and old not in wanted:
            old.unlink()
    return changed
