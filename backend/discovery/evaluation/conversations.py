"""`discovery eval conversations`: the fresh conversation set
(`data/eval/agent_conversations.jsonl`, frozen) run through the whole agent, every conversation
a fresh thread, every turn judged by `conversation_turns.judge_turn` even after an earlier turn
failed.

The set is split once into `tune` and `report` (`split_of`): change the agent while looking at
`tune` only, and read `report` to say how it does. The split never changes.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from discovery.agent.domain import DomainConfig
from discovery.agent.service import AgentService
from discovery.catalog.archives.read import read_archive_rows
from discovery.catalog.records import CatalogItem
from discovery.evaluation.conversation_judges import SubjectIndex
from discovery.evaluation.conversation_text import canned_patterns, prompt_lines
from discovery.evaluation.conversation_turns import (
    ShownTurn,
    TurnContext,
    Verdict,
    judge_turn,
    records_of,
    reported_intent,
)
from discovery.evaluation.first_attempt import FirstAttemptSearch, first_relevant
from discovery.runtime import DEMO_ARCHIVE
from discovery.settings import REPO_ROOT

CONVERSATIONS = REPO_ROOT / "data" / "eval" / "agent_conversations.jsonl"
PROMPTS = REPO_ROOT / "prompts"
SPLITS = ("tune", "report")


def load_conversations(path: Path = CONVERSATIONS) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def split_of(conversations: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Conversation id -> `tune` or `report`: within each category, in file order, the 1st,
    3rd, 5th... conversation is `tune` and the 2nd, 4th, 6th... is `report` (stratified by
    category, about half each; a category of odd size gives `tune` one more). Fixed once; never
    change it, or tuning leaks into the report figures."""
    seen: dict[str, int] = defaultdict(int)
    split: dict[str, str] = {}
    for conv in conversations:
        position = seen[conv["category"]]
        seen[conv["category"]] += 1
        split[conv["id"]] = SPLITS[position % 2]
    return split


def select(conversations: Sequence[dict[str, Any]], which: str) -> list[dict[str, Any]]:
    """The conversations of one split (`tune`, `report`) or `all`."""
    if which == "all":
        return list(conversations)
    if which not in SPLITS:
        raise ValueError(f"unknown split {which!r}: tune, report or all")
    split = split_of(conversations)
    return [c for c in conversations if split[c["id"]] == which]


def catalog_index(path: Path = DEMO_ARCHIVE) -> SubjectIndex:
    """The subject index over the demo catalog, the records carrying the fields the judges read
    (as the agent's records do)."""
    records = []
    for _, item in read_archive_rows(path):
        if isinstance(item, CatalogItem):
            meta = item.metadata
            fields = ("creator", "place", "media_type", "date_start", "date_end")
            records.append(
                {
                    "id": item.id,
                    "title": item.title,
                    "description": item.description,
                    **{k: meta.get(k) for k in fields},
                }
            )
    return SubjectIndex(records)


@dataclass
class TurnResult:
    conversation: str
    category: str
    split: str
    turn: int
    kind: str
    judge: str
    text: str
    expected: dict[str, Any]
    intent: str
    response_type: str
    message: str
    shown: list[str]  # the first titles shown
    attempts: list[dict[str, Any]]
    latency_ms: float
    verdict: Verdict
    thread_id: str = ""
    first_relevant: bool | None = None  # a refined turn: did attempt 1's records pass?

    @property
    def first_records_relevant(self) -> bool | None:
        """Whether the first attempt's own records passed the judge: the shown records when
        there was one attempt; `first_relevant` (searched again) when refined; None when it
        cannot tell."""
        if len(self.attempts) <= 1:
            return bool(self.verdict.relevant)
        return self.first_relevant

    @property
    def first_ok(self) -> bool:
        """Relevant on the first attempt: the turn showed records that pass its judge's
        relevance test, from attempt 1, which the grader accepted, without refinement."""
        return bool(
            self.verdict.relevant and len(self.attempts) == 1 and self.attempts[0].get("accepted")
        )


def _expected(expect: Mapping[str, Any]) -> dict[str, Any]:
    keep = ("intent", "outcome", "judge", "reference", "count_range", "must_not_contain")
    out = {k: expect[k] for k in keep if k in expect}
    rule = expect.get("accept")
    if rule is not None:
        out["accept"] = rule
    answer = expect.get("expected_answer") or {}
    for key in ("must_name", "core"):
        if key in answer:
            out[key] = answer[key]
    return out


async def run_conversation(
    agent: AgentService,
    conv: Mapping[str, Any],
    split: str,
    base: TurnContext,
    first: FirstAttemptSearch | None = None,
) -> list[TurnResult]:
    """Send the conversation's turns in order on one new thread and judge each (with `first`,
    a refined turn's first attempt is searched again and judged, `first_attempt.py`)."""
    context = TurnContext(base.index, [], base.prompt_lines, base.canned)
    thread_id: str | None = None
    results = []
    for number, turn in enumerate(conv["turns"], 1):
        started = time.perf_counter()
        response = await agent.run(turn["text"], thread_id)
        latency = (time.perf_counter() - started) * 1000
        thread_id = response.thread_id or thread_id
        verdict = judge_turn(turn, response, context)
        records = records_of(response)
        attempts = [a.model_dump(mode="json") for a in response.attempts]
        results.append(
            TurnResult(
                conv["id"],
                conv["category"],
                split,
                number,
                turn["kind"],
                turn["expect"]["judge"],
                turn["text"],
                _expected(turn["expect"]),
                reported_intent(response),
                response.response_type,
                response.message or "",
                [str(r.get("title", ""))[:80] for r in records[:5]],
                attempts,
                latency,
                verdict,
                response.thread_id or "",
                await first_relevant(first, turn["expect"], attempts),
            )
        )
        # The search that showed the records: its words are not anchoring a later reference.
        query = response.query or (attempts[0]["query"] if attempts else "")
        context.earlier.append(ShownTurn(records, query))
    return results


async def evaluate_conversations(
    agent: AgentService,
    conversations: Sequence[Mapping[str, Any]],
    split: Mapping[str, str],
    domain: DomainConfig | None = None,
    first: FirstAttemptSearch | None = None,
) -> list[TurnResult]:
    """Run `conversations`, each turn labelled with its conversation's part of `split` (the
    split of the whole set, `split_of(load_conversations())`); `domain` gives the agent's
    canned texts (default: the default domain file)."""
    messages = (domain or DomainConfig.load()).messages.model_dump().values()
    base = TurnContext(catalog_index(), [], prompt_lines(PROMPTS), canned_patterns(messages))
    results: list[TurnResult] = []
    for conv in conversations:
        results += await run_conversation(agent, conv, split.get(conv["id"], ""), base, first)
    return results
