"""Chapter 4's generated tables and figure: numbers from ``derivations``, computed at build time.

The one exception is ``ch4-reported-results``: the accuracies Chang et al.
report, copied from the source and labelled as such, because nothing here
trains a network. Cells are Markdown with ``$…$`` math, so no formula reaches the
reader as a Unicode stand-in; the figure's labels are SVG text.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy
import sympy

from derivations import dynamics
from derivations.ch4_antisymmetric.forward_euler import diffusion_bounds
from derivations.engine import get
from foundation import palette
from sitebuild import svg

DIFFUSION_CONSTANTS = (0.0, 0.001, 0.01, 0.1, 1.0)
JACOBIAN_SIZE, JACOBIAN_STEPS = 16, 100

VANILLA_TITLES = {
    "random": "random Gaussian",
    "identity": "identity",
    "reflection": r"reflection ($\det W = -1$)",
    "rotation": r"rotation ($\det W = 1$)",
}
FEEDBACK_TITLES = {
    "positive": "$W_+$",
    "negative": "$W_-$",
    "antisymmetric": "$W_0$ (antisymmetric)",
    "diffusion": rf"$W_{{\mathrm{{diff}}}}$ ($\gamma = {dynamics.GAMMA_FIGURE:g}$)",
}
PORTRAIT_TIMES = (0, 10, dynamics.STEPS)


def _number(value: float) -> str:
    """A real number to three significant digits, for math (so a minus sign is typeset);
    very small magnitudes in scientific notation."""
    if value != 0 and abs(value) < 1e-4:
        mantissa, exponent = f"{value:.2e}".split("e")
        return f"{mantissa} \\times 10^{{{int(exponent)}}}"
    return f"{value:.3g}"


def _complex(value: complex) -> str:
    if abs(value.imag) < 1e-12:
        return _number(value.real)
    sign = "+" if value.imag > 0 else "-"
    return f"{_number(value.real)} {sign} {abs(value.imag):.3g}i"


def _eigenvalues(matrix: numpy.ndarray) -> str:
    """The eigenvalues of ``matrix``, sorted, as one formula; a conjugate pair as ``a ± bi``."""
    values = sorted(numpy.linalg.eigvals(matrix), key=lambda z: (z.real, z.imag))
    pair = len(values) == 2 and abs(values[0].imag) > 1e-12
    if pair and abs(values[0] - values[1].conjugate()) < 1e-12:
        return f"${_number(values[0].real)} \\pm {abs(values[0].imag):.3g}i$"
    return "$" + ",\\ ".join(_complex(value) for value in values) + "$"


def portrait_distances() -> str:
    """‖h_t‖ at t = 0, 10, 25, 50 for every panel and start: the claims of Figure 1 as numbers."""
    times = " | ".join(f"$t = {t}$" for t in PORTRAIT_TIMES)
    rows = [
        f"| network, $W$ | eigenvalues | {times} | least to largest |",
        "|---|---|" + "---|" * len(PORTRAIT_TIMES) + "---|",
    ]
    panels = [("vanilla", VANILLA_TITLES[kind], dynamics.vanilla_matrices()[kind])
              for kind in dynamics.VANILLA_KINDS]
    panels += [("feedback", FEEDBACK_TITLES[kind], dynamics.FEEDBACK_MATRICES[kind])
               for kind in dynamics.FEEDBACK_KINDS]
    for row, title, weights in panels:
        radii = numpy.linalg.norm(dynamics.trajectories(row, weights), axis=-1)
        at_times = " | ".join("<br>".join(f"${_number(r[t])}$" for r in radii)
                              for t in PORTRAIT_TIMES)
        spans = "<br>".join(f"${_number(r.min())}$ to ${_number(r.max())}$" for r in radii)
        rows.append(f"| {row}, {title} | {_eigenvalues(weights)} | {at_times} | {spans} |")
    return "\n".join(rows) + "\n"


def jacobian_spectrum() -> str:
    """Mean ± std of |λ(∂h_T/∂h_0)| for the AntisymmetricRNN at several γ and a vanilla tanh RNN."""
    rows = [
        f"| network ($d = {JACOBIAN_SIZE}$, $T = {JACOBIAN_STEPS}$, "
        f"$\\varepsilon = {dynamics.EPSILON:g}$) | mean of $\\lvert\\lambda\\rvert$ | "
        "spread of $\\lvert\\lambda\\rvert$ |",
        "|---|---|---|",
    ]
    for gamma in DIFFUSION_CONSTANTS:
        mean, spread = dynamics.eigenvalue_magnitudes(dynamics.end_to_end_jacobian(
            "antisymmetric", size=JACOBIAN_SIZE, steps=JACOBIAN_STEPS, gamma=gamma))
        rows.append(f"| AntisymmetricRNN, $\\gamma = {gamma:g}$ | ${_number(mean)}$ | "
                    f"${_number(spread)}$ |")
    mean, spread = dynamics.eigenvalue_magnitudes(
        dynamics.end_to_end_jacobian("vanilla", size=JACOBIAN_SIZE, steps=JACOBIAN_STEPS))
    rows.append(f"| vanilla tanh RNN, $W$ with $N(0, 1/d)$ entries | ${_number(mean)}$ | "
                f"${_number(spread)}$ |")
    return "\n".join(rows) + "\n"


def _diffusion_bounds() -> tuple[sympy.Basic, sympy.Basic]:
    """γ₋ and γ₊ exactly at the pictures' ε and ω, as the theorem defines them."""
    return diffusion_bounds(sympy.Rational(str(dynamics.EPSILON)),
                            sympy.Rational(str(dynamics.OMEGA_FIGURE)))


