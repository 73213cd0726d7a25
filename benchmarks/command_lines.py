"""How the project's command lines meet careless use: cases tried, and how each ended.

    python benchmarks/command_lines.py            # every case, a table and the count
    python benchmarks/command_lines.py --show     # also each case's last line of output

Each case runs one command line of the project (``python -m derivations``,
``animations.render``, ``lectures.decks``, ``lectures.kit``, ``sitebuild``, ``sitebuild.serve``,
``sitebuild.sitecheck``, ``experiments``) in a subprocess with a time limit. It is
*clean* when it exits with the status the project documents (0 success, 1 a failed check or
an unusable address, 2 a usage error or an unknown name) without a Python traceback, and,
when it fails, its last line of stderr says what was wrong (it contains the case's expected
words). Cases that would do long work (a full render) are left out: the refusals are what is
probed here.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field

from foundation.paths import ROOT

PYTHON = sys.executable


@dataclass(frozen=True)
class Case:
    """One command line, the exit status it must end with, and words its error must contain."""

    module: str
    args: tuple[str, ...]
    status: int
    words: str = ""
    env: dict[str, str] = field(default_factory=dict)


def case(command: str, status: int, words: str = "", **env: str) -> Case:
    module, *args = command.split(" ")
    return Case(module, tuple(args), status, words, env)


CASES = [
    # derivations
    case("derivations", 2, "required"),
    case("derivations frobnicate", 2, "invalid choice"),
    case("derivations list", 0),
    case("derivations list extra", 2, "unrecognized arguments"),
    case("derivations verify no-such-slug", 2, "unknown derivation"),
    case("derivations verify orthogonal-powers orthogonal-powers", 2, "named twice"),
    case("derivations verify --jobs 0 orthogonal-powers", 2, "--jobs"),
    case("derivations verify --jobs two orthogonal-powers", 2, "--jobs"),
    case("derivations verify --timeout -1 orthogonal-powers", 2, "--timeout"),
    case("derivations verify --timeout nan orthogonal-powers", 2, "--timeout"),
    case("derivations verify orthogonal-powers", 2, "DERIVATIONS_STEP_TIMEOUT",
         DERIVATIONS_STEP_TIMEOUT="soon"),
    case("sitebuild show no-such-slug", 2, "unknown derivation"),
    case("sitebuild show", 2, "required"),
    case("sitebuild show orthogonal-powers", 0),
    case("derivations mutate no-such-slug", 2, "unknown derivation"),
    # animations.render
    case("animations.render NoSuchScene", 2, "NoSuchScene"),
    case("animations.render --quality ultra", 2, "--quality"),
    case("animations.render --jobs 0", 2, "--jobs"),
    case("animations.render --jobs -5", 2, "--jobs"),
    case("animations.render --theme purple", 2, "--theme"),
    case("animations.render --list", 2, "COMPANION_THEME", COMPANION_THEME="purple"),
    case("animations.render --list", 0),
    case("animations.render --describe NoSuchScene", 2, "NoSuchScene"),
    case("animations.render --describe VanishingPowers", 0),
    case("animations.render VanishingPowers --set nosuch=1", 2, "nosuch"),
    case("animations.render VanishingPowers --set steps=-1", 2, "steps"),
    case("animations.render VanishingPowers --set steps=abc", 2, "steps"),
    case("animations.render VanishingPowers --set steps", 2, "--set"),
    case("animations.render VanishingPowers --params /nonexistent.toml", 2, "nonexistent"),
    # lectures.decks
    case("lectures.decks --jobs -5", 2, "--jobs"),
    case("lectures.decks --chapter 9", 2, "no chapter 9"),
    case("lectures.decks --chapter two", 2, "--chapter"),
    case("lectures.decks --quality 4k", 2, "--quality"),
    case("lectures.decks --params /nonexistent.toml", 2, "nonexistent"),
    # sitebuild.serve and the site check
    case("sitebuild.serve --port 99999", 2, "--port"),
    case("sitebuild.serve --port http", 2, "--port"),
    case("sitebuild.serve --port {busy}", 1, "in use"),
    case("sitebuild.serve --directory /nonexistent", 1, "nonexistent"),
    case("sitebuild.serve --host no.such.host.invalid", 1, "no.such.host.invalid"),
    case("sitebuild.sitecheck /nonexistent", 2, "no built site"),
    # experiments
    case("experiments run --tasks nosuch", 2, "nosuch"),
    case("experiments run --arms gaussian-x", 2, "gaussian-x"),
    case("experiments run --learning-rate nan", 2, "learning"),
    case("experiments run --hidden 0", 2, "hidden"),
    case("experiments run --jobs 0", 2, "--jobs"),
    case("experiments frobnicate", 2, "invalid choice"),
    # the misuse the issue named (#24), each a case of its own
    case("experiments run --jobs 1,2", 2, "--jobs"),
    case("experiments run --seeds 1,x", 2, "--seeds"),
    case("experiments run --hidden 100000", 2, "--hidden"),
    case("experiments run --output /etc/hostname/results.json", 2, "--output"),
    case("experiments summary /nonexistent.json", 2, "nonexistent"),
    case("experiments summary /etc/hostname", 2, "not a results file"),
    case("derivations verify --jobs x", 2, "--jobs"),
    case("derivations frobnicate", 2, "invalid choice"),
    case("derivations recheck no-such-slug", 2, "unknown derivation"),
    case("sitebuild frobnicate", 2, "frobnicate"),
    case("sitebuild dev --port 99999", 2, "--port"),
    case("sitebuild serve --port 99999", 2, "--port"),
    case("sitebuild serve --port {busy}", 1, "in use"),
    case("sitebuild check /nonexistent", 2, "no built site"),
    case("sitebuild generate", 2, "COMPANION_AUTHORING", COMPANION_AUTHORING="yes"),
    case("sitebuild generate", 2, "COMPANION_PAGES_FIRST", COMPANION_PAGES_FIRST="yes"),
    case("animations.render VanishingPowers --params /dev/zero", 2, "zero"),
    case("lectures.kit --chapter 9", 2, "chapter 9"),
    case("lectures.kit --chapter 2 --frobnicate", 2, "frobnicate"),
]


@dataclass(frozen=True)
class Outcome:
    case: Case
    status: int | None
    last_line: str
    traceback: bool
    seconds: float

    @property
    def clean(self) -> bool:
        if self.status != self.case.status or self.traceback:
            return False
        return self.case.status == 0 or self.case.words.lower() in self.last_line.lower()


def run(item: Case, busy_port: int, limit: float) -> Outcome:
    args = [a.replace("{busy}", str(busy_port)) for a in item.args]
    env = {**os.environ, **item.env, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    try:
        done = subprocess.run([PYTHON, "-m", item.module, *args], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired as late:
        stderr = late.stderr or ""
        stderr = stderr.decode() if isinstance(stderr, bytes) else stderr
        return Outcome(item, None, f"no exit within {limit:g} s", "Traceback" in stderr,
                       time.perf_counter() - started)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    return Outcome(item, done.returncode, lines[-1] if lines else "",
                   "Traceback (most recent call last)" in done.stderr,
                   time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print each case's last line")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds one case may take (default 120)")
    options = parser.parse_args(argv)
    with socket.socket() as holder:  # a port in use for the "busy port" case
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        busy = holder.getsockname()[1]
        outcomes = []
        for number, item in enumerate(CASES, 1):
            outcome = run(item, busy, options.timeout)
            outcomes.append(outcome)
            mark = "clean" if outcome.clean else "NOT CLEAN"
            command = " ".join((item.module, *item.args)).replace("{busy}", str(busy))
            env = " ".join(f"{k}={v}" for k, v in item.env.items())
            print(f"[{number:2d}/{len(CASES)}] {mark:9s} exit {outcome.status} "
                  f"(want {item.status}) {outcome.seconds:5.1f} s  {env} {command}".rstrip(),
                  flush=True)
            if options.show or not outcome.clean:
                print(f"          {outcome.last_line}")
    clean = sum(o.clean for o in outcomes)
    print(f"command-line cases: {len(outcomes)} tried, {clean} clean")
    return 0 if clean == len(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
