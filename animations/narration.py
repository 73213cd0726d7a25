"""The scenes' words as translatable data: templates with named values, in every language.

A scene never builds a sentence with an f-string: it names a template and the values that fill
it (``words("powers.radius", "Its spectral radius rho is {rho}.", rho=said_number(radius))``), so a
render records *what* it said (the template's id and the values) beside *how* it said it in
English. The Korean narration is the Korean template of the same id filled with the same values
(numbers are values: spoken identically in both). A value is text the scene formatted, another
:class:`Words` (a panel's name, translated as its own unit) or a :func:`series` of them.

Templates are literal strings in the scene modules, found by reading the modules (as
``xgettext`` does, and as :mod:`foundation.provenance` reads imports): :func:`english` lists
every template of every scene without importing Manim, and a template that is not a literal is
an error. A scene's ``TITLE`` is a unit too (``<Scene>.title``: the first line of a transcript).
Translations live in ``translations/<lang>/scenes/<module>.md``, one unit per template, checked
by :func:`findings` (:mod:`foundation.templates`: stale, missing, orphan, placeholders, numbers).

Manim-free: the render command and the site build use it; it imports nothing of the site.
"""

from __future__ import annotations

import ast
import functools
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from animations import captions
from foundation import templates
from foundation.paths import ROOT

LANGUAGES = ("en", "ko")
SCENES = ROOT / "animations" / "scenes"
STYLE = ROOT / "animations" / "style.py"  # its templates (a number's power of ten) are shared
TRANSLATIONS = ROOT / "translations"
FUNCTION = "words"  # the call that names a template: words(ID, TEMPLATE, **values)
# How a series of values is joined, per language: (between items, before the last).
JOINERS = {
    "en": {"and": (", ", " and "), "commas": (", ", ", "), "semicolons": ("; ", "; ")},
    "ko": {"and": (", ", ", "), "commas": (", ", ", "), "semicolons": ("; ", "; ")},
}


class NarrationError(ValueError):
    """Words that cannot be said in a language (one line naming the unit)."""


@dataclass(frozen=True)
class Series:
    """Values said one after another, joined as the language joins a list."""

    items: tuple[Value, ...]
    joiner: str = "and"


@dataclass(frozen=True)
class Words:
    """A template named ``id`` (its English ``template``) and the ``values`` that fill it."""

    id: str
    template: str
    values: tuple[tuple[str, Value], ...] = field(default=())

    def text(self, lang: str = "en", root: Path | None = None) -> str:
        """The words in ``lang``: its template of this id filled with the same values."""
        template = self.template if lang == "en" else translated(lang, root).template(self)
        return templates.fill(template, {name: said(value, lang, root)
                                         for name, value in self.values})

    def record(self) -> dict:
        """The template id and its values as JSON data (what a render stamp keeps)."""
        return {"id": self.id, "template": self.template,
                "values": {name: _recorded(value) for name, value in self.values}}


Value = str | Words | Series


def words(unit: str, template: str, **values: Value) -> Words:
    """The words of template ``unit`` (English ``template``, a literal) filled with ``values``
    (text the scene formatted, other :class:`Words`, or a :func:`series`)."""
    names = templates.placeholders(template)
    if names != set(values):
        raise NarrationError(f"{unit}: template {template!r} has the fields {sorted(names)}, "
                             f"got values for {sorted(values)}")
    for name, value in values.items():
        if not isinstance(value, str | Words | Series):
            raise NarrationError(f"{unit}: value {name} must be text the scene formatted "
                                 f"(a number as it is said), words or a series, got {value!r}")
    return Words(unit, template, tuple(sorted(values.items())))


def series(items: Iterable[Value], joiner: str = "and") -> Series:
    """``items`` said as a list: "a, b and c" (``and``), "a, b, c" (``commas``) or "a; b; c"
    (``semicolons``)."""
    if joiner not in JOINERS["en"]:
        raise NarrationError(f"joiner: expected one of {sorted(JOINERS['en'])}, got {joiner!r}")
    return Series(tuple(items), joiner)


def said(value: Value, lang: str = "en", root: Path | None = None) -> str:
    """A value in ``lang``: text as it is, words translated, a series joined."""
    if isinstance(value, Words):
        return value.text(lang, root)
    if isinstance(value, Series):
        parts = [said(item, lang, root) for item in value.items]
        between, last = JOINERS[lang][value.joiner]
        return parts[0] if len(parts) == 1 else between.join(parts[:-1]) + last + parts[-1]
    return value


def _recorded(value: Value) -> object:
    if isinstance(value, Words):
        return value.record()
    if isinstance(value, Series):
        return {"series": [_recorded(item) for item in value.items], "joiner": value.joiner}
    return value


