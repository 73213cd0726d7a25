"""A scene's inputs, declared once with their types, defaults and limits; checked before rendering.

A scene class lists its inputs in ``PARAMETERS`` (a :class:`Parameters`), e.g.

    PARAMETERS = Parameters(
        Integer("steps", "multiplications shown", value=64, low=1, high=256),
        Matrix("matrix", "the matrix whose powers are drawn", derived="…"),
    )

and reads the values it was asked for from ``self.values``. The defaults are the
numbers the chapters use, taken from :mod:`derivations`; a default that other
inputs determine (the example matrix of a given size and seed) is *derived*: the
scene computes it, and ``--describe`` says how.

The command lines turn ``--set NAME=VALUE`` (``VALUE`` is a TOML value:
``--set matrix="[[0.9, 0.3], [0, 0.8]]"``, ``--set steps=100``, ``--set
activation=tanh``) and ``--params FILE.toml`` into *overrides* per scene
(:func:`requested`); every value is checked here, so a wrong shape, a non-finite
entry, an out-of-range size or an unknown name is one line naming the parameter
and what was expected (:class:`ParameterError`), before anything renders. An
override equal to the default is dropped, so asking for the default renders (and
names) the default.

This is the one check: a render runs Manim in another process, and the checked overrides
reach the scene there as data (:mod:`animations.request`), taken as they are
(:meth:`Parameters.values`). Manim-free: the command lines import it before any scene.
"""

from __future__ import annotations

import hashlib
import json
import math
import numbers
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

NAME = re.compile(r"^[a-z][a-z0-9_]*$")
NAME_SEPARATOR = "--"  # VanishingPowers--steps-100--1a2b3c4d
READABLE_LIMIT = 48  # characters of the readable part of a render's name


class ParameterError(ValueError):
    """A bad input: the message is one line naming the parameter and what was expected."""


