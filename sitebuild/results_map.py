"""The map of results: every derivation as a node, drawn from what verification found.

Lean blueprints show how a project's results rest on one another as a graph; this
companion draws the same from checked data, so the map cannot claim more than the
checks do. Each derivation is a node whose fill is the kind of check of its
conclusion (from its verification record), whose border is the scope of its badge
(the narrowest along everything it uses, :mod:`derivations.engine.dependencies`)
and whose shape says theorem, exercise or erratum; each prose-only assumption is a
node of its own beside the derivation it carries, because an assumption is what a
reader must take on trust. Arrows run from what is relied on to what relies on it.

The figure is inline SVG laid out here at build time (no JavaScript, no CDN), so it
works offline and from disk, and it is deterministic: the same records give the same
bytes. Colours are CSS variables set per scheme in ``companion.css``; the border's
style (thick, thin, dashed, dotted) and the node's shape carry the scope and the
kind of result without colour. A table of the same facts follows the figure for
screen readers and narrow screens (:func:`table`).

Layout: one band per chapter, in chapter order; inside a band, rows by dependency
depth (a derivation sits below everything it uses within its band), each row wrapped
onto four columns and ordered by where what it uses sits (the barycentre step of a
layered, Sugiyama-style layout), then by shape and registry order. An arrow to the
next line is a curve; a longer one runs through the gaps between lines and columns,
so it never passes behind a node.

The figure's words are templates (``[map]`` and ``[check]`` of ``sitebuild/reports.toml``,
:mod:`sitebuild.translation.templates`): the Korean edition draws the same map with the
Korean templates (:func:`figure_in`). The table stays English here: its Korean is a translated
fragment.
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from derivations.engine.dependencies import Effective, effective_scopes, rests_on
from derivations.engine.derivation import Derivation
from derivations.engine.records import DerivationRecord
from sitebuild.outline import chapter_pages, outline
from sitebuild.svg import MIN_FONT
from sitebuild.theorems import ERRATUM_PREFIX, EXERCISE_PREFIX
from sitebuild.translation.templates import Words, english

FIGURE = "results-map.md"
TABLE = "results-map-table.md"

# Kinds of check, in the order the legend shows them; "failed" appears only while authoring.
KINDS = ("symbolic", "induction", "chain", "instances", "numeric")
FAILED = "failed"
KIND_WORDS = {**{kind: kind for kind in KINDS}, FAILED: "does not verify"}
# Scopes, broadest first: the border's width and dashes, so they read without colour.
SCOPES = ("general", "fixed-size", "instances", "numeric")
SCOPE_WORDS = {"general": "general", "fixed-size": "fixed size", "instances": "instances",
               "numeric": "numeric"}
BORDERS: dict[str, tuple[float, str | None]] = {  # stroke width, dash array
    "general": (3.0, None),
    "fixed-size": (1.25, None),
    "instances": (1.75, "7 4"),
    "numeric": (2.0, "0.5 4.5"),
}
SHAPES = ("theorem", "exercise", "erratum")

WIDTH = 680  # the widest figure that fits the column at 1280 px without scrolling
MARGIN = 10
FONT = MIN_FONT
LINE = 15  # line height of node text
COLUMNS = 4
NODE_WIDTH = 156  # MARGIN + COLUMNS nodes with GAP between them + MARGIN = WIDTH
NODE_PAD = 8  # above the first line and below the last
TEXT_INSET = 13  # between a node's side and its text (the erratum's points need room)
GAP = 12  # between nodes of one line
ASSUMPTION_WIDTH, ASSUMPTION_HEIGHT, ASSUMPTION_GAP = 80, 40, 6
LINE_GAP = 16  # between wrapped lines of one row
ROW_GAP = 34  # between rows of different depth: room for arrows
BAND_GAP = 30  # above a chapter's heading
HEADING = 40  # from a band's top to its first line: the heading, then a lane for arrows
HEADING_TEXT = 25  # from a band's top to below its heading's text
ARROW = "results-map-arrow"

# Advance widths of DejaVu Sans (the default sans-serif on Linux, wider than Helvetica and
# Arial), per 1000 units of the font size, for ASCII 32-126: text is wrapped on these, so a
# line fits its box in every common sans-serif font.
_REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698,
    770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732,
    684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
    634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592,
    525, 636, 337, 636, 838)
_BOLD_FACTOR = 1.12  # DejaVu Sans Bold is about this much wider
_OTHER = 700  # any other character: wide enough for accented letters and dashes
_WIDE = 1000  # a Hangul syllable or letter (the Korean edition's map): a full em, as CJK is drawn


def _advance(c: str) -> int:
    if 32 <= ord(c) < 127:
        return _REGULAR[ord(c) - 32]
    return _WIDE if "\uac00" <= c <= "\ud7a3" or "\u3130" <= c <= "\u318f" else _OTHER


@dataclass(frozen=True)
class Result:
    """One derivation as the map shows it: what it is, how it was checked, what it rests on.

    ``kind`` is the kind of check of its conclusion (or :data:`FAILED`); ``scope`` and
    ``scope_label`` are its badge's scope, narrowed by what it uses; ``own_scope_label``
    is its conclusion's own; ``page`` is the page (``chapter-1.md``) whose box has the
    slug as its id.
    """

    slug: str
    title: str
    chapter: int
    page: str
    kind: str
    scope: str
    scope_label: str
    own_scope_label: str
    uses: tuple[str, ...]
    assumptions: tuple[str, ...]

    @property
    def shape(self) -> str:
        """theorem, exercise or erratum: the node's shape."""
        if self.slug.startswith(EXERCISE_PREFIX):
            return "exercise"
        if self.slug.startswith(ERRATUM_PREFIX):
            return "erratum"
        return "theorem"

    @property
    def name(self) -> str:
        """What the reader calls it besides its title: "Exercise 1.3", "Erratum", "Theorem"."""
        if self.shape == "exercise":
            return "Exercise " + ".".join(self.slug.removeprefix(EXERCISE_PREFIX).split("-"))
        return self.shape.capitalize()

    @property
    def href(self) -> str:
        """The link to its box, as the built site spells it (flat pages, ``.html``)."""
        return f"{self.page.removesuffix('.md')}.html#{self.slug}"


