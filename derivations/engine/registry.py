"""Every derivation under a stable slug, built on first use.

Chapters register their builders with :func:`register`; importing the packages the book's
chapters name (:mod:`derivations.book`) fills the registry. A derivation's slug is its
builder's name and its chapter the record whose package registers it, so neither is written
twice. The slug is shared by the test id, the generated page fragment, the anchor on the site
and any scene that draws it.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Callable
from functools import cache

from derivations.book import CHAPTERS
from derivations.engine.derivation import Derivation

Builder = Callable[[], Derivation]

CHAPTER_PACKAGES = {chapter.package: chapter.number for chapter in CHAPTERS if chapter.package}

_BUILDERS: dict[str, Builder] = {}


def register(builder: Builder) -> Builder:
    """Register a derivation builder under the builder's name with ``_`` turned into ``-``."""
    slug = builder.__name__.replace("_", "-")
    if slug in _BUILDERS and _BUILDERS[slug] is not builder:
        raise ValueError(f"slug {slug!r} is registered twice")
    _BUILDERS[slug] = builder
    return builder


@cache
def _load_chapters() -> None:
    for package_name in CHAPTER_PACKAGES:
        package = importlib.import_module(package_name)
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package_name}.{module.name}")


def builder_module(slug: str) -> str:
    """The module that registers ``slug`` (whose source a cached verdict depends on)."""
    _load_chapters()
    if slug not in _BUILDERS:
        raise KeyError(f"unknown derivation {slug!r}; known: {', '.join(sorted(_BUILDERS))}")
    return _BUILDERS[slug].__module__


def chapter_of(slug: str) -> int:
    """The chapter whose package registered ``slug`` (``derivations.ch2_…`` is 2), without
    building the derivation."""
    _load_chapters()
    module = _BUILDERS[slug].__module__
    for package_name, number in CHAPTER_PACKAGES.items():
        if module.startswith(package_name + "."):
            return number
    raise ValueError(f"derivation {slug!r} is registered from {module}, outside every chapter")


def slugs() -> list[str]:
    """All registered slugs, in chapter order then registration order (nothing is built)."""
    _load_chapters()
    order = list(_BUILDERS)
    return sorted(order, key=lambda slug: (chapter_of(slug), order.index(slug)))


@cache
def get(slug: str) -> Derivation:
    """The derivation registered as ``slug``; a KeyError lists the known slugs."""
    _load_chapters()
    if slug not in _BUILDERS:
        raise KeyError(f"unknown derivation {slug!r}; known: {', '.join(sorted(_BUILDERS))}")
    derivation = _BUILDERS[slug]()
    if derivation.slug not in ("", slug):
        raise ValueError(f"builder {slug!r} returned a derivation with slug {derivation.slug!r}")
    if derivation.chapter not in (0, chapter_of(slug)):
        raise ValueError(f"{slug!r} says chapter {derivation.chapter} but is registered from "
                         f"chapter {chapter_of(slug)}'s package")
    return dataclasses.replace(derivation, slug=slug, chapter=chapter_of(slug))


def all_derivations() -> list[Derivation]:
    """Every registered derivation, built, in :func:`slugs` order."""
    return [get(slug) for slug in slugs()]
