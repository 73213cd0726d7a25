"""The interactive figures in real headless Chromium, driven as a reader drives them.

Each test types into a widget's controls or presses keys, reads the numbers the widget computed
(``element.widget.result``) and compares them with :mod:`derivations`. Agreement is required to
``RELATIVE`` (1e-9): matrices norm-wise (the largest entry difference over the largest entry),
eigenvalues relative to the spectral radius, everything else entry by entry. Every comparison
prints what it measured (``pytest -s`` shows the largest difference per widget).
"""

from __future__ import annotations

import contextlib
import html
import json
import re
from collections.abc import Iterator

import numpy
import pytest
from axe_playwright_python.sync_playwright import Axe

from derivations import bptt, dynamics, matrix_powers, notation
from foundation import palette
from foundation.palette import THEMES
from foundation.paths import ROOT
from sitebuild.browser import weight_without_video
from sitebuild.widgets import phase_presets, powers_presets, widget_fragments
from tests.site.conftest import SITE

STYLESHEET = ROOT / "site" / "stylesheets" / "widgets.css"
EXPLORE = "explore.html"
RELATIVE = 1e-9
PAGE_BUDGET = 1_000_000  # bytes without video, as tests/site/test_built_site.py
AXE_CONTEXT = {"exclude": [[".katex-html"]]}  # KaTeX's visual layer is aria-hidden (see there)

browser_test = pytest.mark.browser


# --- comparing numbers ---------------------------------------------------------------------------


def relative_difference(actual: object, expected: object) -> float:
    """max |actual − expected| / max |expected| over all entries (0 when both are all zero).

    Non-finite entries must match exactly (an overflow on one side only is a disagreement).
    """
    a = numpy.asarray(actual, dtype=float)
    e = numpy.asarray(expected, dtype=float)
    if a.shape != e.shape:
        raise AssertionError(f"shapes differ: {a.shape} against {e.shape}")
    finite = numpy.isfinite(e)
    same_overflow = numpy.array_equal(numpy.isfinite(a), finite) and numpy.array_equal(
        a[~finite], e[~finite])
    if not same_overflow:
        return numpy.inf
    scale = numpy.max(numpy.abs(e[finite]), initial=0.0)
    difference = numpy.max(numpy.abs(a[finite] - e[finite]), initial=0.0)
    return 0.0 if difference == 0 else difference / scale if scale else numpy.inf


def entrywise_difference(actual: object, expected: object) -> float:
    """The largest relative difference entry by entry (for norms that span many decades)."""
    a = numpy.asarray(actual, dtype=float)
    e = numpy.asarray(expected, dtype=float)
    pairs = zip(a.flat, e.flat, strict=True)
    return max((relative_difference(x, y) for x, y in pairs), default=0.0)


def eigenvalue_difference(actual: list[dict], expected: numpy.ndarray) -> float:
    """Match each expected eigenvalue with the nearest remaining one; relative to the radius."""
    remaining = [value["re"] + 1j * value["im"] for value in actual]
    if len(remaining) != len(expected):
        return numpy.inf
    radius = max(float(numpy.max(numpy.abs(expected))), 1e-300)
    worst = 0.0
    for value in expected:
        nearest = min(range(len(remaining)), key=lambda k: abs(remaining[k] - value))
        worst = max(worst, abs(remaining.pop(nearest) - value) / radius)
    return worst


def agree(what: str, difference: float) -> None:
    print(f"{what}: largest relative difference {difference:.3g}")
    assert difference <= RELATIVE, f"{what}: {difference:.3g} > {RELATIVE}"


def test_the_comparison_rejects_a_difference_above_the_tolerance():
    values = numpy.array([[1.0, -2.0], [3.0, 1e-12]])
    assert relative_difference(values, values) == 0
    assert relative_difference(values * (1 + 1e-10), values) <= RELATIVE
    assert relative_difference(values * (1 + 1e-8), values) > RELATIVE
    overflowed, finite = numpy.array([1.0, numpy.inf]), numpy.array([1.0, 1e308])
    assert relative_difference(overflowed, finite) == numpy.inf
    assert entrywise_difference([1e-30, 1.0], [2e-30, 1.0]) > RELATIVE
    assert eigenvalue_difference([{"re": 0.0, "im": 1.0}, {"re": 0.0, "im": -1.0}],
                                 numpy.array([1j, -1j])) == 0
    assert eigenvalue_difference([{"re": 0.0, "im": 1.0}, {"re": 0.0, "im": 1.0}],
                                 numpy.array([1j, -1j])) > RELATIVE


