"""An edition's MkDocs and Zensical configs: ``mkdocs.yml`` with the edition's overlay laid over.

``INHERIT`` cannot do this for both generators: MkDocs replaces a child's lists, Zensical
appends them (its navigation would be the English one followed by the Korean one), and the
snippet base is an item of the ``markdown_extensions`` list. So generation merges once, with
one rule, and writes ``build/mkdocs.<lang>.yml`` and ``build/zensical.<lang>.yml``: mappings merge,
lists replace, ``markdown_extensions`` entries are replaced by name. ``docs_dir``, ``site_dir``
and hooks are made relative to the written file, as both generators read them; the snippet base
stays relative to the working directory, the root, as in mkdocs.yml.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from sitebuild.paths import BUILD, EDITIONS, ROOT
from sitebuild.written import write_if_changed

BASE = ROOT / "mkdocs.yml"
# Where each generator's build of an edition goes: inside the English site, at /<lang>/.
SITE_DIRS = {"mkdocs": BUILD / "site", "zensical": BUILD / "zensical-site"}


class EnvTag(list):
    """``!ENV [NAME, default]`` of mkdocs.yml, kept as written for the generator to read."""


class _Loader(yaml.SafeLoader):
    pass


class _Dumper(yaml.SafeDumper):
    pass


_Loader.add_constructor("!ENV", lambda loader, node: EnvTag(loader.construct_sequence(node)))
_Dumper.add_representer(EnvTag, lambda dumper, value: dumper.represent_sequence(
    "!ENV", list(value), flow_style=True))


def overlay_path(lang: str) -> Path:
    return ROOT / f"edition.{lang}.yml"


def load(path: Path) -> dict[str, Any]:
    """A YAML config as a mapping (``!ENV`` kept)."""
    value = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
    if not isinstance(value, dict):
        raise ValueError(f"path: {path} is not a YAML mapping")
    return value


def _extension_name(entry: Any) -> str:
    return entry if isinstance(entry, str) else next(iter(entry))


def merge(base: Any, overlay: Any, key: str = "") -> Any:
    """``overlay`` laid over ``base``: mappings merge, lists and scalars replace, and a
    ``markdown_extensions`` mapping replaces the settings of the base's entries it names."""
    if key == "markdown_extensions" and isinstance(base, list) and isinstance(overlay, dict):
        merged = []
        for entry in base:
            name = _extension_name(entry)
            settings = {} if isinstance(entry, str) else entry[name]
            merged.append({name: merge(settings, overlay[name])} if name in overlay else entry)
        unknown = sorted(set(overlay) - {_extension_name(entry) for entry in base})
        if unknown:
            raise ValueError(f"overlay: markdown_extensions {unknown} are not in mkdocs.yml")
        return merged
    if isinstance(base, dict) and isinstance(overlay, dict):
        return {**base, **{name: merge(base.get(name), value, name)
                           for name, value in overlay.items()}}
    return overlay


def edition_config(lang: str, generator: str) -> dict[str, Any]:
    """The full config of the ``lang`` edition for ``generator`` (``mkdocs`` or ``zensical``)."""
    if generator not in SITE_DIRS:
        raise ValueError(f"generator: expected one of {sorted(SITE_DIRS)}, got {generator!r}")
    config = merge(load(BASE), load(overlay_path(lang)))
    folder = path(lang, generator).parent
    config["docs_dir"] = os.path.relpath(EDITIONS / lang / "docs", folder)
    config["site_dir"] = os.path.relpath(SITE_DIRS[generator] / lang, folder)
    config["hooks"] = [os.path.relpath(ROOT / hook, folder) for hook in config.get("hooks", [])]
    return config


def path(lang: str, generator: str) -> Path:
    """Where the ``lang`` edition's config for ``generator`` is written: in ``build/``, since
    Zensical takes the config's folder as the project root and refuses a ``site_dir`` or
    ``docs_dir`` outside it."""
    return BUILD / f"{generator}.{lang}.yml"


def write(lang: str) -> list[Path]:
    """Write the edition's config for each generator (only if changed): the paths."""
    written = []
    for generator in SITE_DIRS:
        text = ("# Written by generation from mkdocs.yml and "
                f"{overlay_path(lang).name} (sitebuild/edition/config.py): edit those.\n"
                + yaml.dump(edition_config(lang, generator), Dumper=_Dumper,
                            allow_unicode=True, sort_keys=False, width=100))
        write_if_changed(path(lang, generator), text)
        written.append(path(lang, generator))
    return written