def conclusion_kind(record: DerivationRecord) -> str:
    """The kind of check of the record's conclusion step; :data:`FAILED` if it did not verify
    (shown only while authoring: a failing derivation stops the build otherwise)."""
    if not record.passed:
        return FAILED
    for step in record.steps:
        if step.label == record.conclusion:
            return step.kind
    raise ValueError(f"{record.slug}: its record has no step {record.conclusion!r}, the "
                     f"conclusion; steps: {[step.label for step in record.steps]}")


def results(records: Sequence[DerivationRecord], uses: Mapping[str, Sequence[str]],
            assumptions: Mapping[str, Sequence[str]], pages: Mapping[str, str]) -> list[Result]:
    """The map's nodes, in the records' (registry) order.

    ``uses`` and ``assumptions`` map a slug to the slugs it uses and to its assumptions'
    texts (missing: none); ``pages`` to the page that publishes it. A ``uses`` naming an
    unknown derivation, or a cycle of uses, is refused with a ValueError naming them, as
    is a derivation no page publishes (its node would link nowhere).
    """
    effective = effective_of(records, uses)  # refuses unknown slugs and cycles, naming them
    unpublished = [record.slug for record in records if record.slug not in pages]
    if unpublished:
        raise ValueError(f"derivations on no page cannot be linked from the map: {unpublished}")
    return [Result(slug=r.slug, title=r.title, chapter=r.chapter, page=pages[r.slug],
                   kind=conclusion_kind(r), scope=effective[r.slug].scope.name,
                   scope_label=effective[r.slug].scope.label, own_scope_label=r.scope_label,
                   uses=tuple(uses.get(r.slug, ())),
                   assumptions=tuple(assumptions.get(r.slug, ())))
            for r in records]


def effective_of(records: Iterable[DerivationRecord], uses: Mapping[str, Sequence[str]]
                 ) -> dict[str, Effective]:
    """Each record's badge scope, the narrowest along everything it uses (``uses``: slug → the
    slugs it uses; missing: none), from the conclusion scopes verification found.

    The map's borders and the theorem boxes' badges both come from here, so the two never
    disagree. A ``uses`` naming a slug with no record, or a cycle, is refused with a
    ValueError naming them (:func:`derivations.engine.dependencies.rests_on`).
    """
    return effective_scopes({record.slug: (record.scope, record.scope_label,
                                           tuple(uses.get(record.slug, ())))
                             for record in records})