# --- the fragments and the stylesheet (no browser) -----------------------------------------------


def _data(fragment: str, key: str) -> object:
    match = re.search(rf' data-{key}="([^"]*)"', fragment)
    assert match, f"data-{key} missing"
    return json.loads(html.unescape(match.group(1)))


def test_fragments_carry_the_library_values_and_load_lazily():
    fragments = widget_fragments()
    names = ("powers", "gradient", "euler", "phase")
    assert set(fragments) == {f"widgets/{name}.md" for name in names}
    for name, text in fragments.items():
        widget = name.removeprefix("widgets/").removesuffix(".md")
        assert f'data-widget="{widget}"' in text
        # Relative paths: the site is flat (use_directory_urls: false).
        assert '<link rel="stylesheet" href="stylesheets/widgets.css">' in text
        assert '<script type="module" src="javascripts/widgets/loader.js"></script>' in text
        assert "\n\n" not in text  # one raw HTML block for Markdown
    powers = _data(fragments["widgets/powers.md"], "presets")
    for kind in matrix_powers.KINDS:
        assert numpy.array_equal(powers[kind]["matrix"], matrix_powers.example_matrix(kind, size=3))
    assert powers["fibonacci"]["matrix"] == [[0, 1], [1, 1]]
    assert powers["quarter-turn"]["matrix"] == [[0, 1], [-1, 0]]
    assert powers["shear"]["matrix"] == [[1, 1], [0, 1]]
    phase = _data(fragments["widgets/phase.md"], "presets")
    for kind, matrix in dynamics.FEEDBACK_MATRICES.items():
        assert numpy.array_equal(phase[f"feedback-{kind}"]["matrix"], matrix)
    for kind, matrix in dynamics.vanilla_matrices().items():
        assert numpy.array_equal(phase[f"vanilla-{kind}"]["matrix"], matrix)
    starts = _data(fragments["widgets/phase.md"], "starts")
    assert numpy.array_equal(starts, dynamics.INITIAL_STATES)
    assert _data(fragments["widgets/gradient.md"], "seed") == bptt.SEED


def _css_block(selector: str) -> dict[str, str]:
    text = STYLESHEET.read_text(encoding="utf-8")
    block = text[text.index(selector + " {"):]
    block = block[:block.index("}")]
    pairs = re.findall(r"(--widget-[a-z]+):\s*(#[0-9A-Fa-f]{6})", block)
    return {name: value.upper() for name, value in pairs}


def test_stylesheet_colours_are_the_animations_palette():
    light, dark = _css_block(".widget"), _css_block('[data-md-color-scheme="slate"] .widget')
    for variables, theme in ((light, THEMES["light"]), ({**light, **dark}, THEMES["dark"])):
        assert variables["--widget-bg"] == theme.background.upper()
        assert variables["--widget-fg"] == theme.foreground.upper()
        assert variables["--widget-muted"] == theme.muted.upper()
        assert variables["--widget-grid"] == theme.grid.upper()
        assert variables["--widget-zero"] == theme.zero.upper()
    assert light["--widget-negative"] == palette.DIVERGING_NEGATIVE
    assert light["--widget-positive"] == palette.DIVERGING_POSITIVE
    dark = {**light, **dark}
    for name, meaning in (("exploding", notation.EXPLODING), ("vanishing", notation.VANISHING),
                          ("preserving", notation.PRESERVING), ("accent", notation.ACCENT)):
        # the notation's meaning is a palette hue, a shade per scheme
        assert (light[f"--widget-{name}"], dark[f"--widget-{name}"]) == (meaning.light,
                                                                         meaning.dark)


# --- driving the page ---------------------------------------------------------------------------


@pytest.fixture
def explore(browser, site_url) -> Iterator:
    """explore.html at 1280 px; fails the test on any console error or failed request."""
    if not (SITE / EXPLORE).exists():
        pytest.fail(f"{EXPLORE} is not built: the build must write widget_fragments() "
                    "(sitebuild/widgets.py) and publish site/explore.md")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("requestfailed", lambda r: errors.append(f"{r.url} {r.failure}"))
    page.goto(f"{site_url}/{EXPLORE}", wait_until="load")
    yield page
    context.close()
    assert errors == [], "console errors or failed requests"