def euler_condition() -> str:
    """The slides' diffusion example against the exact stability condition, at our ε."""
    derivation = get("erratum-diffusion-example-not-euler-stable")
    epsilon, omega = float(dynamics.EPSILON), dynamics.OMEGA_FIGURE
    least = dynamics.smallest_stable_gamma(epsilon, omega)
    exact_least, _ = _diffusion_bounds()
    rows = [
        r"| $\gamma$ | $\varepsilon(\gamma^2 + \omega^2)$ | $2\gamma$ | "
        r"$\lvert 1 + \varepsilon(-\gamma + i\omega)\rvert^2$ | Euler-stable at the origin? |",
        "|---|---|---|---|---|",
    ]
    for label, gamma in (("$0$ ($W_0$)", 0.0),
                         (rf"${dynamics.GAMMA_FIGURE:g}$ (the slides' $W_{{\mathrm{{diff}}}}$)",
                          dynamics.GAMMA_FIGURE),
                         (rf"$\gamma_- = {sympy.latex(exact_least)} \approx {least:.4f}$",
                          least),
                         ("$0.5$", 0.5)):
        left, right = epsilon * (gamma**2 + omega**2), 2 * gamma
        modulus = abs(1 + epsilon * (-gamma + 1j * omega)) ** 2
        verdict = "yes" if left <= right + 1e-12 else "no"
        rows.append(f"| {label} | ${left:.6g}$ | ${right:.6g}$ | ${modulus:.6g}$ | {verdict} |")
    threshold = derivation.step("threshold-value").rhs
    exact = derivation.step("factor-at-our-step").rhs
    return "\n".join(rows) + (
        f"\n\nAt $\\varepsilon = {epsilon:g}$ (our choice; the slides give no step) and "
        f"$\\omega = {omega:g}$. From the verified erratum: at the slides' "
        f"$\\gamma = {dynamics.GAMMA_FIGURE:g}$, "
        f"$\\lvert 1 + \\varepsilon\\lambda\\rvert^2 = {sympy.latex(exact)}$, and the step is "
        f"stable exactly when $\\varepsilon \\leq {sympy.latex(threshold)} \\approx "
        f"{float(threshold):.4f}$.\n"
    )


REPORTED_MNIST = (
    ("LSTM (Arjovsky et al., 2016)", "97.3%", "92.6%", "128", "68k"),
    ("FC uRNN (Wisdom et al., 2016)", "92.8%", "92.1%", "116", "16k"),
    ("FC uRNN (Wisdom et al., 2016)", "96.9%", "94.1%", "512", "270k"),
    ("Soft orthogonal (Vorontsov et al., 2017)", "94.1%", "91.4%", "128", "18k"),
    ("KRU (Jose et al., 2017)", "96.4%", "94.5%", "512", "11k"),
    ("AntisymmetricRNN", "98.0%", "95.8%", "128", "10k"),
    ("AntisymmetricRNN w/ gating", "98.8%", "93.1%", "128", "10k"),
)
REPORTED_CIFAR = (
    ("LSTM", "59.7%", "11.6%", "128", "69k"),
    ("Ablation model", "54.6%", "46.2%", "196", "42k"),
    ("AntisymmetricRNN", "58.7%", "48.3%", "256", "36k"),
    ("AntisymmetricRNN w/ gating", "62.2%", "54.7%", "256", "37k"),
)