def depths(found: Sequence[Result]) -> dict[str, int]:
    """Each result's row in its chapter's band: 0 if it uses no result of its own chapter,
    else one more than the deepest of those it uses. (A result used from an earlier
    chapter sits in an earlier band already.) Unknown slugs and cycles are refused
    (ValueError) before any depth is taken."""
    uses = {result.slug: result.uses for result in found}
    rests_on(uses)
    chapter = {result.slug: result.chapter for result in found}
    depth: dict[str, int] = {}

    def of(slug: str) -> int:
        if slug not in depth:
            depth[slug] = 1 + max((of(used) for used in uses[slug]
                                   if chapter[used] == chapter[slug]), default=-1)
        return depth[slug]

    for slug in uses:
        of(slug)
    return depth


def assumption_numbers(found: Sequence[Result]) -> dict[tuple[str, int], str]:
    """``A1``, ``A2``, … for each (slug, index of its assumption), in the order of ``found``
    (the map's reading order, :attr:`Layout.order`): the names the figure and the table
    share."""
    names: dict[tuple[str, int], str] = {}
    for result in found:
        for index in range(len(result.assumptions)):
            names[(result.slug, index)] = f"A{len(names) + 1}"
    return names


# -- text --------------------------------------------------------------------------------------


def text_width(text: str, size: float = FONT, bold: bool = False) -> float:
    """The width of ``text`` in px at ``size``, by DejaVu Sans' advance widths (an upper bound
    for the common sans-serif fonts)."""
    units = sum(map(_advance, text))
    return units * size / 1000 * (_BOLD_FACTOR if bold else 1.0)


def wrap(text: str, width: float, size: float = FONT) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a word longer than a
    line keeps a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


# -- layout ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Box:
    """A placed node: a derivation (``assumption`` None) or one of its assumptions, on the
    figure's ``line`` (lines are numbered top to bottom across every band)."""

    key: str
    slug: str
    x: float
    y: float
    width: float
    height: float
    lines: tuple[str, ...]
    line: int
    assumption: str | None = None

    @property
    def centre(self) -> float:
        return self.x + self.width / 2


@dataclass(frozen=True)
class Edge:
    """An arrow from what is relied on (``source``) to what relies on it (``target``):
    a cubic from one line to the next (start, two control points, end), or, across lines
    between them, straight runs through the gaps between lines and between columns, where
    no node is, so an arrow never passes behind a node it does not end at."""

    source: str
    target: str
    points: tuple[tuple[float, float], ...]
    curved: bool


@dataclass(frozen=True)
class Band:
    """A chapter's heading and where its band starts."""

    chapter: int
    heading: str
    y: float


@dataclass(frozen=True)
class Layout:
    """Everything the figure draws, in SVG coordinates."""

    width: float
    height: float
    top: float  # where the bands start, below the legend
    bands: tuple[Band, ...]
    boxes: tuple[Box, ...]
    edges: tuple[Edge, ...]
    order: tuple[str, ...]  # the slugs as placed: band by band, row by row, left to right
    lines: tuple[tuple[float, float, int], ...]  # each line of nodes: top, bottom, its band


def kind_words(kind: str, words: Words) -> str:
    """A kind of check (or :data:`FAILED`) in ``words``' language: :data:`KIND_WORDS`."""
    return words("map.failed") if kind == FAILED else words(f"check.{kind}")


def name_in(result: Result, words: Words) -> str:
    """:attr:`Result.name` in ``words``' language."""
    if result.shape == "exercise":
        return words("map.exercise", number=result.name.removeprefix("Exercise "))
    return words(f"map.{result.shape}")


def node_lines(result: Result, words: Words | None = None) -> tuple[str, ...]:
    """A node's text: its title wrapped to the box, then what it is and how it was checked."""
    say = words or english()
    kind = kind_words(result.kind, say)
    meta = kind if result.shape == "theorem" else f"{name_in(result, say)} · {kind}"
    return (*wrap(result.title, NODE_WIDTH - 2 * TEXT_INSET), meta)


def _node_height(lines: Sequence[str]) -> float:
    return 2 * NODE_PAD + LINE * len(lines) - (LINE - FONT) + 4


def _slots(result: Result) -> int:
    """Columns a result takes: one, and one more for its assumptions."""
    return 2 if result.assumptions else 1


def _column(slot: int) -> float:
    return MARGIN + slot * (NODE_WIDTH + GAP)


