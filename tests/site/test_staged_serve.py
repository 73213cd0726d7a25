"""``make serve`` pages first (sitebuild.staged, sitebuild.live): a page is served while the slow
steps run, a tree is swapped in only whole, a failed step keeps the last complete tree and
names itself in one line, open pages are told to reload, and the last tree is served as built.

The steps here are stand-ins (small Python commands writing trees), so each test takes
seconds; what they stand for is checked against the Makefile's own recipes."""

from __future__ import annotations

import dataclasses
import re
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sitebuild import staged
from sitebuild.live import ServedTree
from sitebuild.paths import ROOT
from sitebuild.serve import make_server

WAIT = 20.0  # seconds a stand-in step may take on a loaded machine

# Writes a tree: index.html and other.html, both naming MARK; when HOLD is given, waits for
# that file to exist between the two (a build caught half-way).
WRITE_TREE = """
import pathlib, sys, time
directory, mark, hold = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
directory.mkdir(parents=True, exist_ok=True)
for old in directory.iterdir():
    old.unlink()
(directory / "index.html").write_text(f"<html><body>index {mark}</body></html>")
while hold and not pathlib.Path(hold).exists():
    time.sleep(0.05)
(directory / "other.html").write_text(f"<html><body>other {mark}</body></html>")
"""

# Says it started, waits for a file to exist, then prints a line (a render's last, say) and
# exits with a status.
STEP = """
import pathlib, sys, time
hold, line, status = sys.argv[1], sys.argv[2], int(sys.argv[3])
print("started", flush=True)
while hold and not pathlib.Path(hold).exists():
    time.sleep(0.05)
print(line)
sys.exit(status)
"""


def tree_command(name: str, directory: Path, mark: str, hold: Path | None = None
                 ) -> staged.Command:
    return staged.Command(name, (sys.executable, "-c", WRITE_TREE, str(directory), mark,
                                 str(hold or "")))


def step_command(name: str, hold: Path | None = None, line: str = "ok",
                 status: int = 0) -> staged.Command:
    return staged.Command(name, (sys.executable, "-c", STEP, str(hold or ""), line,
                                 str(status)))


class Serving:
    """A stand-in plan served as ``make serve`` serves it: pages first, then filled in on a
    thread, with every line the stages say kept."""

    def __init__(self, plan: staged.Plan) -> None:
        self.said: list[str] = []
        self.stages = staged.Stages(plan, self.said.append)
        first = self.stages.first_tree()
        assert first is not None, self.said
        self.tree = ServedTree(first, final=False)
        self.server = make_server(self.tree, 0)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.done: list[bool] = []
        self.filling = threading.Thread(
            target=lambda: self.done.append(self.stages.fill_in(self.tree)), daemon=True)
        self.filling.start()

    def get(self, path: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=WAIT) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, ""

    def finish(self) -> bool:
        self.filling.join(WAIT)
        assert not self.filling.is_alive(), f"the stages did not end: {self.said}"
        return self.done[0]

    def close(self) -> None:
        self.stages.stop()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def serving() -> Iterator[Callable[[staged.Plan], Serving]]:
    started: list[Serving] = []

    def start(plan: staged.Plan) -> Serving:
        started.append(Serving(plan))
        return started[-1]

    yield start
    for each in started:
        each.close()


def plan_of(tmp_path: Path, steps: tuple[staged.Command, ...],
            hold_pages: Path | None = None) -> staged.Plan:
    """Pages-first trees marked "pages", rebuilt ones held at ``hold_pages`` if given, and
    the complete site marked "complete"."""
    built: list[Path] = []

    def pages(directory: Path) -> tuple[staged.Command, ...]:
        built.append(directory)
        hold = hold_pages if len(built) > 1 else None  # the first build is never held
        return (tree_command("pages", directory, f"pages-{len(built)}", hold),)

    return staged.Plan(pages=pages, steps=steps,
                       site=(tree_command("site", tmp_path / "site", "complete"),),
                       site_directory=tmp_path / "site",
                       trees=(tmp_path / "serve" / "a", tmp_path / "serve" / "b"))


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_the_pages_are_served_while_a_render_is_pending(tmp_path, serving):
    release = tmp_path / "render-may-finish"
    site = serving(plan_of(tmp_path, (step_command("render", release),)))
    status, page = site.get("/")
    assert status == 200 and "index pages-1" in page
    assert "livereload(" in page  # more is to come: the page will be told to reload
    assert not site.done and site.filling.is_alive()  # the render is still pending
    release.touch()
    assert site.finish()
    status, page = site.get("/")
    assert status == 200
    assert page == (tmp_path / "site" / "index.html").read_text()  # as built: no script


def test_a_swap_never_exposes_a_half_written_tree(tmp_path, serving):
    half_way = tmp_path / "rebuild-may-finish"
    site = serving(plan_of(tmp_path, (step_command("render"), step_command("decks")),
                           hold_pages=half_way))
    rebuilt = tmp_path / "serve" / "b"
    wait_for(lambda: (rebuilt / "index.html").is_file(), "the rebuild to be half-written")
    for _ in range(5):  # the rebuild has written index.html, not other.html
        assert "index pages-1" in site.get("/")[1]
        status, other = site.get("/other.html")
        assert status == 200 and "other pages-1" in other
    half_way.touch()
    assert site.finish()
    assert site.get("/other.html") == (200, "<html><body>other complete</body></html>")


