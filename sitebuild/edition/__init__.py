"""A translated edition of the site (``/ko/``), built from the same sources as the English one.

MkDocs Material's i18n plugin is not supported by Zensical, so each language is a site of its
own, linked to the others by ``extra.alternate`` (:mod:`sitebuild.edition.config`). Its pages
folder is assembled from the English pages and their translations (:mod:`.pages`), its
generated fragments mirror the English ones unless a translated fragment exists
(:mod:`.fragments`), its videos play captions and show transcripts in its language
(:mod:`.scenes`), and it serves its own subset of a Hangul font (:mod:`.font`).
:func:`sitebuild.edition.prepare.prepare` does all of it; generation calls it, so both MkDocs
and Zensical find the folder ready.
"""

# The translated editions the site publishes, each at /<lang>/ from edition.<lang>.yml.
LANGUAGES = ("ko",)