# Seconds a widget may take to load and compute its first answer: a few alone, but the test
# workers share two cores with site builds (Zensical's, once per run), and a widget that never
# mounts still fails.
MOUNT_SECONDS = 90


def widget(page, name: str):
    """The mounted widget ``name``, scrolled into view (which is what loads it)."""
    container = page.locator(f'[data-widget="{name}"]')
    container.scroll_into_view_if_needed()
    page.wait_for_function(
        "name => ['ready', 'invalid'].includes("
        "document.querySelector(`[data-widget=\"${name}\"]`).dataset.state)", arg=name,
        timeout=MOUNT_SECONDS * 1000)
    return container


def result(container) -> dict:
    return container.evaluate("element => element.widget.result")


def type_into(field, text: str) -> None:
    """Click a text field, select what it holds, type ``text`` key by key, leave with Tab."""
    field.click()
    field.press("Control+a")
    field.press_sequentially(text)
    field.press("Tab")


def state(container) -> str:
    return container.get_attribute("data-state")


def message(container) -> str:
    return container.locator(".widget-message").inner_text()


# --- the shared modules, called directly in the page ---------------------------------------------


def call_module(page, module: str, body: str, argument: object = None):
    """Run ``body`` (a function of the module and ``argument``) against a widget module."""
    return page.evaluate(
        f"async (argument) => {{ const m = await import('./javascripts/widgets/{module}');"
        f" return ({body})(m, argument); }}", argument)


@browser_test
def test_the_generator_reproduces_numpys_default_rng(explore):
    raw = call_module(explore, "random.js", "(m) => { const g = new m.Generator(2013);"
                      " return Array.from({length: 1000}, () => String(g.next64())); }")
    assert [int(word) for word in raw] == numpy.random.default_rng(2013).bit_generator.random_raw(
        1000).tolist()  # the 64-bit stream is exact
    count = 200_000
    normals = numpy.array(call_module(
        explore, "random.js", "(m, n) => Array.from(new m.Generator(2016).normals(n))", count))
    expected = numpy.random.default_rng(2016).standard_normal(count)
    tail = numpy.abs(expected) > 3.6541528853610088  # the ziggurat's rarest branch
    assert tail.sum() > 10
    agree("standard normal draws (ziggurat tables rebuilt, not copied)",
          entrywise_difference(normals, expected))


@browser_test
def test_eigenvalues_and_spectral_norms_of_small_matrices(explore):
    generator = numpy.random.default_rng(0)
    matrices = [generator.standard_normal((n, n)) for n in (2, 3) for _ in range(200)]
    q = matrix_powers.example_matrix("orthogonal", size=3)
    matrices += [numpy.eye(3), numpy.zeros((3, 3)), numpy.diag([0.5, 0.5, 0.9]),  # repeated
                 numpy.triu(numpy.ones((3, 3))), q @ numpy.diag([0.5, 0.5, 0.9]) @ q.T,
                 1e-200 * matrices[0], 1e150 * matrices[-1]]
    found = call_module(explore, "linalg.js",
                        "(m, list) => list.map(a => [m.eigenvalues(a), m.spectralNorm(a)])",
                        [matrix.tolist() for matrix in matrices])
    agree("eigenvalues of 2x2 and 3x3 matrices", max(
        eigenvalue_difference(values, numpy.linalg.eigvals(matrix))
        for (values, _), matrix in zip(found, matrices, strict=True)))
    agree("spectral norms of 2x2 and 3x3 matrices", max(
        relative_difference(norm, numpy.linalg.norm(matrix, 2))
        for (_, norm), matrix in zip(found, matrices, strict=True)))


# --- powers explorer ----------------------------------------------------------------------------


def check_powers(values: dict, expected_matrix: numpy.ndarray, what: str) -> None:
    stack = matrix_powers.powers(expected_matrix, matrix_powers.STEPS)
    agree(f"{what}: W^t, t = 0..64",
          max(relative_difference(values["powers"][t], stack[t]) for t in range(len(stack))))
    agree(f"{what}: ||W^t||_2", entrywise_difference(values["norms"],
                                                     matrix_powers.spectral_norms(stack)))
    agree(f"{what}: eigenvalues",
          eigenvalue_difference(values["eigenvalues"], numpy.linalg.eigvals(expected_matrix)))
    radius = matrix_powers.spectral_radius(expected_matrix)
    agree(f"{what}: spectral radius", relative_difference(values["spectralRadius"], radius))


