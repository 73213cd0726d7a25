"""A derivation as Markdown with LaTeX, for the site: hypotheses, steps, reasons, checks, source.

The output is plain Markdown (``$…$``/``$$…$$`` math for pymdownx.arithmatex,
attribute lists for anchors), so the site build stays a thin include.
"""

from __future__ import annotations

import sympy

from derivations.engine.derivation import Derivation, Step

TEST_NODE = "tests/derivations/test_registered_derivations.py::test_derivation_verifies"


def step_anchor(derivation: Derivation, step: Step) -> str:
    """The HTML id of a step: ``<slug>--<label>``."""
    return f"{derivation.slug}--{step.label}"


def step_latex(step: Step) -> str:
    """The step's claim as one LaTeX formula."""
    return f"{sympy.latex(step.lhs)} {step.relation.latex} {sympy.latex(step.rhs)}"


def test_command(slug: str) -> str:
    """The pytest node that checks the derivation ``slug`` in the test suite."""
    return f"{TEST_NODE}[{slug}]"


def render(derivation: Derivation) -> str:
    """The Markdown fragment a chapter page includes for ``derivation``."""
    lines = [f"### {derivation.title} {{ #{derivation.slug} .derivation }}", ""]
    if derivation.summary:
        lines += [derivation.summary, ""]
    lines += ["**Hypotheses.**", ""]
    lines += [f"- {hypothesis}" for hypothesis in derivation.hypotheses]
    lines.append("")
    for number, step in enumerate(derivation.steps, start=1):
        kind = step.check.describe()
        lines += [
            f"**({number})** {step.reason} "
            f'<span class="check-kind check-{step.check.kind}">{kind}</span>',
            f"{{: #{step_anchor(derivation, step)} .derivation-step }}",
            "",
            "$$",
            step_latex(step),
            "$$",
            "",
        ]
    lines += [
        f"*Source:* {derivation.source}. *Checked by* "
        f"`python -m derivations verify {derivation.slug}` and the test "
        f"`{test_command(derivation.slug)}`.",
        "{: .derivation-source }",
        "",
    ]
    return "\n".join(lines)
