"""What a result was computed from: the source files a module imports, and one digest of them.

Caches key on these: a verdict, a render, a table or a training run is reused only while every
file it was computed from is unchanged. Reading ``import`` statements (not running them) keeps
this cheap and free of side effects.
"""

from __future__ import annotations

import ast
import functools
import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path

from foundation.paths import ROOT


def module_path(module: str, root: Path = ROOT) -> Path:
    """The file of a module under ``root``, e.g. ``derivations.fibonacci`` → .../fibonacci.py."""
    base = root.joinpath(*module.split("."))
    package = base / "__init__.py"
    return package if package.exists() else base.with_suffix(".py")


def imported_names(path: Path) -> tuple[str, ...]:
    """Every absolute import of the file ``path``: ``a.b`` for ``import a.b``, and ``a.b`` and
    ``a.b.c`` for ``from a.b import c``."""
    status = path.stat()
    return _imported_names(path, status.st_mtime_ns, status.st_size)


@functools.lru_cache(maxsize=4096)
def _imported_names(path: Path, mtime_ns: int, size: int) -> tuple[str, ...]:
    """Parsed once per version of the file (a verify or a site build asks about the same
    modules once per derivation)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return tuple(names)


def imported_modules(path: Path, packages: Iterable[str], root: Path = ROOT) -> set[str]:
    """The modules of ``packages`` that the file ``path`` imports (absolute imports only)."""
    packages = set(packages)
    return {name for name in imported_names(path)
            if name.split(".")[0] in packages and module_path(name, root).exists()}


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


def digest(paths: Iterable[Path], *settings: str, root: Path = ROOT) -> str:
    """One SHA-256 over ``settings`` (versions, options) and each file's path relative to
    ``root`` and bytes, in sorted order: equal only if every input is."""
    hashed = hashlib.sha256()
    for setting in settings:
        hashed.update(setting.encode())
        hashed.update(b"\0")
    for path in sorted(set(paths)):
        hashed.update(path.relative_to(root).as_posix().encode())
        hashed.update(b"\0")
        hashed.update(path.read_bytes())
    return hashed.hexdigest()


def python_files(*relative: str, root: Path = ROOT) -> list[Path]:
    """The files at ``relative`` paths: a file itself, or a folder's ``*.py`` files, recursively."""
    found: list[Path] = []
    for name in relative:
        start = root / name
        found += [start] if start.is_file() else sorted(start.rglob("*.py"))
    return found
