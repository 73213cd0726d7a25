"""The examples in the experiments library's docstrings run."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import experiments

MODULES = [f"experiments.{info.name}" for info in pkgutil.iter_modules(experiments.__path__)
           if info.name != "__main__"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_library_has_examples() -> None:
    finder = doctest.DocTestFinder()
    assert sum(len(test.examples) for name in MODULES
               for test in finder.find(importlib.import_module(name))) >= 20