def _gutters() -> list[float]:
    """The x of every vertical run no node is on: the margins and between columns."""
    return [MARGIN / 2, *(_column(slot) - GAP / 2 for slot in range(1, COLUMNS)),
            WIDTH - MARGIN / 2]


def _row_order(row: list[Result], placed: Mapping[str, Box], index: Mapping[str, int],
               used: set[str]) -> list[Result]:
    """Results of one row, in the order they are placed.

    Results whose used results are already placed (above, or in an earlier chapter) come
    first, each after those whose used results sit further left (the barycentre step of
    a layered layout); then the rest by shape (theorems, exercises, errata) and registry
    order. Results that others in the band use come last, so a wrapped row puts them on
    its last line, next to the row of their users.
    """
    def key(result: Result) -> tuple[bool, bool, float, int, int]:
        above = [placed[slug].centre for slug in result.uses if slug in placed]
        middle = sum(above) / len(above) if above else 0.0
        return (result.slug in used, not above, middle, SHAPES.index(result.shape),
                index[result.slug])

    return sorted(row, key=key)


def _wrapped(row: list[Result]) -> list[list[Result]]:
    lines: list[list[Result]] = [[]]
    for result in row:
        if lines[-1] and sum(map(_slots, lines[-1])) + _slots(result) > COLUMNS:
            lines.append([])
        lines[-1].append(result)
    return lines


def layout(found: Sequence[Result], headings: Mapping[int, str], top: float = 0.0,
           words: Words | None = None) -> Layout:
    """Place every result and assumption, band by chapter, row by depth; route the arrows.

    Nodes sit in :data:`COLUMNS` columns (a result with assumptions takes two: its
    assumptions right-aligned in the first), so the gaps between columns line up from
    top to bottom and a long arrow can run down them. ``headings`` names each chapter's
    band (missing: "Chapter N"); ``top`` is where the first band starts (below the
    legend). Unknown slugs and cycles are refused. ``words``: the language of the nodes' text.
    """
    say = words or english()
    depth = depths(found)
    index = {result.slug: position for position, result in enumerate(found)}
    order: list[Result] = []
    placed: dict[str, Box] = {}
    boxes: list[Box] = []
    bands: list[Band] = []
    lines: list[tuple[float, float, int]] = []
    y = top
    for chapter in sorted({result.chapter for result in found}):
        y += BAND_GAP if bands else 0
        bands.append(Band(chapter, headings.get(chapter, say("map.chapter", number=chapter)),
                          y))
        y += HEADING
        members = [result for result in found if result.chapter == chapter]
        used = {slug for result in members for slug in result.uses}
        for level in sorted({depth[result.slug] for result in members}):
            row = _row_order([r for r in members if depth[r.slug] == level], placed, index,
                             used)
            for number, line in enumerate(_wrapped(row)):
                y += LINE_GAP if number else 0
                slot = (COLUMNS - sum(map(_slots, line))) // 2  # centred, on the columns
                height = 0.0
                for result in line:
                    order.append(result)
                    numbers = assumption_numbers(order)
                    texts = node_lines(result, say)
                    node_height = _node_height(texts)
                    stack = len(result.assumptions) * (ASSUMPTION_HEIGHT + ASSUMPTION_GAP) \
                        - ASSUMPTION_GAP
                    group_height = max(node_height, stack)
                    for position in range(len(result.assumptions)):
                        name = numbers[(result.slug, position)]
                        boxes.append(Box(
                            f"{result.slug}--{name}", result.slug,
                            _column(slot + 1) - GAP - ASSUMPTION_WIDTH,
                            y + (group_height - stack) / 2
                            + position * (ASSUMPTION_HEIGHT + ASSUMPTION_GAP),
                            ASSUMPTION_WIDTH, ASSUMPTION_HEIGHT, (name, say("map.assumed")),
                            len(lines),
                            name))
                    slot += _slots(result) - 1
                    box = Box(result.slug, result.slug, _column(slot),
                              y + (group_height - node_height) / 2, NODE_WIDTH, node_height,
                              texts, len(lines))
                    boxes.append(box)
                    placed[result.slug] = box
                    slot += 1
                    height = max(height, group_height)
                lines.append((y, y + height, len(bands) - 1))
                y += height
            y += ROW_GAP
        y -= ROW_GAP
    edges = _route(found, placed, boxes, lines, bands)
    return Layout(WIDTH, y + MARGIN, top, tuple(bands), tuple(boxes), tuple(edges),
                  tuple(result.slug for result in order), tuple(lines))


