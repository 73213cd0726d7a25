"""What a test run selects, for every test folder.

Plain ``pytest`` is the fast set, for feedback while editing: tests marked ``slow`` (renders,
subprocesses, timeouts, long searches) or ``browser`` (headless Chromium on the built site) are
left out. A test named on the command line (``pytest "tests/x.py::test_y[case]"``) runs whatever
its marks, in this process rather than on workers, and ``-m`` chooses otherwise: ``make test``
passes ``-m "slow or not slow"`` and ``--fresh-verdicts``, and runs everything.
"""

from __future__ import annotations

from pathlib import Path

import pytest

LEFT_OUT_BY_DEFAULT = ("slow", "browser")
STARTED_FIRST = "long"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fresh-verdicts", action="store_true",
        help="verify every derivation anew, not reusing a pass kept for identical sources")


@pytest.fixture(scope="session")
def fresh_verdicts(request: pytest.FixtureRequest) -> bool:
    """Whether a derivation's test must verify it anew (``make test``, CI) or may reuse a pass
    kept for exactly its current sources, as ``python -m derivations verify`` does."""
    return bool(request.config.getoption("--fresh-verdicts"))


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads -n
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Tests named one by one run in this process: starting workers (each importing and
    collecting anew) would take longer than the tests, and ``--pdb`` needs one process."""
    arguments = config.args
    if arguments and all("::" in argument for argument in arguments) \
            and config.option.numprocesses == "auto":
        config.option.numprocesses = 0


def _named(config: pytest.Config) -> list[tuple[Path, str]]:
    """The (file, test name) pairs named on the command line as ``file::name``."""
    named = []
    for argument in config.args:
        path, separator, name = argument.partition("::")
        if separator:
            named.append(((config.invocation_params.dir / path).resolve(), name))
    return named


def _is_named(item: pytest.Item, named: list[tuple[Path, str]]) -> bool:
    test_name = item.nodeid.partition("::")[2]
    return any(item.path.resolve() == path and (
        test_name == name or test_name.startswith((f"{name}[", f"{name}::")))
        for path, name in named)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    _start_long_tests_first(items)
    if config.option.markexpr:  # the caller chose with -m
        return
    named = _named(config)
    kept, left_out = [], []
    for item in items:
        marked = any(item.get_closest_marker(mark) for mark in LEFT_OUT_BY_DEFAULT)
        (left_out if marked and not _is_named(item, named) else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


def _start_long_tests_first(items: list[pytest.Item]) -> None:
    """Move the tests marked ``long`` (half a minute or more each) to the front, keeping the
    order within each part. ``make test`` schedules by work stealing: each worker starts on
    its half of this order and, when it runs out, takes half of what the other has left; so
    the long tests run while there is still short work to balance them, and the run ends on
    short tests. A test whose module shares a fixture among its tests is not marked: moved
    away from its module, it would build the fixture twice."""
    items.sort(key=lambda item: item.get_closest_marker(STARTED_FIRST) is None)
