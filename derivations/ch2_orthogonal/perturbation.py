"""A perturbation of the hidden state keeps its size under an orthogonal step.

This module is also the worked example of the contributor's guide (``site/contributing.md``),
which shows it verbatim: a test fails if the two differ, so edit both together.
"""

from __future__ import annotations

from derivations.ch2_orthogonal.facts import orthogonal, real
from derivations.ch2_orthogonal.sources import MERITY
from derivations.engine import Chain, Derivation, Step, Symbolic, register
from derivations.engine.expressions import NormSquared
from derivations.notation import symbol

Q, h, x = symbol("Q"), symbol("h"), symbol("x")  # d x d, d x 1, d x 1: every size d


@register
def orthogonal_step_keeps_perturbations() -> Derivation:
    return Derivation(
        title="An orthogonal step neither amplifies nor damps a perturbation",
        source=MERITY,
        statement=(r"If $Q$ is real with $Q^\top Q = I$, the step $h \mapsto Qh$ keeps the "
                   r"distance between a hidden state $h$ and a perturbed one $h + x$: "
                   r"$\lVert Q(h + x) - Qh\rVert = \lVert x\rVert$, at every size $d$."),
        hypotheses=(real(Q), orthogonal(Q)),
        steps=(
            Step("difference", NormSquared(Q * (h + x) - Q * h), NormSquared(Q * x),
                 r"Multiply out: $Q(h + x) - Qh = Qx$.", Symbolic()),
            Step("kept", NormSquared(Q * x), NormSquared(x),
                 r"$\lVert Qx\rVert^2 = x^* Q^\top Q x$, and $Q^\top Q = I$.", Symbolic(),
                 given=("real", "orthogonal")),
            Step("perturbation-kept", NormSquared(Q * (h + x) - Q * h), NormSquared(x),
                 "Steps (1) and (2) in turn; lengths are never negative.",
                 Chain(("difference", "kept"))),
        ),
        claims_every_size=True,
    )