def _number(value: object) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _shown(value: object) -> str:
    """A value as the user would type it (TOML-like), for error messages."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_shown(item) for item in value) + "]"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


@dataclass(frozen=True)
class Parameter:
    """One input: its name, what it means, and how a value is checked."""

    name: str
    help: str

    def __post_init__(self) -> None:
        if not NAME.match(self.name):
            raise ValueError(f"name: expected lower_case_with_underscores, got {self.name!r}")

    @property
    def default(self) -> Any:  # pragma: no cover - every kind defines it
        raise NotImplementedError

    def expected(self) -> str:
        """What a value must be, as words after "expected"."""
        raise NotImplementedError

    def check(self, value: object) -> Any:
        """``value`` in canonical form (int, float, str, tuples), or ParameterError."""
        raise NotImplementedError

    def largest(self) -> Any:
        """The largest value allowed: what the limit tests render."""
        raise NotImplementedError

    def smallest(self) -> Any:
        """The smallest value allowed: what the limit tests render too."""
        raise NotImplementedError

    def default_text(self) -> str:
        return _shown(self.default)

    def error(self, value: object, why: str = "") -> ParameterError:
        got = why or f"got {_shown(value)}"
        return ParameterError(f"{self.name}: expected {self.expected()}, {got}")


@dataclass(frozen=True)
class Integer(Parameter):
    """A whole number from ``low`` to ``high``."""

    value: int = 0
    low: int = 0
    high: int = 0

    @property
    def default(self) -> int:
        return self.value

    def expected(self) -> str:
        return f"an integer from {self.low} to {self.high}"

    def check(self, value: object) -> int:
        if not isinstance(value, numbers.Integral) or isinstance(value, bool):
            raise self.error(value)
        if not self.low <= int(value) <= self.high:
            raise self.error(value)
        return int(value)

    def largest(self) -> int:
        return self.high

    def smallest(self) -> int:
        return self.low


@dataclass(frozen=True)
class Real(Parameter):
    """A finite number from ``low`` to ``high`` (integers are accepted)."""

    value: float = 0.0
    low: float = 0.0
    high: float = 0.0

    @property
    def default(self) -> float:
        return float(self.value)

    def expected(self) -> str:
        return f"a number from {self.low:g} to {self.high:g}"

    def check(self, value: object) -> float:
        if not _number(value) or not math.isfinite(float(value)):
            raise self.error(value)
        if not self.low <= float(value) <= self.high:
            raise self.error(value)
        return float(value)

    def largest(self) -> float:
        return float(self.high)

    def smallest(self) -> float:
        return float(self.low)


@dataclass(frozen=True)
class Choice(Parameter):
    """One of a few names."""

    value: str = ""
    choices: tuple[str, ...] = ()

    @property
    def default(self) -> str:
        return self.value

    def expected(self) -> str:
        return "one of " + ", ".join(self.choices)

    def check(self, value: object) -> str:
        if not isinstance(value, str) or value not in self.choices:
            raise self.error(value)
        return value

    def largest(self) -> str:
        return self.choices[-1]

    def smallest(self) -> str:
        return self.choices[0]


def _rows(parameter: Parameter, value: object) -> list[list[object]]:
    if not isinstance(value, list | tuple) or not all(isinstance(r, list | tuple) for r in value):
        raise parameter.error(value, f"got {_shown(value)}, which is not a list of rows")
    return [list(row) for row in value]


def _finite_entries(parameter: Parameter, rows: list[list[object]], bound: float,
                    what: str) -> tuple[tuple[float, ...], ...]:
    for i, row in enumerate(rows, start=1):
        for j, entry in enumerate(row, start=1):
            if not _number(entry):
                raise parameter.error(entry, f"got {_shown(entry)} at {what} {i}, entry {j}")
            if not math.isfinite(float(entry)):
                raise parameter.error(entry, f"got the non-finite {_shown(float(entry))} at "
                                             f"{what} {i}, entry {j}")
            if abs(float(entry)) > bound:
                raise parameter.error(entry, f"got {_shown(entry)} at {what} {i}, entry {j}")
    return tuple(tuple(float(entry) for entry in row) for row in rows)


@dataclass(frozen=True)
class Matrix(Parameter):
    """A square matrix of size ``low`` to ``high`` with finite entries of size at most ``bound``.

    ``derived`` says how the scene computes the default from its other inputs.
    """

    low: int = 2
    high: int = 8
    bound: float = 10.0
    derived: str = ""

    @property
    def default(self) -> None:
        return None

    def default_text(self) -> str:
        return self.derived

    def expected(self) -> str:
        return (f"a square matrix from {self.low}×{self.low} to {self.high}×{self.high} "
                f"with finite entries between {-self.bound:g} and {self.bound:g}")

    def check(self, value: object) -> tuple[tuple[float, ...], ...]:
        rows = _rows(self, value)
        lengths = sorted({len(row) for row in rows})
        if lengths != [len(rows)]:
            shape = ", ".join(str(len(row)) for row in rows)
            raise self.error(value, f"got {len(rows)} row(s) of length(s) {shape or 'none'}")
        if not self.low <= len(rows) <= self.high:
            raise self.error(value, f"got a {len(rows)}×{len(rows)} matrix")
        return _finite_entries(self, rows, self.bound, "row")

    def largest(self) -> None:
        return None  # the derived default at the largest size: the scene's other limits

    def smallest(self) -> None:
        return None  # the derived default at the smallest size


@dataclass(frozen=True)
class Points(Parameter):
    """``low`` to ``high`` points of the plane, each coordinate finite and at most ``bound``."""

    value: tuple[tuple[float, float], ...] = ()
    low: int = 1
    high: int = 1
    bound: float = 1.0

    @property
    def default(self) -> tuple[tuple[float, float], ...]:
        return tuple((float(x), float(y)) for x, y in self.value)

    def expected(self) -> str:
        return (f"{self.low} to {self.high} points [x, y] with coordinates between "
                f"{-self.bound:g} and {self.bound:g}")

    def check(self, value: object) -> tuple[tuple[float, ...], ...]:
        rows = _rows(self, value)
        if not self.low <= len(rows) <= self.high:
            raise self.error(value, f"got {len(rows)} point(s)")
        for index, row in enumerate(rows, start=1):
            if len(row) != 2:
                raise self.error(value, f"got point {index} with {len(row)} coordinate(s)")
        return _finite_entries(self, rows, self.bound, "point")

    def largest(self) -> tuple[tuple[float, ...], ...]:
        """As many points as allowed, on the edge of the allowed square."""
        corners = [(1, 1), (-1, -1), (1, -1), (-1, 1), (1, 0), (0, 1), (-1, 0), (0, -1)]
        return tuple((self.bound * x, self.bound * y) for x, y in
                     (corners * self.high)[:self.high])

    def smallest(self) -> tuple[tuple[float, ...], ...]:
        """As few points as allowed, at the allowed square's lowest corner."""
        return tuple((-self.bound, -self.bound) for _ in range(self.low))


