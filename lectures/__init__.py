"""Lectures made of the book: a chapter's deck (slides, PowerPoint, PDF handout) and its kit.

A layer above both the scenes (:mod:`animations`, whose renders it packs and whose scenes
its slides replay) and the site (:mod:`sitebuild`, whose chapter pages fix a lecture's
order and whose figures the kit prints): neither imports it.

    python -m lectures.decks --chapter 2 --theme light   # a chapter's deck
    python -m lectures.kit --chapter 2                   # its lecture kit
"""
