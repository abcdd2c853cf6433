"""The tool-retrieval sets `discovery eval tools` measures on, each split into a part settings
may be chosen on (`tune`) and a part that is only reported (`report`):

- MetaTool (199 tools of one server): `report` is the seeded sample of 2,000 single-tool
  queries plus the 497 two-tool queries reported since the first figures; `tune` is other
  single-tool queries, none of them in the report sample.
- LiveMCPBench (527 tools, 70 servers, 95 tasks): split by a hash of the task id, fixed before
  any of this issue's settings were chosen (earlier skill labels were written looking at the
  whole set: `docs/tools-search.md` says so).
- Four held-out catalogs never tuned on (`data/eval/tools-unseen.md`: StableToolBench,
  Seal-Tools, BFCL, APIBench): `report` only, and only when they have been generated.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from discovery.settings import REPO_ROOT

TOOLS_DATA = REPO_ROOT.parent / "shared" / "data" / "tools"
UNSEEN_DATA = REPO_ROOT / ".discovery-eval" / "tools-unseen"
UNSEEN_SETS = ("stabletoolbench", "seal-tools", "bfcl", "apibench")
METATOOL_SERVER = "MetaTool"
Split = Literal["tune", "report"]


@dataclass(frozen=True)
class Query:
    id: str
    text: str
    gold: list[list[str]]  # steps; each step's alternatives (item ids)


@dataclass(frozen=True)
class Benchmark:
    name: str
    catalog: Path  # a tool JSON Lines file
    queries: list[Query]
    split: Split


def hashed_split(key: str) -> Split:
    """A fixed half-and-half split by a hash of the id."""
    return "tune" if hashlib.sha256(key.encode()).digest()[0] < 128 else "report"


def metatool(data: Path, work: Path, max_single: int, split: Split, seed: int = 7) -> Benchmark:
    catalog = work / "metatool_tools.jsonl"
    with (data / "tools.jsonl").open() as src, catalog.open("w") as out:
        for line in src:
            row = json.loads(line)
            tool = {"server": METATOOL_SERVER, "name": row["tool_id"],
                    "title": row.get("name_for_human") or row["tool_id"],
                    "description": row["description"]}  # fmt: skip
            out.write(json.dumps(tool) + "\n")

    def gold(ids: list[str]) -> list[list[str]]:
        return [[f"tool:{METATOOL_SERVER}::{t}"] for t in ids]

    with gzip.open(data / "queries_single.jsonl.gz", "rt") as fh:
        single = [json.loads(line) for line in fh]
    reported = single
    if max_single and len(single) > max_single:
        reported = random.Random(seed).sample(single, max_single)
    if split == "tune":
        taken = {q["qid"] for q in reported}
        rest = [q for q in single if q["qid"] not in taken]
        if not rest:
            raise ValueError("the report sample holds every single-tool query: nothing to tune on")
        picked = random.Random(seed + 1).sample(rest, min(max_single or len(rest), len(rest)))
        queries = [Query(q["qid"], q["query"], gold(q["gold_tool_ids"])) for q in picked]
        return Benchmark("metatool", catalog, queries, "tune")
    multi = [json.loads(line) for line in (data / "queries_multi.jsonl").open()]
    queries = [Query(q["qid"], q["query"], gold(q["gold_tool_ids"])) for q in reported + multi]
    return Benchmark("metatool", catalog, queries, "report")


def livemcpbench(data: Path, split: Split) -> Benchmark:
    queries = []
    for line in (data / "tasks.jsonl").open():
        task = json.loads(line)
        steps = [[f"tool:{t}" for t in step] for step in task["gold_tool_ids"] if step]
        if steps and hashed_split(str(task["task_id"])) == split:
            queries.append(Query(task["task_id"], task["query"], steps))
    return Benchmark("livemcpbench", data / "tools.jsonl", queries, split)


def unseen(name: str, data: Path = UNSEEN_DATA) -> Benchmark:
    """A held-out catalog (report only); every gold tool is a separate step."""
    folder = data / name
    queries = []
    for line in (folder / "queries.jsonl").open():
        row = json.loads(line)
        queries.append(Query(str(row["id"]), row["query"], [[f"tool:{g}"] for g in row["gold"]]))
    return Benchmark(name, folder / "tools.jsonl", queries, "report")


def benchmarks(split: Split, work: Path, max_single: int, with_unseen: bool) -> list[Benchmark]:
    out = [
        metatool(TOOLS_DATA / "metatool", work, max_single, split),
        livemcpbench(TOOLS_DATA / "livemcpbench", split),
    ]
    if with_unseen and split == "report":
        out += [unseen(n) for n in UNSEEN_SETS if (UNSEEN_DATA / n / "tools.jsonl").exists()]
    return out
