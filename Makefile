# The same commands run here, in the README and in CI (.ci/run).
UV ?= $(shell command -v uv 2>/dev/null || echo $(HOME)/.local/bin/uv)

.PHONY: install frontend run test lint format typecheck bench clean

install:
	@command -v uv >/dev/null 2>&1 || [ -x "$(HOME)/.local/bin/uv" ] || python3 -m pip install --user --quiet uv
	$(UV) sync --frozen

# The web UI (frontend/): npm ci only when the lock file is newer than node_modules.
frontend/node_modules/.package-lock.json: frontend/package-lock.json
	cd frontend && npm ci

frontend: frontend/node_modules/.package-lock.json
	cd frontend && npm run build

run: install frontend
	$(UV) run discovery serve

test: install frontend
	$(UV) run pytest
	cd frontend && npm test && npm run e2e

lint: install frontend/node_modules/.package-lock.json
	$(UV) run ruff check .
	$(UV) run ruff format --check .
	$(UV) run mypy
	cd frontend && npm run lint

format: install
	$(UV) run ruff format .
	$(UV) run ruff check --fix .

bench: install
	$(UV) run discovery bench --out bench/results.json
	$(UV) run discovery eval tools-latency
	$(UV) run discovery eval agents-latency
	$(UV) run discovery bench-discover --out bench/discover_latency.json

clean:
	rm -rf .discovery .discovery-* .pytest_cache .ruff_cache .mypy_cache frontend/dist frontend/e2e/artifacts
