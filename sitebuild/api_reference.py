"""The API reference of the numeric library, generated from its docstrings.

Docstring examples are shown as Python sessions; the same examples run as
doctests in ``tests/library/test_doctests.py``, so the reference cannot show
an example that does not work.
"""

from __future__ import annotations

import html
import importlib
import inspect
from types import ModuleType

LIBRARY_MODULES = (
    "derivations.fibonacci",
    "derivations.init",
    "derivations.haar",
    "derivations.matrix_powers",
    "derivations.hidden_state",
    "derivations.bptt",
    "derivations.dynamics",
)


def public_members(module: ModuleType) -> list[tuple[str, object]]:
    """Functions and classes defined in ``module`` whose names do not start with ``_``."""
    return [
        (name, member)
        for name, member in inspect.getmembers(module, inspect.isfunction) +
        inspect.getmembers(module, inspect.isclass)
        if not name.startswith("_") and getattr(member, "__module__", None) == module.__name__
    ]


def docstring_markdown(text: str, anchor: str | None = None) -> str:
    """A docstring as the library writes it (as ``help()`` shows it), with its ``>>>`` examples
    fenced as Python sessions.

    The prose stays preformatted text: a docstring is written for a terminal, with
    Unicode for its formulas, and shown as it is written rather than half-typeset.
    ``anchor`` (its module's or member's heading anchor) names each stretch of prose,
    ``doc-<anchor>``, then ``doc-<anchor>-2``, …: a translation's units of this docstring are
    named by it (:mod:`sitebuild.translation.fragments`), so a docstring added or changed
    elsewhere renames none of them.
    """
    blocks: list[tuple[bool, list[str]]] = []  # (is an example, lines)
    for line in inspect.cleandoc(text).splitlines():
        example = line.lstrip().startswith(">>>") or bool(
            blocks and blocks[-1][0] and line.strip())
        if not blocks or blocks[-1][0] != example:
            blocks.append((example, []))
        blocks[-1][1].append(line)
    output: list[str] = []
    stretches = 0
    for example, lines in blocks:
        body = "\n".join(lines).strip("\n")
        if not body.strip():
            continue
        if example:
            output += ["```pycon", body, "```", ""]
        else:
            stretches += 1
            named = "" if anchor is None else \
                f' id="doc-{anchor}{"" if stretches == 1 else f"-{stretches}"}"'
            output += [f'<pre class="docstring"{named}>{html.escape(body)}</pre>', ""]
    return "\n".join(output)


def module_reference(name: str) -> str:
    """One module's section of the reference."""
    module = importlib.import_module(name)
    anchor = name.replace(".", "-")
    parts = [f"## `{name}`", "", docstring_markdown(module.__doc__ or "", anchor), ""]
    for member_name, member in sorted(public_members(module), key=lambda item: item[0]):
        try:
            signature = str(inspect.signature(member))
        except (TypeError, ValueError):  # some builtins and C classes have none
            signature = ""
        kind = "class" if inspect.isclass(member) else "def"
        parts += [
            # the name's own case: a class and its factory (`Nonlinearity`, `nonlinearity`)
            # are two members, and need two anchors
            f"### `{member_name}` {{ #{anchor}-{member_name} }}",
            "",
            f"```python\n{kind} {member_name}{signature}\n```",
            "",
            docstring_markdown(member.__doc__ or "(no docstring)", f"{anchor}-{member_name}"),
            "",
        ]
    return "\n".join(parts)


def api_reference() -> str:
    """The whole reference, module by module."""
    return "\n".join(module_reference(name) for name in LIBRARY_MODULES)
