"""The examples in the library's docstrings run: the API reference shows only working code."""

from __future__ import annotations

import doctest
import importlib
import re

import pytest

from sitebuild.api_reference import LIBRARY_MODULES, api_reference

# The reference pages' modules, and the shared helpers they rest on (not on a page).
MODULES = (*LIBRARY_MODULES, "derivations.arguments", "derivations.scaled")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_the_library_has_examples_to_run():
    # Counted, not run again: the test above runs them.
    finder = doctest.DocTestFinder()
    examples = sum(len(test.examples) for name in LIBRARY_MODULES
                   for test in finder.find(importlib.import_module(name)))
    assert examples >= 10


def test_every_member_of_the_reference_has_an_anchor_of_its_own():
    anchors = re.findall(r"\{ #([\w.-]+) \}", api_reference())
    repeated = sorted({anchor for anchor in anchors if anchors.count(anchor) > 1})
    assert anchors and not repeated, f"anchors named twice: {repeated}"
