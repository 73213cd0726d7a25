"""The Hangul font the site serves itself: Debian's NanumGothic cut down to the characters used.

The site works offline and asks no third party for anything, so it cannot rely on a web font
service; and a reader without a CJK font installed would see the Korean edition, and the
Korean quotes of source 003 on English pages, as empty boxes. So generation subsets
NanumGothic (SIL Open Font License, Debian's ``fonts-nanum``) to the Hangul of every page of
every edition, the fragments and the theme's Korean labels, and publishes it as
``assets/fonts/hangul.woff``; ``stylesheets/companion.css`` declares it with a
``unicode-range`` of Hangul only, so Latin text keeps the theme's fonts. Rebuilt only when the
set of characters changes; the output is the same bytes for the same characters.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterable
from pathlib import Path

from sitebuild.paths import BUILD
from sitebuild.written import write_if_changed

SOURCE = Path("/usr/share/fonts/truetype/nanum/NanumGothic.ttf")
FONT = BUILD / "fonts" / "hangul.woff"
SERVED_AT = "assets/fonts/hangul.woff"
# Hangul syllables, jamo, compatibility jamo, and the CJK punctuation Korean text may use:
# the unicode-range of the @font-face in companion.css.
HANGUL = re.compile("[\u1100-\u11ff\u3000-\u303f\u3130-\u318f\uac00-\ud7a3]")


def characters(files: Iterable[Path]) -> str:
    """Every Hangul character (:data:`HANGUL`) in ``files``, sorted, once."""
    found: set[str] = set()
    for path in files:
        found.update(HANGUL.findall(path.read_text(encoding="utf-8")))
    return "".join(sorted(found))


def subset(chars: str, source: Path = SOURCE) -> bytes:
    """``source`` cut down to ``chars`` as WOFF (zlib, no extra dependency)."""
    from fontTools import subset as subsetting

    logging.getLogger("fontTools.subset").setLevel(logging.WARNING)  # a line per table at INFO
    if not source.is_file():
        raise FileNotFoundError(f"source: no font {source}; install the Debian package "
                                "fonts-nanum (`bash tools/setup.sh`)")
    options = subsetting.Options()
    options.flavor = "woff"
    options.name_IDs = ["*"]  # keep the copyright and license names
    options.drop_tables += ["TSI0", "TSI1", "TSI2", "TSI3", "TSI5"]  # hinting sources (VTT)
    font = subsetting.load_font(str(source), options)
    subsetter = subsetting.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    out = io.BytesIO()
    subsetting.save_font(font, out, options)
    return out.getvalue()


def build(files: Iterable[Path], target: Path = FONT) -> bool:
    """Write the font for the Hangul in ``files`` to ``target`` unless it is already that font
    (a note beside it records the characters): True if written."""
    chars = characters(files)
    note = target.with_suffix(".chars")
    if target.is_file() and note.is_file() and note.read_text(encoding="utf-8") == chars:
        return False
    written = write_if_changed(target, subset(chars))
    write_if_changed(note, chars)
    return written