def _route(found: Sequence[Result], placed: Mapping[str, Box], boxes: Sequence[Box],
           lines: Sequence[tuple[float, float, int]], bands: Sequence[Band]) -> list[Edge]:
    """Arrows: from a used result's bottom to its user's top (top to bottom when the user
    sits higher), ports spread along each side in the order of the other ends; from an
    assumption's right to its derivation's left.

    An arrow to the next line of its band is a curve through the gap between the two
    lines. Any other turns into the gap after its start's line, runs along it to the
    nearest gap between columns (or margin) that crosses no chapter heading, down that
    gap to the gap before its end's line (below the heading, if a band starts there), and
    along it to its end. Arrows sharing a gap are spread over three lanes, so they seldom
    lie on top of one another.
    """
    pairs = [(used, result.slug) for result in found for used in result.uses]
    downward = {pair: placed[pair[1]].line >= placed[pair[0]].line for pair in pairs}
    ends: dict[tuple[str, str], list[tuple[float, str]]] = {}
    for source, target in pairs:
        down = downward[(source, target)]
        ends.setdefault((source, "bottom" if down else "top"), []).append(
            (placed[target].centre, target))
        ends.setdefault((target, "top" if down else "bottom"), []).append(
            (placed[source].centre, source))

    def port(slug: str, side: str, other: str) -> tuple[float, float]:
        box = placed[slug]
        order = sorted(ends[(slug, side)])
        position = [name for _, name in order].index(other)
        x = box.x + box.width * (position + 1) / (len(order) + 1)
        return (x, box.y + box.height if side == "bottom" else box.y)

    def gap(after: int, lower: bool) -> float:
        """The middle of the gap after line ``after``; where a band starts in it, of its part
        above the band (``lower`` False) or between the heading and the next line."""
        top, bottom = lines[after][1], lines[after + 1][0]
        if lines[after][2] != lines[after + 1][2]:
            band = bands[lines[after + 1][2]]
            top, bottom = (band.y + HEADING_TEXT, bottom) if lower else (top, band.y)
        return (top + bottom) / 2

    def clear(x: float, low: float, high: float) -> bool:
        """Whether a vertical run at ``x`` from ``low`` to ``high`` misses every heading."""
        return all(not (low < band.y + HEADING and band.y < high)
                   or x > MARGIN + text_width(band.heading, bold=True) + GAP
                   for band in bands)

    edges = []
    lane = 0
    for source, target in pairs:
        down = downward[(source, target)]
        start = port(source, "bottom" if down else "top", target)
        end = port(target, "top" if down else "bottom", source)
        first, last = placed[source].line, placed[target].line
        if abs(last - first) <= 1 and lines[first][2] == lines[last][2]:
            pull = max(12.0, abs(end[1] - start[1]) / 2) * (1 if down else -1)
            edges.append(Edge(source, target, (start, (start[0], start[1] + pull),
                                               (end[0], end[1] - pull), end), True))
            continue
        shift = 4.0 * (lane % 3 - 1)
        lane += 1
        leave = (gap(first, False) if down else gap(first - 1, True)) + shift
        arrive = (gap(last - 1, True) if down else gap(last, False)) + shift
        low, high = sorted((leave, arrive))
        gutters = [g for g in _gutters() if clear(g, low, high)] or _gutters()
        gutter = min(gutters, key=lambda g: (abs(g - start[0]) + abs(g - end[0]), g)) \
            + shift * 0.75
        edges.append(Edge(source, target, (start, (start[0], leave), (gutter, leave),
                                           (gutter, arrive), (end[0], arrive), end), False))
    for box in boxes:
        if box.assumption is None:
            continue
        node = placed[box.slug]
        start = (box.x + box.width, box.y + box.height / 2)
        end = (node.x, min(max(start[1], node.y + 8), node.y + node.height - 8))
        middle = (start[0] + end[0]) / 2
        edges.append(Edge(box.key, box.slug, (start, (middle, start[1]), (middle, end[1]), end),
                          True))
    return edges


# -- drawing -----------------------------------------------------------------------------------


