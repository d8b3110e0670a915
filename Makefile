# Every target sets up what it needs itself, so a fresh clone needs only these.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
NODE   := node_modules/.package-lock.json
PORT   ?= 8000
export NO_MKDOCS_2_WARNING := 1
PYTHON_DIRS := pyengine tests bench tools site/py stubs
# Two pytest-xdist workers, a test module to each at a time (a module shares
# one browser page): the browser tests wait on Chromium half the time, so two
# keep both cores busy. WORKERS= runs the suite in this one process.
WORKERS ?= -n 2 --dist loadfile --no-loadscope-reorder

.PHONY: run serve build test test-fast lint bench bench-load screenshots chromium bubblewrap system-packages clean

run: $(STAMP)                 ## play against the perfect bot in the terminal
	$(PY) -m pyengine play

serve: build                  ## build the site and serve it at http://127.0.0.1:8000
	@echo "Serving build/site at http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory build/site

build: $(STAMP) $(NODE)       ## the static site, in build/site
	$(PY) -m mkdocs build --strict

# The Python packages, npm's, Chromium and bubblewrap are set up side by side (each
# of the first two keeps one core busy for seconds, on a fresh clone), then lint, then the tests.
test:                         ## lint, type-check and run every test, browser tests included
	@$(MAKE) --no-print-directory -j3 --output-sync=target $(STAMP) $(NODE) chromium bubblewrap
	@$(MAKE) --no-print-directory lint
	$(PY) -m pytest $(WORKERS)

test-fast: $(STAMP) bubblewrap ## everything but the browser tests and those that need the network
	$(PY) -m pytest $(WORKERS) -m "not browser and not slow and not network"

lint: $(STAMP)                ## ruff and mypy --strict: the engine, the page's Python (stubs/ for the browser's modules), the tools
	$(PY) -m ruff check $(PYTHON_DIRS)
	$(PY) -m ruff format --check $(PYTHON_DIRS)
	$(PY) -m mypy --strict pyengine site/py tools

bench: $(STAMP) $(NODE) chromium  ## engine speed against bench/baselines.py (BENCH_ARGS="--runs 3 --no-browser ...")
	$(PY) bench/engine.py $(BENCH_ARGS)

bench-load: build chromium     ## page load on real networks in Chromium (BENCH_LOAD_ARGS="--baseline-site DIR ...")
	$(PY) bench/load.py $(BENCH_LOAD_ARGS)

screenshots: build chromium    ## the README's and docs' screenshots
	$(PY) tools/dev/screenshots.py

# Debian's packages the tests use: Chromium for Playwright (it cannot download
# its own browsers here), and bubblewrap, in which pyengine check runs each
# student's file (tests/test_check_sandbox.py checks files written to do harm
# only there). One apt-get for both: two at once would fight over dpkg's lock.
system-packages:
	@missing=""; \
	[ -n "$$CHROMIUM_PATH" ] || command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v bwrap >/dev/null 2>&1 || missing="$$missing bubblewrap"; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq $$missing; \
	else echo "missing Debian packages:$$missing (run 'sudo apt-get install$$missing', or set CHROMIUM_PATH)" >&2; exit 1; fi

chromium bubblewrap: system-packages

# uv (from the package index, pinned) installs the project in about 7 s where
# pip took 25-32, and compiles the bytecode on every core: this machine writes
# none at run time (PYTHONDONTWRITEBYTECODE), so each process would otherwise
# compile what it imports.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet 'uv==0.13.9'
	$(VENV)/bin/uv pip install --quiet --python $(PY) --compile-bytecode -e '.[test,site]'
	touch $@

$(NODE): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

clean:
	rm -rf $(VENV) node_modules build .pytest_cache .mypy_cache .ruff_cache .hypothesis
