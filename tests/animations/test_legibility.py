"""Every scene's last frame, light theme: each text legible, typeset, apart, clear of controls.

The frame is measured from its pixels by ``frame_probe``, in a process of its own (the theme is
fixed when ``animations.style`` is imported), started as a render starts Manim's. The poster of a
render is this last frame, so its readouts must stay out of the strip that a web player's
controls cover.

A frame is measured once per test run: the tests that ask about the same scene, theme and
inputs (here, in ``test_limits`` and in ``test_end_labels``) read one measurement, kept in
``build/cache/probes/`` under a digest of the scene's and the probe's sources, the request and
this run (so a run never reads a measurement an earlier run made, as ``make test`` verifies
every derivation anew). Each test still applies its own checks to it.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

from animations import catalogue, parameters, toolchain
from animations.request import Request
from foundation.palette import TEXT_CONTRAST
from foundation.provenance import digest
from foundation.store import load_or_compute

PROBE = "tests.animations.frame_probe"
MINIMUM_HEIGHT = 10  # pixels of the site's 480-pixel-high video: smaller text is unreadable


# One id for every worker of this run (pytest-xdist shares it), else one for this process.
RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID") or uuid.uuid4().hex


def probe(scene: str, theme: str = "light", values: dict | None = None) -> dict:
    """The last frame of ``scene`` measured, with ``values`` (checked) as its inputs, drawn
    in ``theme``: measured once per run (see the module's docstring)."""
    module = scene.partition(":")[0] if ":" in scene else catalogue.scenes()[scene].module
    inputs = parameters.canonical(values or {})
    sources = {*catalogue.dependencies(module), *catalogue.dependencies(PROBE)}
    request = f"{scene.split(':')[-1]}-{theme}-{hashlib.sha256(inputs.encode()).hexdigest()[:12]}"
    return load_or_compute(f"probes/{request}", digest(sources, scene, theme, inputs, RUN),
                           lambda: measure(scene, theme, values))


def measure(scene: str, theme: str, values: dict | None) -> dict:
    """The probe run on ``scene``: ``theme`` and ``values`` handed to it as a render hands
    them to Manim's process (:func:`animations.toolchain.run_tool`), as a saved request.
    An error in the scene or the probe fails the test that asked, with its traceback."""
    with tempfile.TemporaryDirectory() as folder:
        saved = Path(folder) / "request.json"
        Request(theme, {scene.split(":")[-1]: values or {}}).write(saved)
        result = subprocess.run([sys.executable, "-m", toolchain.RUNNER, str(saved), PROBE, scene],
                                capture_output=True, text=True, cwd=catalogue.ROOT, timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


def faults(measured: dict) -> list[str]:
    """Everything illegible in a probed frame, one line each."""
    found = [f"not typeset by LaTeX: {text!r}" for text in measured["pango"]]
    for text in measured["texts"]:
        if text["contrast"] < TEXT_CONTRAST:
            found.append(f"contrast {text['contrast']} < {TEXT_CONTRAST} on "
                         f"{text['background']}: {text['text']!r}")
        if text["height"] < MINIMUM_HEIGHT:
            found.append(f"{text['height']} px high: {text['text']!r}")
    names = {text["owner"]: text["text"] for text in measured["texts"]}
    found += [f"overlapping: {names[a]!r} and {names[b]!r}" for a, b in measured["overlaps"]]
    found += [f"under the player's controls: {text!r}" for text in measured["under_controls"]]
    found += [f"out of the frame: {text!r}" for text in measured["outside"]]
    return found


@pytest.mark.slow
@pytest.mark.parametrize("scene", list(catalogue.scenes()))
def test_light_last_frame_is_legible(scene):
    measured = probe(scene)
    assert measured["theme"] == "light" and measured["texts"]
    assert faults(measured) == []


@pytest.mark.slow
def test_probe_catches_a_white_counter_on_the_light_background():
    measured = probe("tests.animations.bad_scenes:WhiteCounterOnLight")
    number = next(text for text in measured["texts"] if text["text"] == "64")
    assert number["contrast"] < 1.1 and number["background"] == "#FFFFFF"
    assert any("contrast" in fault and "'64'" in fault for fault in faults(measured))
    label = next(text for text in measured["texts"] if text["text"] == "t =")
    assert label["contrast"] > TEXT_CONTRAST  # the typeset label beside it is fine


@pytest.mark.slow
def test_probe_catches_pango_text_overlaps_and_readouts_under_the_controls():
    found = faults(probe("tests.animations.bad_scenes:FaultyLayout"))
    assert "not typeset by LaTeX: 't = 64'" in found
    assert any(fault.startswith("overlapping: 'first'") for fault in found)
    assert any(fault.startswith("under the player's controls") and "0.00118" in fault
               for fault in found)


@pytest.mark.slow
def test_a_frame_that_cannot_be_measured_fails_every_test_that_asks_for_it():
    """A measurement is shared only once it succeeded: a scene that raises fails each probe of
    it anew (nothing is kept), while a faulty frame is measured and its faults found."""
    for _ in range(2):
        with pytest.raises(AssertionError, match="narrate the first beat"):
            probe("tests.animations.bad_scenes:Silent")
    assert faults(probe("tests.animations.bad_scenes:FaultyLayout"))
