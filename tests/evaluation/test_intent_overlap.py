"""The fresh held-out intent lines repeat no line of another intent file, no text of an eval set
and no title of the demo catalog (compared in lowercase, punctuation ignored)."""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from discovery.agent.offline.catalog_evidence import DEMO_CATALOG
from discovery.agent.offline.intent_model import INTENT_DATA_DIR
from discovery.settings import resource

EVAL_DIR = resource("data/eval")
FRESH3 = "fresh_heldout_3.jsonl"


def norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def eval_texts() -> set[str]:
    """Every string of every eval set's JSONL (queries, turns, notes). The seventh to
    thirty-second conversation sets (`agent_conversations_v7*`, `_v8*`, `_v9*`, `_v10*`,
    `_v11*`, `_v12*`, `_v13*`, `_v14*`, `_v15*`, `_v16*`, `_v17*`, `_v18*`, `_v19*`, `_v20*`,
    `_v21*`, `_v22*`, `_v23*`, `_v24*`, `_v25*`, `_v26*`,
    `_v27*`, `_v28*`, `_v29*`, `_v30*`, `_v31*`,
    `_v32*`) are other sessions' and never opened."""
    out: set[str] = set()
    for path in sorted(EVAL_DIR.rglob("*.jsonl")):
        if path.name.startswith(
            (
                "agent_conversations_v7",
                "agent_conversations_v8",
                "agent_conversations_v9",
                "agent_conversations_v10",
                "agent_conversations_v11",
                "agent_conversations_v12",
                "agent_conversations_v13",
                "agent_conversations_v14",
                "agent_conversations_v15",
                "agent_conversations_v16",
                "agent_conversations_v17",
                "agent_conversations_v18",
                "agent_conversations_v19",
                "agent_conversations_v20",
                "agent_conversations_v21",
                "agent_conversations_v22",
                "agent_conversations_v23",
                "agent_conversations_v24",
                "agent_conversations_v25",
                "agent_conversations_v26",
                "agent_conversations_v27",
                "agent_conversations_v28",
                "agent_conversations_v29",
                "agent_conversations_v30",
                "agent_conversations_v31",
                "agent_conversations_v32",
            )
        ):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.update(norm(s) for s in _strings(json.loads(line)))
    return out


def intent_texts(directory: Path, skip: str) -> set[str]:
    return {
        norm(json.loads(line)["text"])
        for path in sorted(directory.glob("*.jsonl"))
        if path.name != skip
        for line in path.read_text(encoding="utf-8").splitlines()
    }


def catalog_titles() -> set[str]:
    with gzip.open(DEMO_CATALOG, "rt", encoding="utf-8") as fh:
        return {norm(json.loads(line).get("title") or "") for line in fh}


def fresh3_clashes() -> dict[str, list[str]]:
    texts = [norm(json.loads(x)["text"]) for x in (INTENT_DATA_DIR / FRESH3).open()]
    return {
        "itself": sorted({t for t in texts if texts.count(t) > 1}),
        "intent files": sorted(set(texts) & intent_texts(INTENT_DATA_DIR, FRESH3)),
        "eval sets": sorted(set(texts) & eval_texts()),
        "catalog titles": sorted(set(texts) & catalog_titles()),
    }


def test_fresh3_repeats_no_other_line() -> None:
    assert fresh3_clashes() == {
        "itself": [], "intent files": [], "eval sets": [], "catalog titles": []
    }  # fmt: skip


def test_fresh3_is_labelled_and_sourced() -> None:
    rows = [json.loads(x) for x in (INTENT_DATA_DIR / FRESH3).open()]
    assert len(rows) >= 280
    assert all(set(r) == {"text", "intent", "source"} for r in rows)
    assert {r["source"] for r in rows} == {"written-fresh-3"}
    assert sum(r["intent"] == "search" for r in rows) >= 130
    assert {r["intent"] for r in rows} == {"search", "unclear", "unrelated", "greeting"}


if __name__ == "__main__":  # print the clashes while drafting
    for kind, lines in fresh3_clashes().items():
        print(kind, len(lines), lines)
