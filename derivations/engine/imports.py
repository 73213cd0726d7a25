"""Which source files a module depends on, found by reading its ``import`` statements.

Caches key on these files: a verdict, a render or a table is reused only while
every file it was computed from is unchanged. Reading imports (not running them)
keeps this cheap and free of side effects.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_path(module: str, root: Path = ROOT) -> Path:
    """The file of a module under ``root``, e.g. ``derivations.fibonacci`` → .../fibonacci.py."""
    base = root.joinpath(*module.split("."))
    package = base / "__init__.py"
    return package if package.exists() else base.with_suffix(".py")


def imported_modules(path: Path, packages: Iterable[str], root: Path = ROOT) -> set[str]:
    """The modules of ``packages`` that the file ``path`` imports (absolute imports only)."""
    packages = set(packages)
    status = path.stat()
    return {name for name in _imported_names(path, status.st_mtime_ns, status.st_size)
            if name.split(".")[0] in packages and module_path(name, root).exists()}


@functools.lru_cache(maxsize=4096)
def _imported_names(path: Path, mtime_ns: int, size: int) -> tuple[str, ...]:
    """Every absolute import of ``path``; parsed once per version of the file (a verify or a
    site build asks about the same modules once per derivation)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return tuple(names)


def closure(module: str, packages: Iterable[str],
            also: Callable[[str], list[str]] = lambda module: [],
            root: Path = ROOT) -> list[Path]:
    """``module`` and every module of ``packages`` it imports, directly or not, with their
    parent packages; ``also(name)`` adds modules a module uses without importing them."""
    packages = tuple(packages)
    seen: set[str] = set()
    pending = [module]
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        parts = current.split(".")
        pending += [".".join(parts[:i]) for i in range(1, len(parts))]
        pending += sorted(imported_modules(module_path(current, root), packages, root))
        pending += also(current)
    return sorted({module_path(name, root) for name in seen})
