"""The verified-derivation mechanism: data model, checks, registry, verification, rendering."""

from derivations.engine.checks import Induction, Instances, Numeric, Symbolic, Verdict
from derivations.engine.derivation import Derivation, Relation, Step
from derivations.engine.registry import all_derivations, get, register, slugs
from derivations.engine.verify import DerivationResult, StepResult, verify

__all__ = [
    "Derivation",
    "DerivationResult",
    "Induction",
    "Instances",
    "Numeric",
    "Relation",
    "Step",
    "StepResult",
    "Symbolic",
    "Verdict",
    "all_derivations",
    "get",
    "register",
    "slugs",
    "verify",
]
