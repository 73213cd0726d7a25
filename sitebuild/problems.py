"""Findings that stop a publishing build but only warn while authoring, in one wording.

Neither MkDocs nor Zensical is imported here: generation (``python -m sitebuild
generate``) and the checks of a built site run the same with either generator,
and the MkDocs hooks turn :class:`BuildError` into MkDocs' own ``PluginError``.
"""

from __future__ import annotations

import logging

from sitebuild.mode import authoring

SHOWN_PROBLEMS = 40  # a build log with thousands of lines helps nobody; the count says the rest
LOG = logging.getLogger("sitebuild")


class BuildError(Exception):
    """A finding that stops the build, with what to do about it."""


def refuse(problems: list[str], what: str, fix: str, log: logging.Logger = LOG) -> None:
    """Stop the build over ``problems`` (only warn on ``log`` while authoring)."""
    if not problems:
        return
    shown = problems[:SHOWN_PROBLEMS]
    more = f"\n  … and {len(problems) - len(shown)} more" if len(problems) > len(shown) else ""
    message = f"{len(problems)} {what}; {fix}:\n  " + "\n  ".join(shown) + more
    if authoring():
        log.warning(message)
    else:
        raise BuildError(message)
