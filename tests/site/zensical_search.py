"""Zensical's own search worker, run in Chromium on a search index: what a reader's search
ranks first, without typing into the page."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import zensical

from sitebuild.browser import served

WORKERS = Path(zensical.__file__).parent / "templates" / "assets" / "javascripts" / "workers"

# Post the index (message 0), wait until the worker is ready (1), then ask each query (2) and
# read its ranked results (3), as Zensical's search box does.
RANK = """async ([queries]) => {
  const index = await (await fetch('search.json')).json();
  const worker = new Worker('worker.js');
  const next = (type) => new Promise(resolve => {
    const listen = (event) => {
      if (event.data.type === type) { worker.removeEventListener('message', listen);
                                      resolve(event.data); }
    };
    worker.addEventListener('message', listen);
  });
  const ready = next(1);
  worker.postMessage({type: 0, data: index});
  await ready;
  const ranked = {};
  for (const query of queries) {
    const answer = next(3);
    worker.postMessage({type: 2, data: {input: query, filter: {
      input: {type: 'operator', data: {operator: 'and', operands: []}},
      aggregation: {input: [{type: 'term', data: {field: 'tags'}}]}}}});
    ranked[query] = (await answer).data.items.map(item => index.items[item.id].location);
  }
  worker.terminate();
  return ranked;
}"""


def ranked(browser, index: Path, queries: list[str], folder: Path) -> dict[str, list[str]]:
    """The locations Zensical's search worker lists for each query, best first."""
    [worker] = WORKERS.glob("search.*.js")
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(worker, folder / "worker.js")
    shutil.copy(index, folder / "search.json")
    (folder / "index.html").write_text("<!doctype html><title>search</title>", encoding="utf-8")
    with served(folder) as url:
        page = browser.new_page()
        try:
            page.goto(f"{url}/index.html")
            return page.evaluate(RANK, [queries])
        finally:
            page.close()


def index_of(items: list[tuple[str, str, str]]) -> dict:
    """A Zensical search index of (location, title, text) entries."""
    return {"config": {"lang": ["en"], "separator": r'[\s\-_,:!=\[\]()\\"`/]+|\.(?!\d)'},
            "items": [{"location": location, "level": 2, "title": title, "text": text,
                       "path": [], "tags": []} for location, title, text in items]}


def write(index: dict, path: Path) -> Path:
    path.write_text(json.dumps(index), encoding="utf-8")
    return path