def test_a_failed_render_keeps_the_last_complete_tree(tmp_path, serving):
    site = serving(plan_of(tmp_path, (
        step_command("render", line="failed: VanishingPowers", status=1),
        step_command("decks"))))
    assert site.finish() is False
    failures = [line for line in site.said if "failed" in line and "serve:" in line]
    assert len(failures) == 1 and failures[0].startswith("serve: render failed after ")
    assert "VanishingPowers" in failures[0]
    assert "still serving" in failures[0]
    assert "[decks]" not in " ".join(site.said)  # nothing ran after the failure
    assert not (tmp_path / "site").exists()
    assert "index pages-1" in site.get("/")[1]
    status, other = site.get("/other.html")
    assert status == 200 and "other pages-1" in other


def test_open_pages_are_told_to_reload_when_a_tree_lands(tmp_path, serving):
    release = tmp_path / "render-may-finish"
    site = serving(plan_of(tmp_path, (step_command("render", release),)))
    epoch = int(re.search(r"livereload\((\d+),", site.get("/")[1]).group(1))
    answered: list[int] = []
    poll = threading.Thread(target=lambda: answered.append(int(
        site.get(f"/livereload/{epoch}/1")[1])), daemon=True)
    poll.start()
    time.sleep(0.5)
    assert not answered  # nothing new yet: the poll waits
    release.touch()
    poll.join(WAIT)
    assert answered and answered[0] > epoch


def test_a_tree_that_is_not_built_is_never_swapped_in(tmp_path):
    (tmp_path / "built").mkdir()
    (tmp_path / "built" / "index.html").write_text("built")
    tree = ServedTree(tmp_path / "built", final=False)
    with pytest.raises(ValueError, match=r"directory: .*not a built site"):
        tree.swap(tmp_path / "empty", final=True)
    assert tree.now().directory == str(tmp_path / "built")


def recipe(target: str) -> tuple[list[str], list[tuple[str, ...]]]:
    """A Makefile target's prerequisites and its commands' arguments after ``$(PY) -m``."""
    text = (ROOT / "Makefile").read_text()
    rule = re.search(rf"^{target}:(.*)\n((?:\t.*\n)*)", text, re.MULTILINE)
    assert rule, f"no rule {target} in the Makefile"
    commands = [tuple(line.split()[2:]) for line in rule.group(2).splitlines()
                if line.strip().startswith("$(PY) -m")]
    return rule.group(1).split(), commands


def test_the_complete_build_is_what_make_site_runs():
    """The stages end with what ``make site`` runs, in its order: the scenes' and decks'
    recipes, then its own; so the site served last is the one ``make site`` makes. (Before
    them only the tables are computed, which ``mkdocs build`` would otherwise compute.)"""
    prerequisites, site_commands = recipe("site")
    expected = [command for target in prerequisites for command in recipe(target)[1]]
    expected += site_commands
    ran = [command.argv[2:] for command in (*staged.PLAN.steps, *staged.PLAN.site)]
    assert ran == [("sitebuild", "tables"), *expected]
    assert staged.PLAN.site_directory == ROOT / "build" / "site"
    assert all(not command.environment for command in (*staged.PLAN.steps, *staged.PLAN.site))


def test_pages_that_cannot_be_built_are_said_in_one_line(tmp_path):
    said: list[str] = []
    plan = staged.Plan(pages=lambda directory: (step_command("pages", status=1,
                                                             line="ERROR - a broken page"),),
                       steps=(), site=(), site_directory=tmp_path / "site",
                       trees=(tmp_path / "a", tmp_path / "b"))
    assert staged.Stages(plan, said.append).first_tree() is None
    failures = [line for line in said if line.startswith("serve:")]
    assert len(failures) == 1 and "\n" not in failures[0]
    assert failures[0].startswith("serve: the pages could not be built (pages failed after ")
    assert failures[0].endswith(": a broken page)")  # MkDocs' error, without its level


def test_stopping_ends_the_running_step_and_runs_no_other(tmp_path, serving):
    never = tmp_path / "never"
    site = serving(plan_of(tmp_path, (step_command("render", never), step_command("decks"))))
    wait_for(lambda: "[render] started" in site.said, "the render to start")
    site.stages.stop()
    assert site.finish() is False
    assert not [line for line in site.said if line.startswith("serve:")]  # Ctrl-C: no failure
    assert "[decks]" not in " ".join(site.said) and not (tmp_path / "site").exists()
    assert "index pages-1" in site.get("/")[1]


@pytest.mark.parametrize("writes", [False, True])
def test_the_pages_are_built_again_only_after_a_step_that_changed_its_outputs(
        tmp_path, serving, monkeypatch, writes):
    monkeypatch.setattr(staged.freshness, "ROOT", tmp_path)
    (tmp_path / "media").mkdir()
    render = (tree_command("render", tmp_path / "media", "a render") if writes
              else step_command("render"))
    site = serving(plan_of(tmp_path, (dataclasses.replace(render, outputs=("media",)),
                                      step_command("decks", tmp_path / "decks-may-finish"))))
    wait_for(lambda: "[decks] started" in site.said, "the decks to start")
    assert ("index pages-2" in site.get("/")[1]) is writes
    assert ("serve: render changed nothing; the pages served stay" in site.said) is not writes
    (tmp_path / "decks-may-finish").touch()
    assert site.finish()


def test_an_open_page_reloads_itself_when_a_tree_lands(tmp_path, serving, browser):
    """In Chromium: MkDocs' reload script, as served, polls this server and reloads the page
    once the complete site is swapped in."""
    release = tmp_path / "render-may-finish"
    site = serving(plan_of(tmp_path, (step_command("render", release),)))
    page = browser.new_page()
    try:
        page.goto(site.url + "/")
        assert "index pages-1" in page.inner_text("body")
        page.wait_for_timeout(500)  # the script has started polling
        release.touch()
        page.wait_for_function("document.body.innerText.includes('index complete')",
                               timeout=WAIT * 1000)
    finally:
        page.close()
