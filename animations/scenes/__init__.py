"""The scenes: one module per topic, each declaring ``SCENES`` (its chapter names it in the book).

Every module here is a scene module, found by being here (:func:`animations.catalogue.scenes`).
A scene module imports its drawing helpers from :mod:`animations.builders` and
:mod:`animations.style`, never from another scene module: a render's inputs follow imports
(:func:`animations.catalogue.render_hash`), so editing one scene re-renders that scene alone.
"""
