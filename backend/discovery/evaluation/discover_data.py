"""The capability sets `discover` is measured on, generated deterministically.

- **LiveMCPBench capabilities** (`discovery eval discover`). Each of LiveMCPBench's tasks with a
  gold tool chain is assigned to a split by a fixed hash of its id, before anything is tuned:
  `capabilities` (half), `tune` (a fifth) and `report` (the rest, held out). Each task of the
  capabilities split becomes a capability: description = the task, tools_used = the first
  alternative of each gold step (its tool chain), code = one `call_tool` line per step (one
  task of 18,686 characters is cut to the 2,000 a description may hold). The
  tune and report tasks are the queries.
- **A recorded success history** per capability, seeded by a hash of its task id: a reliability
  class (reliable, success probability 0.95, 70% of them; flaky, 0.6, 20%; failing, 0.25, 10%),
  3 to 20 runs, the first a success (a failed first run creates nothing), the others drawn with
  the class's probability; durations log-normal around 800 ms; one run every few hours from
  2026-01-01.
- **Synthetic capabilities** for the latency bench (`discovery bench-discover`): chains of 2 to
  4 tools of one LiveMCPBench server, described from the tools' own descriptions, with the same
  kind of history; and tool runs grouped in traces (the co-usage graph's other source).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from discovery.catalog.summarize import first_sentence
from discovery.catalog.text import clip, humanize

Split = Literal["capabilities", "tune", "report"]
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
CLASSES = (("reliable", 0.95, 0.7), ("flaky", 0.6, 0.2), ("failing", 0.25, 0.1))


@dataclass(frozen=True)
class Task:
    id: str
    query: str
    steps: list[list[str]]  # gold steps, each a list of alternative tool ids ("tool:...")

    @property
    def chain(self) -> list[str]:
        return list(dict.fromkeys(step[0] for step in self.steps))


def _hash(text: str) -> int:
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:12], 16)


def split_of(task_id: str) -> Split:
    """Fixed before any tuning: half capabilities, a fifth tune, the rest report."""
    bucket = _hash(f"discover-split:{task_id}") % 10
    return "capabilities" if bucket < 5 else "tune" if bucket < 7 else "report"


def load_tasks(path: Path) -> list[Task]:
    """LiveMCPBench tasks with at least one gold step (tool ids as the catalog stores them)."""
    tasks = []
    for line in path.open(encoding="utf-8"):
        row = json.loads(line)
        steps = [[f"tool:{t}" for t in step] for step in row["gold_tool_ids"] if step]
        if steps:
            tasks.append(Task(row["task_id"], row["query"], steps))
    return tasks


def history(key: str) -> tuple[str, list[dict[str, Any]]]:
    """(reliability class, runs): deterministic for a key; the first run always succeeds."""
    rng = random.Random(_hash(f"history:{key}"))
    draw, cumulative = rng.random(), 0.0
    name, p = CLASSES[-1][:2]
    for cls, prob, share in CLASSES:
        cumulative += share
        if draw < cumulative:
            name, p = cls, prob
            break
    runs, at = [], EPOCH + timedelta(minutes=rng.randrange(0, 7 * 24 * 60))
    for i in range(rng.randint(3, 20)):
        ok = i == 0 or rng.random() < p
        duration = round(rng.lognormvariate(math.log(800), 0.5), 1)
        run: dict[str, Any] = {"success": ok, "at": at.isoformat(), "duration_ms": duration}
        if not ok:
            run["error"] = rng.choice(("timeout", "tool returned an error", "invalid arguments"))
        runs.append(run)
        at += timedelta(minutes=rng.randrange(30, 12 * 60))
    return name, runs


def _code(intent: str, chain: list[str]) -> str:
    lines = [f"# {clip(intent, 200)}", "results = {}"]
    for n, tool in enumerate(chain, start=1):
        lines.append(f"results['step{n}'] = call_tool({tool.removeprefix('tool:')!r}, "
                     f"args=plan(results, step={n}))")  # fmt: skip
    return "\n".join(lines) + "\nreturn results\n"


def task_capabilities(tasks: list[Task]) -> list[dict[str, Any]]:
    """The import rows of the capabilities split (with `reliability_class`, for the report)."""
    rows = []
    for task in tasks:
        if split_of(task.id) != "capabilities":
            continue
        cls, runs = history(task.id)
        rows.append({"description": clip(task.query, 2000),
                     "code_snippet": _code(task.query, task.chain),
                     "tools_used": task.chain, "executions": runs, "reliability_class": cls,
                     "task_id": task.id})  # fmt: skip
    return rows


def load_tools(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.open(encoding="utf-8")]


def synthetic_capabilities(tools: list[dict[str, Any]], n: int, seed: int = 15) -> list[dict]:
    """`n` capabilities: chains of 2 to 4 tools of one server, each with a history."""
    by_server: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for tool in tools:
        by_server[tool["server"]].append(tool)
    servers = sorted(s for s, ts in by_server.items() if len(ts) >= 2)
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        tools_of = by_server[servers[i % len(servers)]]
        picked = rng.sample(tools_of, min(rng.randint(2, 4), len(tools_of)))
        description = "First " + ", then ".join(_step(t) for t in picked)
        chain = [f"tool:{t['tool_id']}" for t in picked]
        _, runs = history(f"synthetic:{seed}:{i}")
        name = f"workflow_{i:04d}_" + "_".join(humanize(picked[0]["name"]).split()[:2])
        rows.append({"name": name, "description": clip(description, 1000),
                     "code_snippet": f"# workflow {i}\n" + _code(description, chain),
                     "tools_used": chain, "executions": runs})  # fmt: skip
    return rows


def _step(tool: dict[str, Any]) -> str:
    what = first_sentence(tool.get("description") or "")[:80]
    return humanize(tool["name"]) + (f" ({what})" if what else "")


def traces(capabilities: list[dict[str, Any]], n: int, seed: int = 16) -> Iterator[list[str]]:
    """`n` traces: the tool chain of a random capability, run together."""
    rng = random.Random(seed)
    for _ in range(n):
        yield list(rng.choice(capabilities)["tools_used"])


def write_jsonl(rows: list[dict[str, Any]], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    return path