def reported_results() -> str:
    """The accuracies reported by Chang et al. (2019), as the slides reproduce them."""
    label = (
        "!!! warning \"Reported by Chang et al. 2019, not reproduced here\"\n"
        "    Test accuracies as printed in the paper and copied by the slides. This companion "
        "trains no networks; treat these as the authors' claims.\n"
    )
    mnist = ["| method | MNIST | pMNIST | units | parameters |", "|---|---|---|---|---|"]
    mnist += [f"| {' | '.join(row)} |" for row in REPORTED_MNIST]
    cifar = ["| method | pixel-by-pixel | noise padded | units | parameters |",
             "|---|---|---|---|---|"]
    cifar += [f"| {' | '.join(row)} |" for row in REPORTED_CIFAR]
    return (
        f"{label}\n**Pixel-by-pixel MNIST and permuted MNIST** (reported by Chang et al. 2019, "
        f"not reproduced here)\n\n" + "\n".join(mnist)
        + "\n\n**Pixel-by-pixel CIFAR-10, plain and noise padded** (reported by Chang et al. "
        "2019, not reproduced here)\n\n" + "\n".join(cifar) + "\n"
    )


def stability_region_svg() -> svg.Figure:
    """An inline SVG, zoomed near z = 0: the disc |1 + z| ≤ 1 and ε·λ(M − γI) for several γ."""
    width, height, margin = 560, 320, 30
    re_range, im_range = (-0.07, 0.02), (-0.26, 0.26)
    epsilon, omega = dynamics.EPSILON, dynamics.OMEGA_FIGURE
    least = dynamics.smallest_stable_gamma(epsilon, omega)

    def point(re: float, im: float) -> tuple[float, float]:
        x = margin + (re - re_range[0]) / (re_range[1] - re_range[0]) * (width - 2 * margin)
        y = margin + (im_range[1] - im) / (im_range[1] - im_range[0]) * (height - 2 * margin)
        return x, y

    # The disc's right edge, Re z = −1 + √(1 − (Im z)²), is all of the disc inside this window.
    edge = [point(-1 + (1 - im**2) ** 0.5, im) for im in numpy.linspace(*im_range, 81)]
    left = [point(re_range[0], im_range[1]), point(re_range[0], im_range[0])]
    x0, y0 = point(0, 0)
    parts = [
        svg.area([*edge, *left], palette.PRESERVING, 0.18),
        svg.polyline(edge, palette.PRESERVING),
        svg.line((margin, y0), (width - margin, y0), svg.THEME.muted),
        svg.line((x0, margin), (x0, height - margin), svg.THEME.muted),
        svg.text(x0 + 6, height - margin - 4, "imaginary part"),
        svg.text(width - margin, y0 - 6, "real part", anchor="end"),
        svg.text(margin + 8, y0 + 18, "stable disc", palette.PRESERVING, size=13),
    ]
    shifts = ((0.0, palette.EXPLODING, r"\gamma = 0"),
              (dynamics.GAMMA_FIGURE, palette.ACCENT, rf"\gamma = {dynamics.GAMMA_FIGURE:g}"),
              (least, palette.PRESERVING, rf"\gamma_- = {least:.3f}"),
              (0.5, palette.VANISHING, r"\gamma = 0.5"))
    for row, (shift, colour, name) in enumerate(shifts):
        for sign in (1, -1):
            x, y = point(-epsilon * shift, sign * epsilon * omega)
            parts.append(svg.dot(x, y, colour))
        # Each label beside its upper dot, above it and below it in turn: the neighbouring
        # dots' labels do not meet, and none leaves the figure.
        x, y = point(-epsilon * shift, epsilon * omega)
        parts.append(svg.math(x + 8, y - 10 if row % 2 == 0 else y + 24, name, colour))
    largest = _diffusion_bounds()[1]
    caption = (
        "\n\n*Near $z = 0$, the disc $|1 + z| \\le 1$ where forward Euler is stable (shaded; "
        "horizontal axis stretched, so the circle's edge looks flat) and the scaled eigenvalues "
        "$z = \\varepsilon\\lambda = \\varepsilon(-\\gamma \\pm i\\omega)$ of $M - \\gamma I$ "
        f"for $\\varepsilon = {dynamics.EPSILON:g}$ (our choice) and "
        f"$\\omega = {dynamics.OMEGA_FIGURE:g}$. The pair enters the disc only once "
        f"$\\gamma \\ge \\gamma_-$; the slides' $\\gamma = {dynamics.GAMMA_FIGURE:g}$ is still "
        f"outside. (It leaves again past $\\gamma_+ = {sympy.latex(largest)} \\approx "
        f"{float(largest):.1f}$, far off this picture.)*\n"
    )
    return svg.document(width, height, "forward Euler stability region near the origin", parts,
                        background=False, caption=caption)


TABLES: dict[str, Callable[[], str | svg.Figure]] = {
    "ch4-portrait-distances": portrait_distances,
    "ch4-jacobian-spectrum": jacobian_spectrum,
    "ch4-euler-condition": euler_condition,
    "ch4-reported-results": reported_results,
    "ch4-stability-region": stability_region_svg,
}