Values = Mapping[str, Any]
Check = Callable[[Values], None]


class Parameters:
    """A scene's inputs, in the order ``--describe`` lists them, and a check across them.

    ``check(values)`` raises ParameterError for combinations no single limit
    catches (powers that overflow float64, a start outside the plotted square…).
    """

    def __init__(self, *items: Parameter, check: Check | None = None) -> None:
        names = [item.name for item in items]
        if len(set(names)) != len(names):
            raise ValueError(f"items: a parameter name is declared twice in {names}")
        self.items = tuple(items)
        self.check = check

    def names(self) -> list[str]:
        return [item.name for item in self.items]

    def __getitem__(self, name: str) -> Parameter:
        for item in self.items:
            if item.name == name:
                return item
        raise KeyError(name)

    def defaults(self) -> dict[str, Any]:
        return {item.name: item.default for item in self.items}

    def overrides(self, given: Mapping[str, object], scene: str) -> dict[str, Any]:
        """The checked values in ``given`` that differ from the defaults (canonical form)."""
        unknown = [name for name in given if name not in self.names()]
        if unknown:
            known = ", ".join(self.names()) or "none"
            raise ParameterError(f"{unknown[0]}: {scene} has no such parameter; its "
                                 f"parameters: {known}")
        checked = {name: self[name].check(value) for name, value in given.items()}
        kept = {name: value for name, value in checked.items() if value != self[name].default}
        return {name: kept[name] for name in self.names() if name in kept}

    def resolve(self, given: Mapping[str, object], scene: str) -> dict[str, Any]:
        """Every value the scene uses: the defaults with ``given`` checked and applied, and the
        cross-check run."""
        values = self.values(self.overrides(given, scene))
        if self.check is not None:
            self.check(values)
        return values

    def values(self, overrides: Mapping[str, Any]) -> dict[str, Any]:
        """Every value the scene uses: the defaults with ``overrides`` applied as they are.

        Only for overrides already checked (:func:`requested` made them): a render process
        and the stamp take a render's inputs from here, so they are checked once, when asked
        for, not again on each side of the process boundary."""
        return {**self.defaults(), **overrides}

    def largest(self) -> dict[str, Any]:
        """Each parameter at its largest allowed value (the limit tests render these)."""
        return {item.name: item.largest() for item in self.items
                if item.largest() is not None}

    def smallest(self) -> dict[str, Any]:
        """Each parameter at its smallest allowed value (the limit tests render these too)."""
        return {item.name: item.smallest() for item in self.items
                if item.smallest() is not None}

    def describe(self) -> list[str]:
        """One line per parameter: name, what it takes, its default, what it means."""
        width = max((len(item.name) for item in self.items), default=0)
        return [f"  {item.name:<{width}}  {item.expected()}; default {item.default_text()}\n"
                f"  {'':<{width}}  {item.help}" for item in self.items]


# -- what a command line asked for -------------------------------------------------------------


def parse_value(text: str) -> object:
    """A ``--set`` value: a TOML value (number, array, quoted string), else the bare word."""
    try:
        return tomllib.loads(f"value = {text}")["value"]
    except tomllib.TOMLDecodeError:
        return text.strip()


def parse_assignment(text: str) -> tuple[str | None, str, object]:
    """``[Scene.]name=value`` → (scene or None, name, value)."""
    target, equals, value = text.partition("=")
    if not equals or not target.strip():
        raise ParameterError(f"--set: expected NAME=VALUE or SCENE.NAME=VALUE, got {text!r}")
    scene, dot, name = target.strip().rpartition(".")
    return (scene if dot else None), name, parse_value(value)


MAX_PARAMETERS_BYTES = 1 << 20  # a teacher's inputs fit in far less; /dev/zero never ends


