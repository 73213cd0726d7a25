"""Every scene's last frame, light theme: each text legible, typeset, apart, clear of controls.

The frame is measured from its pixels by ``frame_probe`` (one subprocess per
scene: the theme is fixed when ``animations.style`` is imported). The poster of a
render is this last frame, so its readouts must stay out of the strip that a
web player's controls cover.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from animations import catalogue, toolchain
from animations.request import Request
from foundation.palette import TEXT_CONTRAST

MINIMUM_HEIGHT = 10  # pixels of the site's 480-pixel-high video: smaller text is unreadable


def probe(scene: str, theme: str = "light", values: dict | None = None) -> dict:
    """The last frame of ``scene`` measured, with ``values`` (checked) as its inputs, drawn
    in ``theme``: both handed to the probe's process as a render hands them to Manim's
    (:func:`animations.toolchain.run_tool`)."""
    with tempfile.TemporaryDirectory() as folder:
        saved = Path(folder) / "request.json"
        Request(theme, {scene.split(":")[-1]: values or {}}).write(saved)
        result = subprocess.run(
            [sys.executable, "-m", toolchain.RUNNER, str(saved), "tests.animations.frame_probe",
             scene], capture_output=True, text=True, cwd=catalogue.ROOT, timeout=900)
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
