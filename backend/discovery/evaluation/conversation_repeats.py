"""The lines a judged conversation set must not repeat (`conversation_sets.ConversationSet.earlier`
and `fresh`): the intent router's lines, the agent's query and request sets and the turns of the
earlier sets, compared lowercased with punctuation ignored. Shared by the checker
(`data/eval/check_agent_conversations.py`) and the tests of the frozen sets."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from discovery.evaluation.conversation_sets import EVAL_DIR, SETS
from discovery.settings import REPO_ROOT

INTENTS_DIR = REPO_ROOT / "data" / "intents"


def normalize(text: str) -> str:
    """Lowercased, punctuation ignored, spaces collapsed: how repeats are compared."""
    return " ".join(re.findall(r"[\w']+", text.lower())).replace("'", "")


def _texts(value: Any) -> Iterable[str]:
    """Every string under a `text` or `query` key, at any depth."""
    if isinstance(value, Mapping):
        for key, inner in value.items():
            if key in ("text", "query") and isinstance(inner, str):
                yield inner
            else:
                yield from _texts(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _texts(inner)


def _lines_of(path: Path) -> Iterable[str]:
    for line in path.read_text("utf-8").splitlines():
        if line.strip():
            yield from _texts(json.loads(line))


def known_lines(earlier: Sequence[str] = ()) -> dict[str, str]:
    """Normalized text -> the file it comes from: the intent router's lines
    (`data/intents/*.jsonl`), the agent's query and request sets, and the turns of the
    `earlier` conversation sets."""
    files = [
        *sorted(INTENTS_DIR.glob("*.jsonl")),
        EVAL_DIR / "agent_queries.jsonl",
        EVAL_DIR / "agent_requests.jsonl",
        EVAL_DIR / "catalog_questions.jsonl",
        *(SETS[name].path for name in earlier),
    ]
    known: dict[str, str] = {}
    for path in files:
        if path.is_file():
            for text in _lines_of(path):
                known.setdefault(normalize(text), path.name)
    return known


def repeated_turns(
    conversations: Sequence[Mapping[str, Any]], known: Mapping[str, str]
) -> list[str]:
    """Problems: a turn that repeats a known line or another turn of the same set."""
    problems = []
    seen: dict[str, str] = {}
    for conv in conversations:
        for t, turn in enumerate(conv.get("turns") or [], 1):
            where, text = f"{conv.get('id')}:{t}", normalize(str(turn.get("text", "")))
            if text in known:
                problems.append(f"{where}: repeats a line of {known[text]}: {turn['text']!r}")
            if text in seen:
                problems.append(f"{where}: repeats {seen[text]} of this set: {turn['text']!r}")
            seen.setdefault(text, where)
    return problems