@browser_test
def test_powers_presets_agree_with_the_library(explore):
    container = widget(explore, "powers")
    for key, preset in powers_presets().items():
        container.locator('select[name="preset"]').select_option(key)
        values = result(container)
        assert numpy.array_equal(values["matrix"], preset["matrix"]), key
        check_powers(values, numpy.array(preset["matrix"]), f"powers preset {key}")
    # Merity's vanishing example, cut to 3×3, keeps the story: ρ = 0.9, so ‖W⁶⁴‖ = 0.9⁶⁴.
    container.locator('select[name="preset"]').select_option("vanishing")
    assert abs(result(container)["norms"][64] - 0.9**64) <= 1e-9 * 0.9**64


@browser_test
def test_powers_typed_entries_and_the_power_slider(explore):
    container = widget(explore, "powers")
    container.locator('select[name="size"]').select_option("2")
    typed = [["0.5", "-1.25"], ["0.75", "0.9"]]
    for i, row in enumerate(typed):
        for j, text in enumerate(row):
            type_into(container.locator(f'input[data-row="{i}"][data-column="{j}"]'), text)
    assert container.locator('select[name="preset"]').input_value() == "custom"
    slider = container.locator('input[name="power"]')
    slider.focus()
    slider.press("End")
    slider.press("ArrowLeft")
    values = result(container)
    assert values["t"] == 63 and state(container) == "ready"
    check_powers(values, numpy.array(typed, dtype=float), "powers typed 2x2")
    container.locator('select[name="size"]').select_option("3")
    for (i, j), text in {(0, 2): "0.3", (1, 2): "-0.4", (2, 0): "1.1", (2, 1): "0.2",
                         (2, 2): "-0.6"}.items():
        type_into(container.locator(f'input[data-row="{i}"][data-column="{j}"]'), text)
    matrix = numpy.array([[0.5, -1.25, 0.3], [0.75, 0.9, -0.4], [1.1, 0.2, -0.6]])
    check_powers(result(container), matrix, "powers typed 3x3")


@browser_test
def test_powers_by_eigenvalue_moduli_and_angle(explore):
    container = widget(explore, "powers")
    container.locator('select[name="size"]').select_option("3")
    container.locator('select[name="mode"]').select_option("spectrum")
    type_into(container.locator('input[name="modulus"]'), "1.02")
    type_into(container.locator('input[name="angle"]'), "40")
    type_into(container.locator('input[name="third"]'), "-0.7")
    values = result(container)
    pair = 1.02 * numpy.exp(1j * numpy.radians(40))
    agree("powers spectrum: eigenvalues as typed",
          eigenvalue_difference(values["eigenvalues"], numpy.array([pair, pair.conjugate(), -0.7])))
    check_powers(values, numpy.array(values["matrix"]), "powers spectrum 3x3")
    # The entries now show the matrix built from the spectrum, read-only.
    assert container.locator('input[data-row="2"][data-column="2"]').input_value() == "-0.7"


@browser_test
def test_powers_invalid_and_singular_input_get_a_message(explore):
    container = widget(explore, "powers")
    container.locator('select[name="size"]').select_option("2")
    cell = container.locator('input[data-row="0"][data-column="1"]')
    before = result(container)
    for typed in ("abc", "NaN", "1e999", "", "0.5.1"):
        cell.fill(typed)  # one edit: typing "1e999" key by key passes the valid "1e99"
        assert state(container) == "invalid", typed
        assert "row 1, column 2: expected a" in message(container)
        assert cell.get_attribute("aria-invalid") == "true"
        assert container.locator(".widget-message").is_visible()
        assert result(container) == before  # the figure keeps its last valid drawing
    for (i, j), text in {(0, 0): "0", (0, 1): "1", (1, 0): "0", (1, 1): "0"}.items():
        type_into(container.locator(f'input[data-row="{i}"][data-column="{j}"]'), text)
    assert state(container) == "ready" and not container.locator(".widget-message").is_visible()
    values = result(container)  # nilpotent: W² = 0, a log axis cannot show the zeros
    assert values["norms"][:3] == [1, 1, 0] and set(values["norms"][2:]) == {0}
    assert "norm 0" in container.locator(".widget-note").inner_text()
    assert container.locator("svg").count() == 3


# --- gradient through time ----------------------------------------------------------------------