def _n(value: float) -> str:
    """A coordinate to 0.1 px, without a trailing ``.0``: the same bytes on every build."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _text(x: float, y: float, content: str, *, anchor: str = "middle", bold: bool = False,
          italic: bool = False, colour: str = "var(--plot-foreground)") -> str:
    weight = ' font-weight="bold"' if bold else ""
    style = ' font-style="italic"' if italic else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" text-anchor="{anchor}"{weight}{style} '
            f'style="fill:{colour}">{html.escape(content, quote=False)}</text>')


def shape(kind_of_result: str, x: float, y: float, width: float, height: float,
          fill: str, scope: str | None) -> str:
    """The outline of a node: a rectangle (theorem), a rounded box (exercise), a tag pointed at
    both ends (erratum) or an ellipse (assumption); its border says ``scope`` (None: a thin
    line in the assumed colour)."""
    if scope is None:
        stroke = ('stroke-width="1.25" class="map-outline map-assumption" '
                  'style="fill:var(--map-assumed);stroke:var(--map-assumed-edge)"')
    else:
        width_px, dash = BORDERS[scope]
        dashing = f' stroke-dasharray="{dash}" stroke-linecap="round"' if dash else ""
        stroke = (f'stroke-width="{width_px:g}"{dashing} class="map-outline map-scope-{scope}" '
                  f'style="fill:var(--map-{fill});stroke:var(--plot-foreground)"')
    if kind_of_result == "theorem":
        return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}" '
                f'{stroke}/>')
    if kind_of_result == "exercise":
        return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}" '
                f'rx="{_n(min(14.0, height / 2))}" {stroke}/>')
    if kind_of_result == "erratum":
        point = min(10.0, height / 2)
        corners = [(x + point, y), (x + width - point, y), (x + width, y + height / 2),
                   (x + width - point, y + height), (x + point, y + height), (x, y + height / 2)]
        return (f'<polygon points="{" ".join(f"{_n(a)},{_n(b)}" for a, b in corners)}" '
                f'{stroke}/>')
    if kind_of_result == "assumption":
        return (f'<ellipse cx="{_n(x + width / 2)}" cy="{_n(y + height / 2)}" '
                f'rx="{_n(width / 2)}" ry="{_n(height / 2)}" {stroke}/>')
    raise ValueError(f"shape: expected theorem, exercise, erratum or assumption, got "
                     f"{kind_of_result!r}")


def _arrow_defs() -> str:
    return (f'<defs><marker id="{ARROW}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
            f'markerHeight="7" markerUnits="userSpaceOnUse" orient="auto">'
            f'<path d="M0,0 L10,5 L0,10 z" style="fill:var(--plot-muted)"/></marker></defs>')


def _edge(edge: Edge, kind: str) -> str:
    (x0, y0), *rest = edge.points
    way = (" C" if edge.curved else " L") + " ".join(f"{_n(x)},{_n(y)}" for x, y in rest)
    return (f'<path class="map-edge map-edge-{kind}" d="M{_n(x0)},{_n(y0)}{way}" fill="none" '
            f'stroke-width="1.5" stroke-linejoin="round" marker-end="url(#{ARROW})" '
            f'style="stroke:var(--plot-muted)"/>')


def _legend(found: Sequence[Result], say: Words) -> tuple[list[str], float]:
    """The legend's rows (fill, border, shape, arrow) and the height they take."""
    kinds = [*KINDS, *([FAILED] if any(r.kind == FAILED for r in found) else [])]
    label_width = 178
    rows: list[tuple[str, list[tuple[str, float, str]]]] = [
        (say("map.fill"), [(shape("theorem", 0, 0, 22, 14, kind, "fixed-size"), 22,
                            kind_words(kind, say)) for kind in kinds]),
        (say("map.border"), [(shape("theorem", 0, 0, 30, 14, "neutral", scope), 30,
                              say(f"map.scope-{scope}")) for scope in SCOPES]),
        (say("map.shape"), [
            *((shape(name, 0, 0, 34, 16, "neutral", "fixed-size"), 34, say(f"map.shape-{name}"))
              for name in SHAPES),
            (shape("assumption", 0, 0, 34, 16, "", None), 34, say("map.assumption"))]),
        (say("map.arrow"), [(
            f'<path d="M0,8 L30,8" fill="none" stroke-width="1.5" marker-end="url(#{ARROW})" '
            f'style="stroke:var(--plot-muted)"/>', 30, say("map.arrow-meaning"))]),
    ]
    parts: list[str] = []
    y = MARGIN
    for label, items in rows:
        parts.append(_text(MARGIN, y + 12, label, anchor="start", bold=True))
        x = MARGIN + label_width
        for sample, sample_width, words in items:
            width = sample_width + 6 + text_width(words)
            if x + width > WIDTH - MARGIN and x > MARGIN + label_width:
                x, y = MARGIN + label_width, y + 22
            parts.append(f'<g transform="translate({_n(x)},{_n(y)})">{sample}</g>')
            parts.append(_text(x + sample_width + 6, y + 12, words, anchor="start"))
            x += width + 16
        y += 24
    return parts, y + 8