def restored(record: Mapping) -> Words:
    """The :class:`Words` a render recorded (:meth:`Words.record`)."""
    def value(data: object) -> Value:
        if isinstance(data, str):
            return data
        if isinstance(data, Mapping) and "series" in data:
            return Series(tuple(value(item) for item in data["series"]), data["joiner"])
        if isinstance(data, Mapping) and "id" in data:
            return restored(data)
        raise NarrationError(f"a recorded value must be text, words or a series, got {data!r}")

    return Words(record["id"], record["template"],
                 tuple(sorted((name, value(item)) for name, item in record["values"].items())))


@dataclass(frozen=True)
class Template:
    """One English template as its scene module writes it."""

    id: str
    text: str
    module: str  # the scene module's stem: its translations' file name
    line: int


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _templates_of(path: Path) -> list[Template]:
    """The templates of one scene module: each ``words(ID, TEMPLATE, …)`` call and each scene
    class's ``TITLE``; NarrationError for a call whose id or template is not a literal."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
                node.func, "id", None)
            if name != FUNCTION:
                continue
            unit, text = (_literal(arg) for arg in node.args[:2]) if len(node.args) >= 2 \
                else (None, None)
            if unit is None or text is None:
                raise NarrationError(f"{path.name}:{node.lineno}: {FUNCTION}() takes its id and "
                                     "English template as literal strings (they are read "
                                     "without running the scene)")
            found.append(Template(unit, text, path.stem, node.lineno))
        elif isinstance(node, ast.ClassDef):
            for statement in node.body:
                if isinstance(statement, ast.Assign) and any(
                        getattr(target, "id", None) == "TITLE" for target in statement.targets):
                    title = _literal(statement.value)
                    if title:
                        found.append(Template(f"{node.name}.title", title, path.stem,
                                              statement.lineno))
    return found


def _version(paths: Iterable[Path]) -> str:
    """One digest of ``paths`` (their names and bytes): a cache key, and a render's input."""
    hashed = hashlib.sha256()
    for path in paths:
        hashed.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return hashed.hexdigest()


def sources(folder: Path = SCENES) -> list[Path]:
    """The modules whose templates are the scenes' words: the scenes' and the style's."""
    return [*sorted(folder.glob("*.py")), *([STYLE] if folder == SCENES else [])]


def english(folder: Path = SCENES) -> dict[str, Template]:
    """Every English template of the scenes in ``folder``, by id; NarrationError if one id
    names two different templates."""
    return _english(folder, _version(sources(folder)))


@functools.lru_cache(maxsize=8)
def _english(folder: Path, _version: str) -> dict[str, Template]:
    found: dict[str, Template] = {}
    for path in sources(folder):
        for template in _templates_of(path):
            before = found.setdefault(template.id, template)
            if before.text != template.text:
                raise NarrationError(f"{template.id}: two templates ({before.module}.py:"
                                     f"{before.line}, {template.module}.py:{template.line}); "
                                     "an id names one sentence")
    return found


def translation_file(lang: str, module: str, root: Path | None = None) -> Path:
    """Where the ``lang`` translations of scene module ``module``'s templates live."""
    return (root or TRANSLATIONS) / lang / "scenes" / f"{module}.md"


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


@dataclass(frozen=True)
class Translations:
    """One language's translated templates, and every problem with them."""

    lang: str
    entries: Mapping[str, templates.Entry]
    problems: tuple[templates.Finding, ...]

    def template(self, words: Words) -> str:
        """The translated template of ``words``; NarrationError naming the unit if it is
        missing, stale or broken (never the English in its place)."""
        bad = [problem for problem in self.problems if problem.unit == words.id]
        if bad:
            raise NarrationError(str(bad[0]))
        if words.id not in self.entries:  # a template not in any scene module (a test's)
            raise NarrationError(f"{words.id}: no {self.lang} translation of {words.template!r}")
        entry = self.entries[words.id]
        if entry.source != templates.source_digest(words.template):
            raise NarrationError(f"{words.id}: stale: the {self.lang} unit translates another "
                                 f"English than {words.template!r}")
        return entry.text


def translated(lang: str, root: Path | None = None, folder: Path = SCENES) -> Translations:
    """The ``lang`` translations of every scene template, checked (cached per file version);
    ``root``: the translations' folder, by default :data:`TRANSLATIONS`."""
    root = root or TRANSLATIONS
    files = sorted((root / lang / "scenes").glob("*.md"))
    return _translated(lang, root, folder, _version(files),
                       _version(sources(folder)))


