"""No scene breaks at its allowed extremes: at its largest inputs each renders at draft quality
and its captions cover the video; at its largest and its smallest inputs, and at the awkward inputs
it names (``EDGE_CASES``), its last frame keeps every text legible, apart and inside the frame
(light theme)."""

from __future__ import annotations

import itertools

import pytest

from animations import captions, catalogue, render
from tests.animations.test_legibility import faults, probe

SCENES = list(catalogue.scenes())


def largest(name: str) -> dict:
    """The scene's largest allowed inputs, as overrides (checked: the scene allows them)."""
    scene = catalogue.scenes()[name].scene_class
    declared = scene.PARAMETERS
    overrides = declared.overrides({**declared.largest(), **scene.LARGEST}, name)
    declared.resolve(overrides, name)  # a ParameterError here: LARGEST is not allowed
    return overrides


def smallest(name: str) -> dict:
    """The scene's smallest allowed inputs, as overrides (checked: the scene allows them)."""
    scene = catalogue.scenes()[name].scene_class
    declared = scene.PARAMETERS
    overrides = declared.overrides({**declared.smallest(), **scene.SMALLEST}, name)
    declared.resolve(overrides, name)  # a ParameterError here: SMALLEST is not allowed
    return overrides


EDGE_CASES = [(name, index) for name in SCENES
              for index in range(len(catalogue.scenes()[name].scene_class.EDGE_CASES))]


def edge_case(name: str, index: int) -> dict:
    """The scene's ``index``-th awkward input, as overrides (checked: the scene allows it)."""
    declared = catalogue.scenes()[name].scene_class.PARAMETERS
    overrides = declared.overrides(catalogue.scenes()[name].scene_class.EDGE_CASES[index], name)
    declared.resolve(overrides, name)
    return overrides


def test_the_powers_scene_names_the_readout_that_ran_off_the_left_edge():
    assert {"matrix": [[0.15, 0.02], [0.01, -0.12]], "steps": 256} in \
        catalogue.scenes()["VanishingPowers"].scene_class.EDGE_CASES


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENES)
def test_the_largest_inputs_are_allowed_and_differ_from_the_defaults(name):
    assert largest(name), f"{name}: its largest inputs are its defaults"


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENES)
def test_the_last_frame_at_the_largest_inputs_is_legible_and_inside_the_frame(name):
    measured = probe(name, "light", largest(name))
    assert measured["texts"] and faults(measured) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENES)
def test_the_last_frame_at_the_smallest_inputs_is_legible_and_inside_the_frame(name):
    overrides = smallest(name)
    if not overrides:
        pytest.skip(f"{name}: its smallest inputs are its defaults (test_legibility probes them)")
    measured = probe(name, "light", overrides)
    assert measured["texts"] and faults(measured) == []


@pytest.mark.slow
@pytest.mark.parametrize("name, index", EDGE_CASES)
def test_the_last_frame_at_an_awkward_input_is_legible_and_inside_the_frame(name, index):
    measured = probe(name, "light", edge_case(name, index))
    assert measured["texts"] and faults(measured) == []


@pytest.mark.slow
@pytest.mark.long
@pytest.mark.parametrize("name", SCENES)
def test_a_scene_renders_at_its_largest_inputs_with_captions_that_cover_it(name, tmp_path,
                                                                          monkeypatch):
    monkeypatch.setattr(render, "BUILD", tmp_path)
    overrides = largest(name)
    [outcome] = render.render_all([name], render.Variant(), jobs=1, overrides={name: overrides})
    assert outcome.status == "rendered", outcome.detail
    job = render.Job(catalogue.scenes()[name], overrides)
    folder = render.media_dir(render.Variant())
    track = captions.parse_webvtt((folder / f"{job.name}.vtt").read_text(encoding="utf-8"))
    seconds = render.video_seconds(folder / f"{job.name}.mp4")
    assert track[0].start == 0 and track[-1].end <= seconds + 1e-3
    assert all(cue.end <= after.start for cue, after in itertools.pairwise(track))
    print(f"{name} at its largest inputs: {outcome.seconds:.1f} s to render {seconds:.1f} s")