def figure(found: Sequence[Result], headings: Mapping[int, str],
           words: Words | None = None) -> str:
    """The map as inline SVG in a sideways-scrolling box, every node a link to its theorem.

    Every text is :data:`~sitebuild.svg.MIN_FONT` px in the figure's units and the figure
    never renders narrower than its width, so no label is smaller than that; on a phone
    the box scrolls sideways, and the table after it carries the same facts.
    """
    say = words or english()
    legend, top = _legend(found, say)
    placed = layout(found, headings, top, say)
    by_slug = {result.slug: result for result in found}
    parts = [_arrow_defs(),
             f'<rect width="{WIDTH}" height="{_n(placed.height)}" '
             f'style="fill:var(--plot-background)"/>', *legend]
    for band in placed.bands:
        parts.append(f'<line x1="{MARGIN}" y1="{_n(band.y)}" x2="{WIDTH - MARGIN}" '
                     f'y2="{_n(band.y)}" stroke-width="1" style="stroke:var(--plot-grid)"/>')
        parts.append(_text(MARGIN, band.y + 19, band.heading, anchor="start", bold=True))
    for edge in placed.edges:
        kind = "assumption" if edge.source not in by_slug else "uses"
        parts.append(_edge(edge, kind))
    for box in placed.boxes:
        result = by_slug[box.slug]
        if box.assumption is not None:
            label = say("map.assumption-label", number=box.assumption, title=result.title)
            outline = shape("assumption", box.x, box.y, box.width, box.height, "", None)
            texts = [_text(box.centre, box.y + 17, box.lines[0], bold=True),
                     _text(box.centre, box.y + 31, box.lines[1])]
        else:
            label = say("map.node-label", name=name_in(result, say), title=result.title,
                        chapter=result.chapter, kind=kind_words(result.kind, say),
                        scope=say(f"map.scope-{result.scope}"))
            outline = shape(result.shape, box.x, box.y, box.width, box.height, result.kind,
                            result.scope)
            texts = [_text(box.centre, box.y + NODE_PAD + FONT + LINE * number, line,
                           italic=number == len(box.lines) - 1)
                     for number, line in enumerate(box.lines)]
        parts.append(f'<a class="map-node" href="{html.escape(result.href)}" '
                     f'data-slug="{result.slug}"><title>{html.escape(label, quote=False)}'
                     f"</title>{outline}{''.join(texts)}</a>")
    assumptions = sum(len(result.assumptions) for result in found)
    arrows = sum(len(result.uses) for result in found)
    description = say("map.description", results=len(found), chapters=len(placed.bands),
                      assumptions=assumptions, uses=arrows)
    return "\n".join([
        '<div class="figure-scroll results-map">',
        f'<svg xmlns="http://www.w3.org/2000/svg" class="companion-plot" '
        f'viewBox="0 0 {WIDTH} {_n(placed.height)}" aria-label="{description}" '
        f'style="min-width:{WIDTH}px;font-family:sans-serif;font-size:{FONT}px">',
        *parts, "</svg>", "</div>", "",
    ])


# -- the table ---------------------------------------------------------------------------------

_MATH = re.compile(r"(\$[^$]+\$)")
_ATTRIBUTES = re.compile(r"\s*\{[^{}]*\}\s*$")  # a heading's `{ #id }`


def _cell(markdown: str) -> str:
    """``markdown`` safe in a table cell: a ``|`` in math becomes ``\\vert``, in words ``\\|``;
    a line break would end the row, so it becomes a space."""
    parts = _MATH.split(" ".join(markdown.split()))
    return "".join(part.replace(r"\|", r"\Vert{}").replace("|", r"\vert{}") if index % 2
                   else part.replace("|", r"\|") for index, part in enumerate(parts))


