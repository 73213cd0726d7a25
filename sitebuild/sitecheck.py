"""The checks a built site must pass before it is published, run by the build's last hook.

* no LaTeX source and no Unicode stand-in for math in anything a reader sees
  (:mod:`sitebuild.leaks`), pages and search index alike;
* every display formula is a checked step or marked not checked
  (:mod:`sitebuild.display_math`);
* every link, source and id reference lands (:mod:`sitebuild.references`);
* every published render, deck and kit is a file its stamp lists, byte for byte
  (:func:`unstamped_media`): what the site serves is what was rendered from the current
  scenes, never a stray or damaged file.

``python -m sitebuild.sitecheck [SITE]`` runs them on a built site and prints
what it finds, with counts; it exits 1 if anything is found.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from animations import stamps
from sitebuild.display_math import unchecked_display_formulas
from sitebuild.leaks import Leak, page_leaks, search_index_leaks
from sitebuild.references import NOT_PAGES, broken_references
from sitebuild.search_math import search_entries


@dataclass
class SiteReport:
    """What the checks found, by check."""

    leaks: list[Leak] = field(default_factory=list)
    display: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    media: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return [str(leak) for leak in self.leaks] + self.display + self.references + self.media

    def summary(self) -> str:
        return (f"{len(self.leaks)} LaTeX or Unicode leaks, {len(self.display)} display "
                f"formulas neither checked nor marked, {len(self.references)} broken "
                f"references, {len(self.media)} published media not as stamped")


def pages(site: Path) -> list[Path]:
    """The pages MkDocs built (not the decks, media or assets it copied)."""
    return [path for path in sorted(site.rglob("*.html"))
            if not path.relative_to(site).as_posix().startswith(NOT_PAGES)]


def check_site(site: Path, checked: set[str] | None = None) -> SiteReport:
    """Run every check on the built site at ``site``.

    ``checked`` is the set of display formulas the verified derivations produce
    (:func:`sitebuild.display_math.generated_formulas`); None skips that part.
    """
    report = SiteReport()
    for path in pages(site):
        name = path.relative_to(site).as_posix()
        markup = path.read_text(encoding="utf-8")
        report.leaks += page_leaks(markup, name)
        report.display += unchecked_display_formulas(markup, name, checked)
    index = search_entries(site)
    if index is not None:
        report.leaks += search_index_leaks(index[1])
    report.references += broken_references(site)
    report.media += unstamped_media(site)
    return report


def stamped_records(folders: dict[str, Path]) -> dict[str, dict]:
    """What the stamps in each source folder vouch for, by the path the site publishes it at
    (``folders`` maps a site folder, ``media`` or ``media/slides``, to its source folder)."""
    records: dict[str, dict] = {}
    for published_at, folder in folders.items():
        for stamp_path in sorted(folder.glob("*.json")):
            try:
                listed = stamps.read(stamp_path)["files"]
            except ValueError:
                continue  # the build refuses a damaged stamp before it publishes anything
            records |= {f"{published_at}/{name}": record for name, record in listed.items()}
    return records


def unstamped_media(site: Path, folders: dict[str, Path] | None = None) -> list[str]:
    """Every file the site publishes under its media, decks and kits folders that no stamp
    lists, or whose bytes differ from what its stamp recorded."""
    records = {}
    if folders is None:
        from sitebuild.edition import LANGUAGES
        from sitebuild.edition.scenes import media
        from sitebuild.paths import DECKS, MEDIA
        folders = {"media": MEDIA, "decks": DECKS, "kits": DECKS.parent / "kits"}
        folders |= {f"media/{p.name}": p for p in sorted(MEDIA.parent.glob("*"))
                    if p.is_dir() and p != MEDIA}
        for lang in LANGUAGES:  # an edition's own caption tracks and transcripts
            records |= stamped_records({"media": media(lang)})
    records |= stamped_records(folders)
    found = []
    for top in ("media", "decks", "kits"):
        for path in sorted((site / top).rglob("*")) if (site / top).is_dir() else []:
            if not path.is_file():
                continue
            name = path.relative_to(site).as_posix()
            record = records.get(name)
            if record is None:
                found.append(f"{name}: published, but no render or deck stamp lists it")
            elif stamps.file_record(path) != {"bytes": record["bytes"],
                                              "sha256": record["sha256"]}:
                found.append(f"{name}: not the file its stamp recorded")
    return found


def main(argv: list[str]) -> int:
    from sitebuild.paths import BUILD

    site = Path(argv[0]) if argv else BUILD / "site"
    if not (site / "index.html").is_file():
        print(f"no built site in {site}", file=sys.stderr)
        return 2
    report = check_site(site)
    for problem in report.problems():
        print(problem)
    print(report.summary())
    return 1 if report.problems() else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
