"""Pages first (``make serve`` before the tables, renders, decks and notebook runs are done):
which of the slow steps' products are finished and current, and what a page shows where one is
not yet (which tables are kept is :mod:`sitebuild.chapter_tables`' to say).

A page served early must never link to a file that is not there, nor present a render or a
deck made from older sources as current. So while those steps run, each missing or stale
product is shown as a notice saying it is being made, carrying the anchor the finished one
will have (links into it still lead somewhere); the staged server (:mod:`sitebuild.staged`)
rebuilds and reloads the page once it lands. Only a build with ``$COMPANION_PAGES_FIRST=1``
(:func:`sitebuild.mode.pages_first`) asks any of this.
"""

from __future__ import annotations

import html

from animations import catalogue

DECK_THEME = "dark"  # the theme of the decks the chapter pages link to


def current_renders() -> set[str]:
    """The scenes whose default draft render is finished, intact and made from the scene's
    current sources (:func:`animations.render.is_up_to_date`)."""
    from animations.render import Variant, is_up_to_date

    return {name for name, entry in catalogue.scenes().items()
            if is_up_to_date(entry, Variant())}


def deck_chapters() -> list[int]:
    """The chapters that have a deck (:func:`lectures.decks.chapters`)."""
    from lectures.decks import chapters

    return chapters()


def current_decks() -> set[int]:
    """The chapters whose default deck is finished, intact and made from current inputs."""
    from lectures.decks import is_up_to_date

    return {chapter for chapter in deck_chapters() if is_up_to_date(chapter, DECK_THEME)}


def video(entry: catalogue.SceneEntry) -> str:
    """Where a scene's player will be: its title and that it is being rendered, under the
    player's own anchor (``scene-NAME``)."""
    return (f'<div class="scene-block scene-pending">\n'
            f'<figure class="scene" id="scene-{entry.name}">\n'
            f"<p><strong>This video is being rendered:</strong> "
            f"{html.escape(entry.title, quote=False)}. The page shows it by itself once it "
            f"is ready.</p>\n"
            f"</figure>\n"
            f"</div>\n")


def deck() -> str:
    """Where a chapter's deck links will be: that the deck is being built."""
    return ('!!! tip "Slides for this chapter"\n'
            "    This chapter's lecture deck (offline HTML, PowerPoint and PDF handout) is "
            "being built; the page links to it by itself once it is ready.\n")


def table() -> str:
    """Where a chapter's table or figure will be: that the library is computing it."""
    return ('!!! note "Being computed"\n'
            "    This table or figure is being computed by the companion's library; the page "
            "shows it by itself once it is ready.\n")


def notebook() -> str:
    """Where a chapter's notebook link will be: that the notebook is being run, since one is
    published only after it ran from top to bottom."""
    return ('!!! example "Run this chapter yourself"\n'
            "    This chapter's Jupyter notebook is being run from top to bottom before it is "
            "published; the page links to it by itself once it has passed.\n")