@functools.lru_cache(maxsize=8)
def _translated(lang: str, root: Path, folder: Path, _files: str, _scenes: str
                ) -> Translations:
    known = english(folder)
    where = {unit: shown(translation_file(lang, template.module, root))
             for unit, template in known.items()}
    loaded, problems = {}, []
    for path in sorted((root / lang / "scenes").glob("*.md")):
        entries, found = templates.load(path, shown(path))
        loaded[shown(path)] = entries
        problems += found
    problems += templates.findings(where, {unit: t.text for unit, t in known.items()},
                                   loaded, lang)
    entries = {entry.id: entry for batch in loaded.values() for entry in batch}
    return Translations(lang, entries, tuple(problems))


def findings(lang: str, modules: Iterable[str] | None = None, root: Path | None = None,
             folder: Path = SCENES) -> list[templates.Finding]:
    """Every problem of the ``lang`` translations (of ``modules``' templates, if given)."""
    problems = translated(lang, root, folder).problems
    if modules is None:
        return list(problems)
    known = english(folder)
    wanted = {shown(translation_file(lang, module, root)) for module in modules}
    return [problem for problem in problems if problem.where in wanted
            or (problem.unit in known and known[problem.unit].module in set(modules))]


def catalogue_digest(lang: str, root: Path | None = None) -> str:
    """One digest of the ``lang`` translation files: a render in ``lang`` depends on them."""
    return _version(sorted(((root or TRANSLATIONS) / lang / "scenes").glob("*.md")))


@dataclass(frozen=True)
class Track:
    """A render's narration in another language, timed by the render's own beats: the caption
    track's cues, the transcript's beats, and the transcript's title."""

    title: str
    cues: tuple[captions.Cue, ...]
    beats: tuple[captions.Cue, ...]

    def webvtt(self, lang: str) -> str:
        return captions.webvtt(self.cues, captions.LIMITS[lang])

    def transcript(self) -> str:
        return captions.transcript(self.title, self.beats)


def track(stamp: Mapping, lang: str, root: Path | None = None) -> Track:
    """The narration of the render ``stamp`` describes, said in ``lang``: each beat's templates
    (as the render recorded them) filled in ``lang`` with the same values, laid out and timed
    by ``lang``'s caption limits within the beat's own span, so it plays with the same video.
    NarrationError naming the unit if a translation is missing or stale, if a beat says other
    numbers than the English beat, or if it needs longer to read than its beat lasts."""
    scene = stamp.get("scene_class", stamp["scene"])
    units = stamp.get("narration_units")
    if not units or any("id" not in unit for unit in units):
        raise NarrationError(f"{stamp['scene']}: its render recorded no templates (rendered "
                             "before narration was data, or from plain text); render it again")
    title = words(f"{scene}.title", stamp["title"]).text(lang, root)
    said_beats, timed = [], []
    for beat in stamp["narration"]:
        members = [unit for unit in units if abs(unit["start"] - beat["start"]) < 5e-4]
        names = ", ".join(unit["id"] for unit in members)
        text = " ".join(restored(unit).text(lang, root) for unit in members)
        if sorted(templates.numbers(text)) != sorted(templates.numbers(beat["text"])):
            raise NarrationError(f"{names}: the {lang} beat at {beat['start']:g} s says the "
                                 f"numbers {templates.numbers(text)}, the English "
                                 f"{templates.numbers(beat['text'])}")
        try:
            span = round(beat["end"] - beat["start"], 6)
            cues = [captions.Cue(round(beat["start"] + cue.start, 3),
                                 round(beat["start"] + cue.end, 3), cue.text)
                    for cue in captions.cues([(0.0, text)], span, captions.LIMITS[lang])]
        except ValueError as error:
            raise NarrationError(f"{names}: the {lang} words do not fit the beat at "
                                 f"{beat['start']:g} s: {error}") from None
        said_beats.append(captions.Cue(beat["start"], beat["end"], text))
        timed += cues
    return Track(title, tuple(timed), tuple(said_beats))


def main(argv: list[str] | None = None) -> int:
    """``python -m animations.narration status [--lang ko]``: how many of the scenes' templates
    the language translates, and every problem, one line each (exit 1 if any)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m animations.narration",
                                     description=main.__doc__)
    parser.add_argument("command", choices=("status",))
    parser.add_argument("--lang", choices=LANGUAGES[1:], default=LANGUAGES[1])
    arguments = parser.parse_args(argv)
    known = english()
    translations = translated(arguments.lang)
    problems = translations.problems
    done = sum(unit in translations.entries for unit in known)
    print(f"{arguments.lang}: {done} of {len(known)} scene templates translated, "
          f"{len(problems)} problem(s)")
    for problem in problems:
        print(f"  {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