GRADIENT_CASES = [  # (initialiser, size, gain, nonlinearity as derivations.bptt names it)
    ("gaussian", 8, "1", "tanh"),
    ("gaussian", 8, "0.4", "tanh"),
    ("gaussian", 8, "1", "sigmoid"),
    ("gaussian", 8, "3", "tanh"),
    ("gaussian", 5, "3", "linear"),
    ("orthogonal", 8, "1", "linear"),
    ("orthogonal", 16, "1.5", "tanh"),
    ("orthogonal", 1, "0.9", "sigmoid"),
]


def check_gradient(values: dict, kind: str, size: int, gain: float, activation: str,
                   seed: int) -> None:
    what = f"gradient {kind} d={size} g={gain} {activation} seed {seed}"
    weights = bptt.recurrent_matrix(kind, size, scale=gain, seed=seed)
    agree(f"{what}: W (numpy's generator reproduced)",
          relative_difference(values["weights"], weights))
    norms = bptt.jacobian_norms(weights, activation, values["horizon"], seed=seed)
    agree(f"{what}: ||dh_t/dh_k||_2", entrywise_difference(values["norms"], norms))
    eta = bptt.per_step_bound(weights, activation)
    agree(f"{what}: eta", relative_difference(values["eta"], eta))


@browser_test
def test_gradient_through_time_agrees_with_the_library(explore):
    container = widget(explore, "gradient")
    for kind, size, gain, activation in GRADIENT_CASES:
        container.locator('select[name="initialiser"]').select_option(kind)
        container.locator('select[name="activation"]').select_option(activation)
        type_into(container.locator('input[name="size"]'), str(size))
        type_into(container.locator('input[name="gain"]'), gain)
        values = result(container)
        shown = (values["size"], values["gain"], values["activation"])
        assert shown == (size, float(gain), activation)
        check_gradient(values, kind, size, float(gain), activation, bptt.SEED)


@browser_test
def test_gradient_samples_another_network_by_seed(explore):
    container = widget(explore, "gradient")
    first = result(container)
    container.get_by_role("button", name="Sample another network").press("Enter")
    values = result(container)
    assert values["seed"] == bptt.SEED + 1
    check_gradient(values, "gaussian", bptt.SIZE, 1.0, "tanh", bptt.SEED + 1)
    # A false claim is rejected: the new network is not the library's network for the old seed.
    assert relative_difference(values["norms"], first["norms"]) > RELATIVE


@browser_test
def test_gradient_note_says_what_the_bound_promises_at_eta_one(explore):
    """With an orthogonal W and tanh, η = β s₁ = 1: the bound forbids growth and forces
    nothing else; below 1 it forces vanishing, above 1 it allows growth."""
    container = widget(explore, "gradient")
    cases = (("orthogonal", "1", "tanh", "forbids growth"),
             ("orthogonal", "1", "linear", "forbids growth"),
             ("orthogonal", "1", "sigmoid", "forces every gradient to vanish"),
             ("gaussian", "3", "tanh", "allows growth"))
    for kind, gain, activation, expected in cases:
        container.locator('select[name="initialiser"]').select_option(kind)
        container.locator('select[name="activation"]').select_option(activation)
        type_into(container.locator('input[name="gain"]'), gain)
        values = result(container)
        note = container.locator(".widget-note").inner_text()
        print(f"gradient {kind} g={gain} {activation}: eta = {values['eta']!r}: {note[:60]}")
        assert expected in note, (kind, gain, activation, note)
        if expected == "forbids growth":
            assert abs(values["eta"] - 1) < 1e-12 and "allows growth" not in note
            assert "does not force vanishing" in note


@browser_test
def test_gradient_invalid_input_gets_a_message(explore):
    container = widget(explore, "gradient")
    for name, typed, expected in (("size", "0", "at least 1"), ("size", "17", "at most 16"),
                                  ("size", "2.5", "whole number"), ("gain", "-1", "above 0"),
                                  ("gain", "x", "a number"), ("seed", "NaN", "whole number")):
        field = container.locator(f'input[name="{name}"]')
        keep = field.input_value()
        type_into(field, typed)
        assert state(container) == "invalid" and expected in message(container), (name, typed)
        type_into(field, keep)
        assert state(container) == "ready"