def read_file(path: Path) -> dict[str, object]:
    """A parameters file: top-level ``name = value`` pairs and ``[Scene]`` tables. Only a
    regular file of at most ``MAX_PARAMETERS_BYTES`` is read (a device or a pipe could be
    read until memory runs out)."""
    try:
        if path.exists() and not path.is_file():
            raise ParameterError(f"--params: {path} is not a regular file")
        if path.exists() and path.stat().st_size > MAX_PARAMETERS_BYTES:
            raise ParameterError(f"--params: {path} is larger than "
                                 f"{MAX_PARAMETERS_BYTES // 1024} KiB; expected a small TOML file")
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ParameterError(f"--params: cannot read {path} ({error.strerror})") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ParameterError(f"--params: {path} is not TOML ({error})") from None


def requested(declared: Mapping[str, Parameters], known: Iterable[str],
              assignments: Sequence[str] = (), file: Path | None = None,
              note: Callable[[str], None] = print) -> dict[str, dict[str, Any]]:
    """The checked overrides per scene that ``--set`` and ``--params`` ask for.

    ``declared`` maps each scene this command builds to its parameters; ``known``
    is every scene name. An unqualified name applies to every scene built here
    that declares it and must be declared by at least one; a ``[Scene]`` table or
    ``Scene.name`` targets one scene (a known scene not built here is ignored,
    said through ``note``). ``--set`` wins over the file. Each scene's values are
    then resolved, so a combination its cross-check refuses is an error here.
    """
    wanted: dict[str, dict[str, object]] = {scene: {} for scene in declared}
    sources: list[tuple[str | None, str, object, str]] = []
    if file is not None:
        for key, value in read_file(file).items():
            if isinstance(value, dict):
                sources += [(key, name, item, f"[{key}] in {file}") for name, item in value.items()]
            else:
                sources.append((None, key, value, str(file)))
    for text in assignments:
        scene, name, value = parse_assignment(text)
        sources.append((scene, name, value, "--set"))
    known = set(known)
    for scene, name, value, origin in sources:
        if scene is None:
            targets = [s for s, parameters in declared.items() if name in parameters.names()]
            if not targets:
                listed = sorted({n for p in declared.values() for n in p.names()})
                raise ParameterError(f"{name}: no scene built here has this parameter "
                                     f"({origin}); parameters: {', '.join(listed) or 'none'}")
        elif scene not in known:
            raise ParameterError(f"{scene}: no such scene ({origin}); scenes: "
                                 f"{', '.join(sorted(known))}")
        elif scene not in declared:
            note(f"{origin}: {scene} is not built by this command, its values are ignored")
            continue
        else:
            targets = [scene]
        for target in targets:
            wanted[target][name] = value
    result = {}
    for scene, given in wanted.items():
        parameters = declared[scene]
        overrides = parameters.overrides(given, scene)
        parameters.resolve(overrides, scene)
        result[scene] = overrides
    return result


# -- naming ------------------------------------------------------------------------------------


def canonical(overrides: Mapping[str, Any]) -> str:
    """One JSON text per set of overrides: what the name and the cache key are made of."""
    return json.dumps({name: overrides[name] for name in sorted(overrides)},
                      separators=(",", ":"), allow_nan=False)


def _word(name: str, value: Any) -> str:
    if isinstance(value, tuple):
        rows = len(value)
        return f"{name}-{rows}x{len(value[0])}" if value and len(value[0]) == rows \
            else f"{name}-{rows}"
    text = f"{value:g}" if isinstance(value, float) else str(value)
    return f"{name}-{text.replace('.', 'p').replace('-', 'm')}"


def output_name(scene: str, overrides: Mapping[str, Any]) -> str:
    """``scene`` for the defaults; else ``Scene--readable--digest`` (file-name safe, no dots):
    the readable part names what was set, the digest tells any two sets apart."""
    if not overrides:
        return scene
    readable = "-".join(_word(name.replace("_", ""), overrides[name]) for name in sorted(overrides))
    readable = re.sub(r"[^A-Za-z0-9-]", "", readable)[:READABLE_LIMIT].strip("-")
    digest = hashlib.sha256(canonical(overrides).encode()).hexdigest()[:10]
    return f"{scene}{NAME_SEPARATOR}{readable}{NAME_SEPARATOR}{digest}"
