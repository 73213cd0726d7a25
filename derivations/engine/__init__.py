"""The verified-derivation mechanism: data, hypotheses, checks, scope, registry, verification."""

from derivations.engine.checks import Chain, Induction, Instances, Numeric, Symbolic
from derivations.engine.derivation import Derivation, Relation, Step
from derivations.engine.hypothesis import Assumption, Hypothesis
from derivations.engine.kernel import Verdict
from derivations.engine.registry import all_derivations, get, register, slugs
from derivations.engine.scope import Scope, ScopeKind
from derivations.engine.verify import DerivationResult, StepResult, verify

__all__ = [
    "Assumption",
    "Chain",
    "Derivation",
    "DerivationResult",
    "Hypothesis",
    "Induction",
    "Instances",
    "Numeric",
    "Relation",
    "Scope",
    "ScopeKind",
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