@browser_test
def test_extreme_input_keeps_a_drawing_and_says_why(explore):
    powers = widget(explore, "powers")
    powers.locator('select[name="size"]').select_option("2")
    powers.locator('input[data-row="0"][data-column="0"]').fill("1e300")
    assert state(powers) == "ready" and "overflows double precision" in powers.inner_text()
    assert powers.locator("svg").count() == 3
    gradient = widget(explore, "gradient")
    gradient.locator('select[name="activation"]').select_option("sigmoid")
    type_into(gradient.locator('input[name="gain"]'), "0.001")
    values = result(gradient)
    assert state(gradient) == "ready" and "underflows to 0" in gradient.inner_text()
    library = bptt.jacobian_norms(bptt.recurrent_matrix("gaussian", 8, scale=0.001), "sigmoid",
                                  values["horizon"])
    first_zero = values["norms"].index(0)
    print(f"gradient underflow: first zero at l = {first_zero}, library "
          f"{int(numpy.argmax(library == 0))}")
    assert first_zero == int(numpy.argmax(library == 0))
    normal = library > 1e-290  # above the subnormals, where both sides keep full precision
    agree("gradient g=0.001 sigmoid, normal range",
          entrywise_difference(numpy.array(values["norms"])[normal], library[normal]))
    phase = widget(explore, "phase")
    phase.locator('input[data-row="0"][data-column="0"]').fill("1e308")
    phase.locator('input[data-row="0"][data-column="1"]').fill("-1e308")
    assert state(phase) == "ready" and phase.locator("svg").count() == 1


# --- Euler stability ----------------------------------------------------------------------------


def damped_rotation(gamma: float, omega: float) -> numpy.ndarray:
    """M − γI with M antisymmetric, eigenvalues ±iω: the 2×2 system of the widget."""
    return numpy.array([[-gamma, -omega], [omega, -gamma]])


@browser_test
def test_euler_stability_agrees_with_the_library(explore):
    container = widget(explore, "euler")
    inputs = {"epsilon": "0.05", "gamma": "0.1", "omega": "3", "steps": "150",
              "start-x": "0.5", "start-y": "-0.25"}
    for name, typed in inputs.items():
        type_into(container.locator(f'input[name="{name}"]'), typed)
    values = result(container)
    epsilon, gamma, omega, steps = 0.05, 0.1, 3.0, 150
    start = numpy.array([0.5, -0.25])
    agree("euler: smallest stable gamma", relative_difference(
        values["smallestGamma"], dynamics.smallest_stable_gamma(epsilon, omega)))
    factor = dynamics.euler_amplification(numpy.array([-gamma + 1j * omega]), epsilon)[0]
    agree("euler: |1 + z|", relative_difference(values["amplification"], factor))
    agree("euler: eigenvalues", eigenvalue_difference(
        values["eigenvalues"], epsilon * numpy.array([-gamma + 1j * omega, -gamma - 1j * omega])))
    matrix = damped_rotation(gamma, omega)
    tanh = dynamics.trajectories("feedback", matrix, start[None, :], steps, epsilon)[0]
    agree("euler: tanh trajectory", relative_difference(values["tanh"], tanh))
    linear = matrix_powers.powers(numpy.eye(2) + epsilon * matrix, steps) @ start
    agree("euler: linear trajectory", relative_difference(values["linear"], linear))
    # The button sets γ to the smallest stable value: the step then keeps lengths, |1 + z| = 1.
    container.get_by_role("button", name=re.compile("smallest stable")).press("Enter")
    values = result(container)
    stable = dynamics.smallest_stable_gamma(epsilon, omega)
    assert relative_difference(values["gamma"], stable) <= 1e-12
    assert abs(values["amplification"] - 1) <= 1e-12


@browser_test
def test_euler_invalid_and_hopeless_input_get_a_message(explore):
    container = widget(explore, "euler")
    step = container.locator('input[name="epsilon"]')
    for typed, expected in (("0", "above 0"), ("-0.1", "above 0"), ("ten", "a number")):
        type_into(step, typed)
        assert state(container) == "invalid" and expected in message(container)
    type_into(step, "0.5")
    type_into(container.locator('input[name="omega"]'), "3")  # εω = 1.5 > 1: no γ helps
    assert state(container) == "ready" and result(container)["smallestGamma"] is None
    assert "no diffusion" in container.locator(".widget-note").inner_text()
    assert container.get_by_role("button", name=re.compile("smallest stable")).is_disabled()
    with pytest.raises(ValueError, match="no γ makes Euler stable"):  # as the library says
        dynamics.smallest_stable_gamma(0.5, 3.0)


# --- phase portrait -----------------------------------------------------------------------------


