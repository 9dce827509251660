# Quick start: `make play` and `make test`. Both create .venv and install what they need.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test lint format bench native dist clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed-base: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[native]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[native,test]'
	touch $@

$(VENV)/.installed-build: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[build,native]'
	touch $@

$(VENV)/.installed-bench: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[native,test,bench]'
	touch $@

# The engine's hot modules compiled with mypyc (3x faster playouts for the searching bot).
# Optional: without a C compiler the pure-Python engine runs, and game.engine ignores a
# compiled build that is older than its sources.
NATIVE_SRC := $(wildcard game/engine/*.py) build/native.py
.native/stamp: $(NATIVE_SRC) | $(VENV)/.installed-base
	@($(PY) build/native.py >/dev/null 2>&1 && echo "engine compiled (mypyc)") \
		|| echo "engine not compiled: running the pure-Python engine"
	@mkdir -p .native && touch $@

native: .native/stamp

play: $(VENV)/.installed-base .native/stamp
	$(PY) main.py

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict game main.py  # the engine and the bots, and the UI, CLI and store

test: lint .native/stamp
	$(HEADLESS) $(PY) -m pytest -q -n 2 tests README.md
	$(PY) main.py simulate --preset all --games 300 --seed 1 --check --jobs 2
	MACAU_PURE_ENGINE=1 $(PY) main.py simulate --preset all --games 60 --seed 2 --check --jobs 2
	$(MAKE) dist
	$(HEADLESS) dist/macau --smoke

format: $(VENV)/.installed-test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(VENV)/.installed-bench .native/stamp
	$(HEADLESS) $(PY) -m game.bench

# The double-click app: dist/macau (dist/macau.exe on Windows, dist/Macau.app on macOS).
dist: $(VENV)/.installed-build .native/stamp
	$(PY) build/build.py

clean:
	rm -rf $(VENV) dist build/work .native .pytest_cache .mypy_cache .ruff_cache
	$(PYTHON) build/native.py --clean