def table(found: Sequence[Result]) -> str:
    """The map's facts as a table, in the map's reading order: each result (linked), its
    chapter, the kind and scope of its check, the results it uses and the assumptions it
    rests on (numbered as in the figure)."""
    by_slug = {result.slug: result for result in found}
    ordered = [by_slug[slug] for slug in layout(found, {}).order]
    numbers = assumption_numbers(ordered)
    rows = ["| Result | Chapter | Check | Scope | Uses | Assumptions |",
            "|---|---|---|---|---|---|"]
    for result in ordered:
        name = "" if result.shape == "theorem" else f"{result.name}: "
        title = f"{name}[{result.title}]({result.page}#{result.slug}) `{result.slug}`"
        scope = result.scope_label
        if result.scope_label != result.own_scope_label:
            scope += f" (its own conclusion: {result.own_scope_label})"
        uses = "; ".join(f"[{by_slug[slug].title}]({by_slug[slug].page}#{slug})"
                         for slug in result.uses) or "none"
        assumed = "; ".join(f"**{numbers[(result.slug, index)]}** {text}"
                            for index, text in enumerate(result.assumptions)) or "none"
        cells = [title, str(result.chapter), KIND_WORDS[result.kind], scope, uses, assumed]
        rows.append("| " + " | ".join(_cell(cell) for cell in cells) + " |")
    return '<div class="results-table" markdown="1">\n\n' + "\n".join(rows) + "\n\n</div>\n"


# -- from the registry -------------------------------------------------------------------------

def chapter_headings(chapters: Sequence[int], words: Words | None = None,
                     docs: Path | None = None) -> dict[int, str]:
    """"Chapter N: <its page's title>" for each chapter with a page (its title from ``docs``,
    a translated edition's pages folder, where that has the page)."""
    say = words or english()
    pages = chapter_pages()
    headings = {}
    for chapter in chapters:
        page = pages.get(chapter)
        if page is not None and docs is not None and (docs / page.name).is_file():
            page = docs / page.name
        title = outline(page).title if page is not None else None
        title = title and _ATTRIBUTES.sub("", title)  # a translated page keeps the English id
        headings[chapter] = (say("map.chapter-titled", number=chapter, title=title) if title
                             else say("map.chapter", number=chapter))
    return headings


def _found(records: Sequence[DerivationRecord], pages: Mapping[str, str]) -> list[Result]:
    built = registered(records)
    uses = {slug: derivation.uses for slug, derivation in built.items()}
    assumed = {slug: tuple(a.text for a in derivation.assumptions)
               for slug, derivation in built.items()}
    return results(records, uses, assumed, pages)


def fragments(records: Sequence[DerivationRecord], pages: Mapping[str, str]
              ) -> dict[str, str]:
    """The figure and the table as the fragments ``site/map.md`` includes by name, from the
    verification ``records`` and the registered derivations' ``uses`` and assumptions."""
    found = _found(records, pages)
    headings = chapter_headings(sorted({result.chapter for result in found}))
    return {FIGURE: figure(found, headings), TABLE: table(found)}


def figure_in(records: Sequence[DerivationRecord], pages: Mapping[str, str], words: Words,
              docs: Path | None = None) -> str:
    """The figure of :func:`fragments` in ``words``' language: its templates, the titles
    as that language's theorem boxes translate them, its chapters as ``docs`` heads them."""
    found = [dataclasses.replace(result, title=words.text(result.title))
             for result in _found(records, pages)]
    return figure(found, chapter_headings(sorted({result.chapter for result in found}), words,
                                          docs), words)


def registered(records: Iterable[DerivationRecord]) -> dict[str, Derivation]:
    """The registered derivation of each record, but for one its builder refuses: mid-edit
    while authoring, its record shows it failed and it uses nothing."""
    from derivations.engine import get  # the registry imports every chapter

    built = {}
    for record in records:
        try:
            built[record.slug] = get(record.slug)
        except (ValueError, TypeError, KeyError):
            continue
    return built


def badge_scopes(records: Sequence[DerivationRecord]) -> dict[str, Effective]:
    """Each record's badge scope (:func:`effective_of`) along the ``uses`` its registered
    derivation declares: what the theorem boxes show, as the map does."""
    return effective_of(records, {slug: derivation.uses
                                  for slug, derivation in registered(records).items()})