def check_phase(values: dict, what: str, expected_matrix: numpy.ndarray | None = None) -> None:
    matrix = numpy.array(values["weights"]) if expected_matrix is None else expected_matrix
    assert numpy.array_equal(values["weights"], matrix), what
    paths = dynamics.trajectories(values["kind"], matrix, numpy.array(values["starts"]),
                                  values["steps"], values["epsilon"]) if values["starts"] else []
    agree(f"{what}: trajectories", relative_difference(values["trajectories"], paths)
          if values["starts"] else 0.0)
    points = numpy.array(values["field"]["points"])
    moves = dynamics.displacement_field(values["kind"], matrix, points, values["epsilon"])
    agree(f"{what}: displacement field", relative_difference(values["field"]["moves"], moves))


@browser_test
def test_phase_presets_agree_with_the_library(explore):
    container = widget(explore, "phase")
    for key, preset in phase_presets().items():
        container.locator('select[name="preset"]').select_option(key)
        values = result(container)
        assert values["kind"] == preset["update"] and values["steps"] == dynamics.STEPS
        assert numpy.array_equal(values["starts"], dynamics.INITIAL_STATES)
        check_phase(values, f"phase preset {key}", numpy.array(preset["matrix"]))


def plot_point(container, x: float, y: float) -> tuple[float, float]:
    """Where on the screen the state (x, y) is drawn: from the plot frame and the view's extent.

    The plane is scrolled into view first: a click outside the viewport reaches nothing."""
    container.locator(".widget-focusable").scroll_into_view_if_needed()
    return container.evaluate(
        """(element, [x, y]) => {
          const svg = element.querySelector('.widget-focusable svg');
          const frame = svg.querySelector('rect.widget-frame');
          const extent = element.widget.result.extent;
          const [left, top] = [frame.x.baseVal.value, frame.y.baseVal.value];
          const [width, height] = [frame.width.baseVal.value, frame.height.baseVal.value];
          const point = new DOMPoint(left + (x + extent) / (2 * extent) * width,
                                     top + (extent - y) / (2 * extent) * height);
          const screen = point.matrixTransform(svg.getScreenCTM());
          return [screen.x, screen.y];
        }""", [x, y])


@browser_test
def test_phase_start_points_by_click_and_keyboard(explore):
    container = widget(explore, "phase")
    for (i, j), text in {(0, 0): "0.5", (0, 1): "-1.5", (1, 0): "1.2", (1, 1): "0.25"}.items():
        type_into(container.locator(f'input[data-row="{i}"][data-column="{j}"]'), text)
    container.locator('select[name="update"]').select_option("vanilla")
    container.get_by_role("button", name="Remove all start points").click()
    assert result(container)["starts"] == []
    extent = result(container)["extent"]
    explore.mouse.click(*plot_point(container, 0.3, -0.6))
    values = result(container)
    assert len(values["starts"]) == 1
    assert numpy.allclose(values["starts"][0], [0.3, -0.6], atol=extent / 100)  # a pixel or two
    plane = container.locator(".widget-focusable")
    plane.focus()
    for key in ("ArrowRight", "ArrowRight", "ArrowRight", "ArrowUp", "ArrowUp", "Enter",
                "Shift+ArrowLeft", "Enter", "Enter", "Backspace"):
        plane.press(key)
    values = result(container)
    assert values["starts"][1:] == [[0.15, 0.1], [-0.1, 0.1]]  # steps of 0.05, with Shift 0.25
    matrix = numpy.array([[0.5, -1.5], [1.2, 0.25]])
    check_phase(values, "phase typed W, vanilla, clicked and keyed starts", matrix)
    container.locator('select[name="update"]').select_option("feedback")
    type_into(container.locator('input[name="epsilon"]'), "0.2")
    check_phase(result(container), "phase typed W, feedback", matrix)


