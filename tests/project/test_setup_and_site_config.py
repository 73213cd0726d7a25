"""The set-up script and the site configuration fail loudly, as the README promises."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import markdown
import pytest
import yaml
from pymdownx.snippets import SnippetMissingError

from sitebuild.paths import ROOT

TOOLS = ("bash", "grep", "cut", "cat", "id", "sha256sum", "dirname")


def test_setup_without_apt_lists_the_packages_and_fails(tmp_path):
    # A machine where no Debian package is installed and apt-get does not exist.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in TOOLS:
        (bin_dir / tool).symlink_to(shutil.which(tool))
    (bin_dir / "dpkg-query").write_text("#!/bin/sh\nexit 1\n")
    (bin_dir / "dpkg-query").chmod(0o755)
    result = subprocess.run(
        [str(bin_dir / "bash"), str(ROOT / "tools/setup.sh")],
        capture_output=True, text=True, env={"PATH": str(bin_dir), "WITH_BROWSER": "1"},
    )
    assert result.returncode == 1
    for package in ("libcairo2-dev", "texlive-latex-extra", "dvisvgm", "libjs-katex", "chromium"):
        assert package in result.stderr
    assert "apt-get is not available" in result.stderr


def site_markdown() -> markdown.Markdown:
    """A Markdown converter with exactly the extensions and settings of mkdocs.yml."""

    class Loader(yaml.SafeLoader):
        pass

    # mkdocs.yml may use !!python tags elsewhere; the markdown section is plain data.
    Loader.add_multi_constructor("tag:yaml.org,2002:python", lambda *_: None)
    Loader.add_constructor("!ENV", lambda loader, node: None)  # environment-set settings
    config = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader=Loader)
    names, settings = [], {}
    for item in config["markdown_extensions"]:
        name, options = (item, {}) if isinstance(item, str) else next(iter(item.items()))
        names.append(name)
        settings[name] = options or {}
    settings["pymdownx.snippets"]["base_path"] = [str(ROOT / p) for p in
                                                  settings["pymdownx.snippets"]["base_path"]]
    return markdown.Markdown(extensions=names, extension_configs=settings)


@pytest.mark.parametrize("missing", ["derivations/no-such-derivation.md",
                                     "videos/NoSuchScene.md", "tables/no-such-table.md"])
def test_a_page_naming_a_missing_fragment_fails_the_build(missing):
    with pytest.raises(SnippetMissingError):
        site_markdown().convert(f'Text.\n\n--8<-- "{missing}"\n')


def test_every_fragment_a_page_names_is_generated_by_the_build():
    # The names pages use must be names the build writes: checked against the generated folder.
    generated = ROOT / "build" / "generated"
    if not generated.exists():
        pytest.fail("build/generated is missing: run `make site` (make test does) first")
    for page in (ROOT / "site").glob("*.md"):
        for line in page.read_text().splitlines():
            if line.startswith('--8<-- "'):
                name = line.split('"')[1]
                assert (generated / name).exists(), f"{page.name} names {name}"


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci/run").read_text()
    readme = (ROOT / "README.md").read_text()
    assert "make test" in ci and "make test" in readme
    assert os.access(ROOT / ".ci/run", os.X_OK)
    assert Path(ROOT / "tools/setup.sh").exists()
