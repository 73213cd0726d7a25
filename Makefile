# The two commands of the README: `make serve` and `make test`. Everything else is a step of them.
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve dev test retest fresh-site setup setup-test render decks generate site zensical compare verify lint clean

## serve: set up and serve on http://127.0.0.1:$(PORT): the site as built if it is up to date, else
## the pages first, then videos, decks and notebooks filled in as they are made (sitebuild/staged.py)
serve: setup
	$(PY) -m sitebuild serve --port $(PORT)

## dev: serve for authoring on http://127.0.0.1:$(PORT) (the Korean edition at /ko/, its stale or
## failing units listed on each page): rebuild what changed, reload the browser
dev: setup
	$(PY) -m sitebuild dev --port $(PORT)

## test: set up (with Chromium and PyTorch), build the site, run every test including the slow ones, lint
# If exactly this checkout already passed (tests/suite_cache.py), say so and stop; FORCE=1 runs
# everything anyway, and so does CI, whose fresh clone has no record.
test: setup-test
	@[ -z "$(FORCE)" ] && $(PY) -m tests.suite_cache check '$(TEST_COMMAND)' || \
		$(MAKE) --no-print-directory retest

# One BLAS thread per test worker: two workers on two cores, not two workers times N threads.
# Work stealing, with the long tests first (tests/conftest.py): the two workers end together.
TEST_COMMAND := $(PY) -m pytest -m "slow or not slow" --fresh-verdicts -n 2 --dist worksteal -q
## retest: build what changed, run every test and lint now, whatever passed before
retest: setup-test fresh-site
	$(PY) -m tests.suite_cache begin '$(TEST_COMMAND)'
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 \
		$(TEST_COMMAND) --junitxml=build/cache/suite.xml
	$(VENV)/bin/ruff check .
	$(PY) -m tests.suite_cache passed build/cache/suite.xml

setup:
	@bash tools/setup.sh

# The tests also need Chromium (the built site in a browser) and .venv-torch (Debian's CPU
# PyTorch, for the torch backend's tests; tools/setup.sh says why not the registry's wheel).
setup-test:
	@WITH_BROWSER=1 WITH_TORCH=1 bash tools/setup.sh

## render: render every scene whose inputs changed (draft quality) into build/media/draft
render: setup
	$(PY) -m animations.render

## decks: build each chapter's slide deck (offline HTML and PDF) into build/decks
decks: setup
	$(PY) -m lectures.decks

## generate: verify, write the fragments pages include, place media, KaTeX, decks in site/
generate: setup
	$(PY) -m sitebuild generate

# Nothing changed since the last `make site` (sitebuild/freshness.py): nothing to build.
fresh-site:
	@$(PY) -m sitebuild fresh 2>/dev/null || $(MAKE) --no-print-directory site

## site: build the static site into build/site (the hooks generate first)
# The Korean edition (edition.ko.yml) follows, into build/site/ko: its config, pages and fragments
# are written by the English build's generation (sitebuild/edition).
site: render decks
	$(PY) -m mkdocs build
	$(PY) -m mkdocs build -f build/mkdocs.ko.yml
	$(PY) -m sitebuild fresh --record

## zensical: the same site built by Zensical into build/zensical-site, then checked
zensical: render decks generate
	$(VENV)/bin/zensical build -f zensical.yml
	$(VENV)/bin/zensical build -f build/zensical.ko.yml
	$(PY) -m sitebuild check build/zensical-site
	$(PY) -m sitebuild check build/zensical-site/ko

## compare: both builds show the same pages, formulas, videos and files
compare: site zensical
	$(PY) -m sitebuild compare build/site build/zensical-site
	$(PY) -m sitebuild compare build/site/ko build/zensical-site/ko

## verify: check every derivation step by step from the terminal
verify: setup
	$(PY) -m derivations verify

lint: setup
	$(VENV)/bin/ruff check .

clean:
	rm -rf build