@contextlib.contextmanager
def explore_on_a_phone(browser, site_url: str) -> Iterator:
    """The Explore page in a 390 px touch viewport, as a phone shows it."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{site_url}/{EXPLORE}", wait_until="load")
        yield page
    finally:
        context.close()


@browser_test
def test_phase_start_point_by_tap(browser, site_url):
    with explore_on_a_phone(browser, site_url) as page:
        container = widget(page, "phase")
        container.get_by_role("button", name="Remove all start points").tap()
        page.touchscreen.tap(*plot_point(container, -0.5, 0.4))
        values = result(container)
        assert len(values["starts"]) == 1
        assert numpy.allclose(values["starts"][0], [-0.5, 0.4], atol=values["extent"] / 50)
        check_phase(values, "phase tapped start")


@browser_test
def test_phase_invalid_input_gets_a_message(explore):
    container = widget(explore, "phase")
    cell = container.locator('input[data-row="1"][data-column="0"]')
    type_into(cell, "1e999")
    assert state(container) == "invalid" and "finite" in message(container)
    type_into(cell, "2")
    type_into(container.locator('input[name="epsilon"]'), "-0.1")
    assert state(container) == "invalid" and "above 0" in message(container)
    type_into(container.locator('input[name="epsilon"]'), "0.1")
    assert state(container) == "ready"


# --- loading, weight, accessibility, phones -------------------------------------------------------


@browser_test
def test_widgets_load_only_on_pages_that_have_them_and_only_near_the_screen(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        requested: list[str] = []
        page.on("request", lambda r: requested.append(r.url))
        page.goto(f"{site_url}/index.html", wait_until="networkidle")
        assert not [url for url in requested if "widgets" in url]
        page.goto(f"{site_url}/{EXPLORE}", wait_until="networkidle")
        assert not [url for url in requested if url.endswith("widgets/phase.js")]  # far below
        widget(page, "phase")
        assert [url for url in requested if url.endswith("widgets/phase.js")]
    finally:
        context.close()


def open_every_widget(page) -> None:
    for name in ("powers", "gradient", "euler", "phase"):
        widget(page, name)


@browser_test
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_explore_is_light_and_accessible_after_interaction(browser, site_url, scheme):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    try:
        page = context.new_page()
        weight = [0]
        page.on("requestfinished",
                lambda r: weight.__setitem__(0, weight[0] + weight_without_video(r)))
        page.goto(f"{site_url}/{EXPLORE}", wait_until="networkidle")
        expected = "slate" if scheme == "dark" else "default"
        assert page.evaluate("() => document.body.dataset.mdColorScheme") == expected
        open_every_widget(page)
        type_into(widget(page, "powers").locator('input[data-row="0"][data-column="0"]'), "oops")
        widget(page, "phase").locator(".widget-focusable").focus()
        page.wait_for_load_state("networkidle")
        print(f"explore.html ({scheme}): {weight[0]} bytes without video")
        assert weight[0] < PAGE_BUDGET
        violations = Axe().run(page, context=AXE_CONTEXT).response["violations"]
        serious = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations
                   if v["impact"] in ("serious", "critical")]
        assert serious == [], "axe-core: serious or critical accessibility violations"
    finally:
        context.close()


@browser_test
def test_every_control_has_a_name(explore):
    open_every_widget(explore)
    unnamed = explore.evaluate(
        """() => [...document.querySelectorAll('[data-widget] :is(input, select, button)')]
          .filter(c => !(c.labels && c.labels.length && c.labels[0].textContent.trim())
                       && !(c.getAttribute('aria-label') || c.textContent).trim())
          .map(c => c.outerHTML.slice(0, 80))""")
    assert unnamed == []


@browser_test
def test_widgets_fit_a_phone(browser, site_url):
    with explore_on_a_phone(browser, site_url) as page:
        open_every_widget(page)
        widths = page.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1], widths
        overflowing = page.evaluate(
            """() => [...document.querySelectorAll('[data-widget] *')]
              .filter(e => !e.closest('.katex-mathml'))  // visually hidden: read, not shown
              .filter(e => e.getBoundingClientRect().right
                           > document.documentElement.clientWidth + 0.5)
              .map(e => e.tagName + '.' + e.className)""")
        assert overflowing == []


@browser_test
@pytest.mark.parametrize(("path", "name"), [("chapter-1.html", "powers"),
                                            ("chapter-2.html", "powers"),
                                            ("chapter-3.html", "gradient"),
                                            ("chapter-4.html", "euler"),
                                            ("chapter-4.html", "phase")])
def test_a_chapter_loads_its_figure_only_when_its_fold_is_opened(browser, site_url, path, name):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        requested: list[str] = []
        page.on("request", lambda r: requested.append(r.url))
        page.goto(f"{site_url}/{path}", wait_until="networkidle")
        assert not [url for url in requested if url.endswith(f"widgets/{name}.js")]
        fold = page.locator(f"details.example:has([data-widget='{name}'])")
        fold.locator("summary").click()
        container = widget(page, name)
        assert [url for url in requested if url.endswith(f"widgets/{name}.js")]
        assert state(container) == "ready"
    finally:
        context.close()
