# The same commands run here, in the README and in CI (.ci/run).
UV ?= $(shell command -v uv 2>/dev/null || echo $(HOME)/.local/bin/uv)

.PHONY: install run test lint format typecheck bench clean

install:
	@command -v uv >/dev/null 2>&1 || [ -x "$(HOME)/.local/bin/uv" ] || python3 -m pip install --user --quiet uv
	$(UV) sync --frozen

run: install
	$(UV) run discovery serve

test: install
	$(UV) run pytest

lint: install
	$(UV) run ruff check .
	$(UV) run ruff format --check .
	$(UV) run mypy

format: install
	$(UV) run ruff format .
	$(UV) run ruff check --fix .

bench: install
	$(UV) run discovery bench --out bench/results.json

clean:
	rm -rf .discovery .discovery-bench .pytest_cache .ruff_cache .mypy_cache
