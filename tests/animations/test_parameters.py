"""Scene inputs: declared once, checked before rendering, named and cached by what was asked."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy
import pytest

from animations import catalogue, parameters, render, request
from animations.parameters import (
    Choice,
    Integer,
    Matrix,
    ParameterError,
    Parameters,
    Points,
    Real,
)

DECLARED = {name: entry.scene_class.PARAMETERS for name, entry in catalogue.scenes().items()}
SIMPLE = Parameters(
    Integer("steps", "steps", value=64, low=1, high=256),
    Real("epsilon", "step", value=0.1, low=0.01, high=0.5),
    Choice("activation", "sigma", value="tanh", choices=("tanh", "sigmoid")),
    Matrix("matrix", "W", low=2, high=8, bound=10.0, derived="the example"),
    Points("starts", "h0", value=((0.0, 0.5),), low=1, high=3, bound=2.0),
)


@pytest.mark.parametrize("name, value, expected", [
    ("steps", 0, "steps: expected an integer from 1 to 256, got 0"),
    ("steps", 257, "steps: expected an integer from 1 to 256, got 257"),
    ("steps", True, "steps: expected an integer from 1 to 256, got True"),
    ("steps", 3.0, "steps: expected an integer from 1 to 256, got 3"),
    ("steps", "ten", "steps: expected an integer from 1 to 256, got 'ten'"),
    ("epsilon", math.nan, "epsilon: expected a number from 0.01 to 0.5, got nan"),
    ("epsilon", math.inf, "epsilon: expected a number from 0.01 to 0.5, got inf"),
    ("epsilon", 0.6, "epsilon: expected a number from 0.01 to 0.5, got 0.6"),
    ("activation", "relu", "activation: expected one of tanh, sigmoid, got 'relu'"),
    ("matrix", [[1, 2], [3]], "matrix: expected a square matrix from 2×2 to 8×8 with finite "
                              "entries between -10 and 10, got 2 row(s) of length(s) 2, 1"),
    ("matrix", [[1.0]], "got a 1×1 matrix"),
    ("matrix", [[0.0] * 9] * 9, "got a 9×9 matrix"),
    ("matrix", [[1, math.nan], [0, 1]], "got the non-finite nan at row 1, entry 2"),
    ("matrix", [[1, 11], [0, 1]], "got 11 at row 1, entry 2"),
    ("matrix", [[1, "x"], [0, 1]], "got 'x' at row 1, entry 2"),
    ("matrix", 3, "got 3, which is not a list of rows"),
    ("starts", [], "starts: expected 1 to 3 points [x, y] with coordinates between -2 and 2, "
                   "got 0 point(s)"),
    ("starts", [[1, 2, 3]], "got point 1 with 3 coordinate(s)"),
    ("starts", [[0, 2.5]], "got 2.5 at point 1, entry 2"),
])
def test_a_bad_value_is_one_line_naming_the_parameter_and_what_was_expected(name, value,
                                                                            expected):
    with pytest.raises(ParameterError) as refused:
        SIMPLE.overrides({name: value}, "Scene")
    message = str(refused.value)
    assert expected in message and "\n" not in message and message.startswith(f"{name}: ")


def test_good_values_come_back_canonical_and_defaults_are_dropped():
    given = {"steps": numpy.int64(100), "epsilon": 0.1, "activation": "tanh",
             "matrix": [[1, 0], [0, 1]], "starts": [[0, 0.5]]}
    kept = SIMPLE.overrides(given, "Scene")
    assert kept == {"steps": 100, "matrix": ((1.0, 0.0), (0.0, 1.0))}  # the defaults are gone
    assert type(kept["steps"]) is int and type(kept["matrix"][0][0]) is float
    assert SIMPLE.overrides({"epsilon": 1 / 4}, "Scene") == {"epsilon": 0.25}


def test_an_unknown_name_lists_the_scenes_parameters():
    with pytest.raises(ParameterError, match=r"^stepz: Scene has no such parameter; its "
                                             r"parameters: steps, epsilon, activation, matrix, "
                                             r"starts$"):
        SIMPLE.overrides({"stepz": 3}, "Scene")


def test_the_cross_check_runs_on_the_resolved_values():
    def no_more_than_ten(values):
        if values["steps"] * values["epsilon"] > 10:
            raise ParameterError("steps: too many for this epsilon")

    checked = Parameters(*SIMPLE.items, check=no_more_than_ten)
    assert checked.resolve({"steps": 100}, "Scene")["steps"] == 100
    with pytest.raises(ParameterError, match="too many"):
        checked.resolve({"steps": 101}, "Scene")


@pytest.mark.parametrize("text, value", [
    ("3", 3), ("0.5", 0.5), ("-2", -2), ("[[0.9, 0.3], [0, 0.8]]", [[0.9, 0.3], [0, 0.8]]),
    ('"tanh"', "tanh"), ("tanh", "tanh"), ("nan", None),
])
def test_set_values_are_toml_values_or_bare_words(text, value):
    parsed = parameters.parse_value(text)
    if value is None:
        assert math.isnan(parsed)
    else:
        assert parsed == value and type(parsed) is type(value)


def test_requested_applies_names_to_the_scenes_that_have_them(tmp_path):
    file = tmp_path / "mine.toml"
    file.write_text('steps = 100\n[VanishingPowers]\nmatrix = [[0.5, 0], [0, 0.5]]\n'
                    '[EulerStabilityRegion]\nepsilon = 0.05\n')
    notes: list[str] = []
    declared = {name: DECLARED[name] for name in ("VanishingPowers", "ExplodingPowers")}
    chosen = parameters.requested(declared, DECLARED, ["ExplodingPowers.steps=30"], file,
                                  notes.append)
    assert chosen == {"VanishingPowers": {"matrix": ((0.5, 0.0), (0.0, 0.5)), "steps": 100},
                      "ExplodingPowers": {"steps": 30}}  # --set wins over the file
    assert len(notes) == 1 and "EulerStabilityRegion is not built by this command" in notes[0]


@pytest.mark.parametrize("assignments, expected", [
    (["terms=3"], "terms: no scene built here has this parameter"),
    (["NoScene.steps=3"], "NoScene: no such scene"),
    (["steps"], "--set: expected NAME=VALUE or SCENE.NAME=VALUE, got 'steps'"),
    (["steps=300"], "steps: expected an integer from 1 to 256, got 300"),
    (["size=3", "matrix=[[1, 0], [0, 1]]"], "size, seed: they choose the example matrix"),
])
def test_requested_refuses_what_no_scene_here_takes(assignments, expected):
    with pytest.raises(ParameterError, match=re.escape(expected)):
        parameters.requested({"VanishingPowers": DECLARED["VanishingPowers"]}, DECLARED,
                             assignments)


def test_a_parameters_file_that_is_not_toml_is_named(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("steps = = 3\n")
    with pytest.raises(ParameterError, match=r"--params: .*broken\.toml is not TOML"):
        parameters.requested({"VanishingPowers": DECLARED["VanishingPowers"]}, DECLARED,
                             file=broken)
    with pytest.raises(ParameterError, match="cannot read"):
        parameters.requested({}, DECLARED, file=tmp_path / "missing.toml")


def test_a_parameters_file_is_read_only_if_it_is_a_small_regular_file(tmp_path):
    """/dev/zero was once read until memory ran out."""
    with pytest.raises(ParameterError, match="not a regular file"):
        parameters.read_file(Path("/dev/zero"))
    huge = tmp_path / "huge.toml"
    huge.write_text("# " + "x" * (parameters.MAX_PARAMETERS_BYTES + 1))
    with pytest.raises(ParameterError, match="larger than"):
        parameters.read_file(huge)


def test_names_are_the_scene_for_defaults_and_tell_any_two_sets_apart():
    assert parameters.output_name("VanishingPowers", {}) == "VanishingPowers"
    one = parameters.output_name("VanishingPowers", {"steps": 100, "seconds_per_step": 0.25})
    same = parameters.output_name("VanishingPowers", {"seconds_per_step": 0.25, "steps": 100})
    other = parameters.output_name("VanishingPowers", {"steps": 101, "seconds_per_step": 0.25})
    assert one == same != other
    assert one.startswith("VanishingPowers--") and "steps-100" in one and "secondsperstep-0p25" \
        in one
    assert re.fullmatch(r"[A-Za-z0-9-]+", one)  # a file name: no dots, spaces or slashes
    matrix = parameters.output_name("VanishingPowers", {"matrix": ((0.9, 0.3), (0.0, 0.8))})
    assert "matrix-2x2" in matrix


def test_overrides_travel_to_the_render_process_as_data_in_their_checked_form(
        tmp_path, monkeypatch):
    chosen = {"VanishingPowers": {"matrix": ((0.5, 0.0), (0.0, 0.5)), "steps": 100,
                                  "seconds_per_step": 0.25},
              "ExplodingPowers": {}}
    saved = tmp_path / "request.json"
    request.Request("light", chosen).write(saved)
    assert set(json.loads(saved.read_text())["inputs"]) == {"VanishingPowers"}
    monkeypatch.setattr(request, "_current", None)
    request.load(saved)
    assert request.current().theme == "light"
    assert request.inputs("VanishingPowers") == chosen["VanishingPowers"]  # tuples, an int
    assert request.inputs("ExplodingPowers") == {}


def test_a_render_takes_its_checked_inputs_as_they_are_without_checking_them_again(monkeypatch):
    declared = DECLARED["VanishingPowers"]

    def refuse(*arguments):
        raise AssertionError("an input checked when asked for is checked again")

    monkeypatch.setattr(declared, "check", refuse)
    monkeypatch.setattr(Integer, "check", refuse)
    assert declared.values({"steps": 100}) == {**declared.defaults(), "steps": 100}


@pytest.mark.parametrize("name", list(DECLARED))
def test_every_scene_declares_inputs_whose_defaults_pass_and_give_the_catalogue_caption(name):
    entry = catalogue.scenes()[name]
    declared = entry.scene_class.PARAMETERS
    assert declared.items, f"{name} declares no inputs"
    values = declared.resolve({}, name)
    assert entry.scene_class.caption_for(values) == entry.caption
    for item in declared.items:
        assert item.help and item.expected()
        if item.default is not None:
            assert item.check(item.default) == item.default


def test_a_caption_follows_the_inputs():
    scene = catalogue.scenes()["VanishingPowers"].scene_class
    values = scene.PARAMETERS.resolve({"matrix": [[2, 0], [0, 0.5]]}, "VanishingPowers")
    caption = scene.caption_for(values)
    assert "$2 \\times 2$" in caption and r"\rho(W) = 2 > 1" in caption and "explodes" in caption


def test_powers_that_would_overflow_are_refused_at_the_step_they_would():
    declared = DECLARED["ExplodingPowers"]
    tens = [[10.0] * 8] * 8  # W = 10 J, J all ones: W^t = 80^t / 8 · J and its norm is 80^t
    # 80^t passes the largest float64 from t = 162 on: no later step can be allowed.
    first_too_large = next(t for t in range(1, 400) if t * math.log10(80) > math.log10(
        numpy.finfo(float).max))
    assert first_too_large == 162
    with pytest.raises(ParameterError, match=r"^steps: expected at most (\d+) for this matrix"
                       ) as refused:
        declared.resolve({"matrix": tens, "steps": 256}, "ExplodingPowers")
    allowed = int(re.search(r"at most (\d+)", str(refused.value))[1])
    assert allowed < first_too_large
    declared.resolve({"matrix": tens, "steps": allowed}, "ExplodingPowers")
    with pytest.raises(ParameterError):
        declared.resolve({"matrix": tens, "steps": allowed + 1}, "ExplodingPowers")


def test_euler_gamma_must_be_stable_for_the_epsilon_and_omega_given():
    declared = DECLARED["EulerStabilityRegion"]
    epsilon, omega = 0.05, 3.0
    least = (1 - math.sqrt(1 - (epsilon * omega) ** 2)) / epsilon  # 20 − √391 ≈ 0.2263
    declared.resolve({"epsilon": epsilon, "omega": omega, "gamma_end": least + 1e-6},
                     "EulerStabilityRegion")
    with pytest.raises(ParameterError, match=rf"gamma_end: expected a stable gamma, from "
                                             rf"{least:.4g} to"):
        declared.resolve({"epsilon": epsilon, "omega": omega, "gamma_end": least - 1e-3},
                         "EulerStabilityRegion")
    with pytest.raises(ParameterError, match="omega: expected epsilon times omega at most"):
        declared.resolve({"omega": 12.0}, "EulerStabilityRegion")


@pytest.mark.slow
def test_the_skip_if_unchanged_key_and_the_name_follow_the_inputs():
    entry = catalogue.scenes()["VanishingPowers"]
    default, mine = render.Job(entry), render.Job(entry, {"steps": 100})
    assert default.name == "VanishingPowers" and mine.name != default.name
    variant = render.Variant()
    assert render._stamp_hash(default, variant) != render._stamp_hash(mine, variant)
    assert render._stamp_hash(mine, variant) == render._stamp_hash(
        render.Job(entry, {"steps": 100}), variant)
    assert mine.request(variant) == request.Request("dark", {"VanishingPowers": {"steps": 100}})
