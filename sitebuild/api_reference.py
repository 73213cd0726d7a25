"""The API reference of the numeric library, generated from its docstrings.

Docstring examples are shown as Python sessions; the same examples run as
doctests in ``tests/library/test_doctests.py``, so the reference cannot show
an example that does not work.
"""

from __future__ import annotations

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


def docstring_markdown(text: str) -> str:
    """A docstring as Markdown: prose kept, ``>>>`` examples fenced as Python sessions."""
    lines = inspect.cleandoc(text).splitlines()
    output: list[str] = []
    in_example = False
    for line in lines:
        starts_example = line.lstrip().startswith(">>>")
        if starts_example and not in_example:
            output += ["", "```pycon"]
            in_example = True
        elif in_example and not line.strip():
            output += ["```", ""]
            in_example = False
            continue
        if not in_example and set(line.strip()) == {"-"}:
            continue  # numpydoc underline: the heading above it stays as a plain line
        output.append(line)
    if in_example:
        output.append("```")
    return "\n".join(output)


def module_reference(name: str) -> str:
    """One module's section of the reference."""
    module = importlib.import_module(name)
    parts = [f"## `{name}`", "", docstring_markdown(module.__doc__ or ""), ""]
    for member_name, member in sorted(public_members(module), key=lambda item: item[0]):
        try:
            signature = str(inspect.signature(member))
        except (TypeError, ValueError):  # some builtins and C classes have none
            signature = ""
        kind = "class" if inspect.isclass(member) else "def"
        parts += [
            f"### `{member_name}` {{ #{name.replace('.', '-')}-{member_name.lower()} }}",
            "",
            f"```python\n{kind} {member_name}{signature}\n```",
            "",
            docstring_markdown(member.__doc__ or "(no docstring)"),
            "",
        ]
    return "\n".join(parts)


def api_reference() -> str:
    """The whole reference, module by module."""
    return "\n".join(module_reference(name) for name in LIBRARY_MODULES)
