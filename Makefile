# Every target sets up what it needs itself, so a fresh clone needs only these.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench clean

run: $(STAMP)                 ## play against the perfect bot in the terminal
	$(PY) -m pyengine play

test: $(STAMP)                ## lint, type-check and run every test
	$(PY) -m ruff check pyengine tests bench
	$(PY) -m mypy --strict pyengine
	# Exit status 5 means pytest collected nothing: a broken suite, not a pass.
	$(PY) -m pytest

lint: $(STAMP)
	$(PY) -m ruff check pyengine tests bench
	$(PY) -m mypy --strict pyengine

bench: $(STAMP)               ## speed ratios against the baselines in ../shared/bench
	$(PY) bench/engine.py

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache .hypothesis
