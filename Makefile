# Quick start: `make play` and `make test`. Both create .venv and install what they need.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test lint format bench simulate dist clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed-base: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

$(VENV)/.installed-bench: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,bench]'
	touch $@

play: $(VENV)/.installed-base
	$(PY) main.py

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict game/engine game/bots

test: lint
	$(HEADLESS) $(PY) -m pytest -q -n 2 tests README.md
	$(PY) main.py simulate --preset all --games 300 --seed 1 --check

format: $(VENV)/.installed-test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(VENV)/.installed-bench
	$(HEADLESS) $(PY) -m game.bench

clean:
	rm -rf $(VENV) dist build/work .pytest_cache .mypy_cache .ruff_cache
