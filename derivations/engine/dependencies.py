"""What a derivation rests on: the results of other derivations it ``uses``, and their scopes.

A derivation that rewrites by another's result (Binet's formula, "by the previous
theorem") is only as broad as that result: a conclusion checked for all $n$ that
substitutes a formula checked for one $2 \\times 2$ matrix is, as a whole, checked
for that matrix. :func:`effective_scopes` gives each derivation the narrowest
scope among its own conclusion and, recursively, every derivation it uses, so the
badge says "for all $n$" only when every result beneath it does.

Everything here is pure data in, data out, so the site can call it on records
without building a derivation; :func:`registry_uses` reads the edges from the
registry for callers that have it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from derivations.engine.scope import Scope, ScopeKind, narrowest

__all__ = ["Effective", "effective_scope_of", "effective_scopes", "registry_uses", "rests_on",
           "scope_kind"]


@dataclass(frozen=True)
class Effective:
    """A derivation's badge scope: the narrowest along everything it rests on.

    ``own`` is its conclusion's scope; ``narrowest_in`` is the slug whose
    conclusion gives ``scope`` (the derivation's own slug when nothing it uses
    is narrower); ``rests_on`` is every slug it uses, directly or not, in order.
    """

    scope: Scope
    own: Scope
    narrowest_in: str
    rests_on: tuple[str, ...]


def rests_on(uses: Mapping[str, Sequence[str]]) -> dict[str, tuple[str, ...]]:
    """Every slug each derivation uses, directly or through others, in depth-first order.

    Refuses a ``uses`` entry naming a slug that is not a key of ``uses`` (an unknown
    derivation) and a cycle (a result resting on itself), naming the slugs.
    """
    for slug, used in uses.items():
        if isinstance(used, str):
            raise TypeError(f"uses of {slug!r}: expected a sequence of slugs, got the string "
                            f"{used!r}")
        unknown = [name for name in used if name not in uses]
        if unknown:
            raise ValueError(f"{slug!r} uses unknown derivations {unknown}; known: "
                             f"{', '.join(sorted(uses))}")
    found: dict[str, tuple[str, ...]] = {}

    def visit(slug: str, path: tuple[str, ...]) -> tuple[str, ...]:
        if slug in path:
            cycle = " → ".join((*path[path.index(slug):], slug))
            raise ValueError(f"derivations use each other's results in a cycle: {cycle}")
        if slug in found:
            return found[slug]
        beneath: list[str] = []
        for used in uses[slug]:
            for name in (used, *visit(used, (*path, slug))):
                if name not in beneath:
                    beneath.append(name)
        found[slug] = tuple(beneath)
        return found[slug]

    for slug in uses:
        visit(slug, ())
    return found


def scope_kind(kind: ScopeKind | str) -> ScopeKind:
    """``kind`` as a ScopeKind: records store it as a name (``"fixed-size"``)."""
    if isinstance(kind, ScopeKind):
        return kind
    return ScopeKind[kind.upper().replace("-", "_")]


def effective_scopes(found: Mapping[str, tuple[ScopeKind | str, str, Sequence[str]]]
                     ) -> dict[str, Effective]:
    """For ``{slug: (conclusion scope kind, its label, uses)}``, each slug's badge scope.

    The kind may be a :class:`ScopeKind` or a record's name for it (``"general"``,
    ``"fixed-size"``). The scope is the narrowest, by :func:`narrowest`, of the
    slug's own and of every derivation it rests on; on a tie its own wins.
    Unknown slugs and cycles are refused (see :func:`rests_on`).
    """
    own = {slug: Scope(scope_kind(kind), label) for slug, (kind, label, _) in found.items()}
    beneath = rests_on({slug: tuple(used) for slug, (_, _, used) in found.items()})
    result: dict[str, Effective] = {}
    for slug, scope in own.items():
        chain = (slug, *beneath[slug])
        kind = min(own[name].kind for name in chain)
        if scope.kind == kind:  # its own words, even "exact", where nothing beneath is narrower
            result[slug] = Effective(scope, scope, slug, beneath[slug])
            continue
        weakest = narrowest([own[name] for name in chain if own[name].kind == kind])
        narrowest_in = next(name for name in chain if own[name] == weakest)
        result[slug] = Effective(weakest, scope, narrowest_in, beneath[slug])
    return result


def effective_scope_of(slug: str, found: Mapping[str, tuple[ScopeKind | str, str,
                                                               Sequence[str]]]) -> Scope:
    """The badge scope of ``slug`` alone (see :func:`effective_scopes`)."""
    if slug not in found:
        raise KeyError(f"unknown derivation {slug!r}; known: {', '.join(sorted(found))}")
    return effective_scopes(found)[slug].scope


def registry_uses() -> dict[str, tuple[str, ...]]:
    """``{slug: uses}`` for every registered derivation (builds each one), checked for
    unknown slugs and cycles."""
    from derivations.engine.registry import get, slugs  # the registry imports the chapters

    uses = {slug: get(slug).uses for slug in slugs()}
    rests_on(uses)
    return uses
