"""A two-page site that shows every piece the chapters use, built with the real configuration.

The chapters are being rewritten and their derivations converted one by one,
so the browser tests of theorem boxes, folded proofs, answer boxes, figures and
layout need a page that exists whatever state the chapters are in. The specimen
is built by MkDocs from ``mkdocs.yml`` with the site's own stylesheets, scripts
and post-build checks, from real fragments: derivations verified by the engine
and rendered by :mod:`sitebuild.theorems`, a formula fragment, an
answer box and an SVG figure from :mod:`sitebuild.svg`.

``python -m tests.site.specimen`` builds it into ``build/specimen/site``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from derivations.engine import verify
from derivations.notation import EXPLODING, PRESERVING, VANISHING
from sitebuild import svg
from sitebuild.fragments import answer_fragment, formula_fragment
from sitebuild.paths import BUILD, PAGES, ROOT
from sitebuild.theorems import render
from sitebuild.translation import messages
from tests.site.specimen_derivations import SPECIMENS
from tests.site.specimen_hooks import CATALOGUES

SPECIMEN = BUILD / "specimen"
HOOKS = Path(__file__).with_name("specimen_hooks.py")


def _box(derivation) -> str:
    result = verify(derivation)
    if not result.passed:
        raise AssertionError(f"specimen derivation does not verify: {result.failures()}")
    return render(derivation, {r.step.label: r.scope for r in result.steps})


def figure() -> str:
    """A small plot: grid, labels, a formula label and lines in the notation's colours."""
    width, height = 520, 240
    rows = [(40 + 40 * i, f"1e{2 - i}") for i in range(5)]
    columns = [(60 + 100 * i, str(16 * i)) for i in range(5)]
    body = svg.log_axes(50, 480, 200, rows=rows, columns=columns, title=(265, 235, "time step"))
    for colour, slope in ((EXPLODING, -0.3), (PRESERVING, 0.0), (VANISHING, 0.35)):
        body.append(svg.polyline([(60 + 10 * t, 120 + slope * 10 * t) for t in range(41)],
                                 colour))
    body.append(svg.text(470, 52, "explodes", EXPLODING, anchor="end"))
    body.append(svg.math(470, 112, r"\lVert W^t \rVert_2 = 1", PRESERVING, anchor="end"))
    return svg.document(width, height, "three norms against the time step", body).site()


def wide_table() -> str:
    header = "| case | " + " | ".join(f"$l = {10 * k}$" for k in range(1, 10)) + " |"
    rows = [f"| {name} | " + " | ".join(f"{value * k:.3g}" for k in range(1, 10)) + " |"
            for name, value in (("orthogonal", 1.0), ("Gaussian", 0.731), ("scaled", 12.5))]
    return "\n".join([header, "|" + "---|" * 10, *rows])


def pages() -> tuple[dict[str, str], dict[str, str]]:
    """The specimen's pages and the generated fragments they contain, by file name."""
    built = {factory().slug: factory() for factory in SPECIMENS}
    boxes = {slug: _box(derivation) for slug, derivation in built.items()}
    bound = built["specimen-geometric-bound"]
    expansion = built["specimen-long-expansion"]
    exercise = built["exercise-9-1"]
    formulas = {
        "bound": formula_fragment(bound, bound.conclusion_step, "index.md"),
        "expansion": formula_fragment(expansion, expansion.conclusion_step, "index.md"),
    }
    answer = answer_fragment(exercise)
    assert answer is not None
    exercise_block = "\n".join([  # as a chapter writes an exercise
        '<div class="exercise" id="ex-9-1" markdown="1">', "",
        "**Exercise 9.1** *(routine)* — What is the square of $r = 1/2$?", "",
        '??? tip "Hint"', "    Multiply the numerator by itself and the denominator by itself.",
        "", answer, "", boxes["exercise-9-1"], "", "</div>",
    ])
    index = "\n\n".join([
        "# Specimen",
        "Every piece a chapter uses, on one page. Prose has inline math such as $W^t$ and "
        "$x_{t-1}$; a link to [the last step of the induction](#specimen-geometric-bound--bound) "
        "opens its proof, and so does a link from [the other page](other.md).",
        "## A theorem for every size", boxes["specimen-orthogonal-preserves-norm"],
        "## An induction that rests on an assumption", boxes["specimen-geometric-bound"],
        "## A checked formula in the prose",
        "The bound of the induction, included by name:", formulas["bound"],
        "## A formula too long for a phone", boxes["specimen-long-expansion"],
        formulas["expansion"],
        "## A block marked not checked",
        '!!! unchecked "Not checked by machine"\n    The recurrence the chapter starts from:\n\n'
        "    $$\n    h_t = \\sigma(W h_{t-1} + W_{\\mathrm{in}} u_t + b)\n    $$",
        "## An erratum", boxes["erratum-specimen-square"],
        "## An exercise", exercise_block,
        "## A wide table", wide_table(),
        "## A figure", figure(),
    ]) + "\n"
    other = "\n\n".join([
        "# Another page",
        "Links into the specimen's folded proofs: "
        "[a step of the induction](index.md#specimen-geometric-bound--apply), "
        "[the proof for every size](index.md#specimen-orthogonal-preserves-norm--proof) and "
        "[the solution of the exercise](index.md#exercise-9-1--square).",
    ]) + "\n"
    report = "\n\n".join(["# Verification report", *(
        f"### {derivation.title} {{ #report-{slug} }}\n\nVerified." for slug, derivation in
        built.items())]) + "\n"
    fragments = {f"derivations/{slug}.md": box for slug, box in boxes.items()}
    fragments |= {f"formulas/{name}.md": text for name, text in formulas.items()}
    return {"index.md": index, "other.md": other, "verification.md": report}, fragments


def build_specimen(target: Path = SPECIMEN) -> Path:
    """Build the specimen site under ``target``; return the folder of the built site."""
    docs, generated, site = target / "docs", target / "generated", target / "site"
    for folder in (docs, generated):
        shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(PAGES / "stylesheets", docs / "stylesheets")
    shutil.copytree(PAGES / "javascripts", docs / "javascripts")
    # The English words the answer box says: the hooks place them with KaTeX (specimen_hooks).
    (target / CATALOGUES).write_text(messages.script(()), encoding="utf-8")
    texts, fragments = pages()
    for name, text in texts.items():
        (docs / name).write_text(text, encoding="utf-8")
    for name, text in fragments.items():
        (generated / name).parent.mkdir(parents=True, exist_ok=True)
        (generated / name).write_text(text, encoding="utf-8")
    config = load_config(
        config_file=str(ROOT / "mkdocs.yml"), docs_dir=str(docs), site_dir=str(site),
        nav=[{"Specimen": "index.md"}, {"Another page": "other.md"},
             {"Verification report": "verification.md"}], hooks=[str(HOOKS)],
        strict=True, site_name="Specimen",
    )
    # One language: no menu pointing at a Korean edition the specimen does not have (Material
    # would fetch its sitemap to stay on the same page).
    config["extra"].pop("alternate", None)
    config["plugins"].run_event("startup", command="build", dirty=False)
    try:
        build(config)
    finally:
        config["plugins"].run_event("shutdown")
    return site


if __name__ == "__main__":
    print(build_specimen())
