"""The tune/report split of the fresh conversation set, and a few conversations run end to end
through the real agent on the demo database."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from tests.conftest import settings_for

from discovery.agent.service import AgentService, open_agent
from discovery.embeddings.local import LocalMiniLMEmbedder
from discovery.evaluation.conversation_report import dumps, report
from discovery.evaluation.conversations import (
    SPLITS,
    evaluate_conversations,
    load_conversations,
    select,
    split_of,
)
from discovery.runtime import open_runtime


def test_the_split_is_stratified_fixed_and_about_half() -> None:
    conversations = load_conversations()
    split = split_of(conversations)
    assert split == split_of(conversations)
    assert Counter(split.values()) == {"tune": 83, "report": 78}
    per_category: dict[str, Counter[str]] = {}
    for conv in conversations:
        per_category.setdefault(conv["category"], Counter())[split[conv["id"]]] += 1
    for counts in per_category.values():
        assert 0 <= counts["tune"] - counts["report"] <= 1
    # Fixed once (docs/agent-evaluation.md): the first conversations of the file.
    assert [split[f"c00{i}"] for i in range(1, 7)] == ["tune", "report"] * 3
    tune, rest = select(conversations, "tune"), select(conversations, "report")
    assert len(tune) + len(rest) == len(select(conversations, "all")) == 161
    assert not {c["id"] for c in tune} & {c["id"] for c in rest}
    with pytest.raises(ValueError):
        select(conversations, "dev")


@pytest.fixture
async def agent(
    demo_db_url: str, agent_data_dir: Path, embedder: LocalMiniLMEmbedder
) -> AsyncIterator[AgentService]:
    settings = settings_for(demo_db_url, agent_data_dir)
    async with open_runtime(settings, embedder) as rt, open_agent(rt) as service:
        yield service


async def test_conversations_run_on_one_thread_each_and_every_turn_is_judged(
    agent: AgentService,
) -> None:
    everything = load_conversations()
    chosen = [c for c in everything if c["id"] in ("c082", "c107", "c142")]
    turns = await evaluate_conversations(agent, chosen, split_of(everything))
    assert [(t.conversation, t.turn) for t in turns] == [
        ("c082", 1), ("c082", 2), ("c107", 1), ("c107", 2), ("c142", 1)
    ]  # fmt: skip
    assert turns[0].thread_id and turns[0].thread_id == turns[1].thread_id
    assert turns[2].thread_id == turns[3].thread_id != turns[0].thread_id
    # A refusal of the injection is a pass; the reference turn resolved a shown record.
    injection = turns[4]
    assert injection.verdict.passed and injection.response_type == "message"
    assert turns[1].verdict.feasible is not None
    figures = report(turns, SPLITS)
    assert {split for split in figures["splits"]} <= {"tune", "report", "all"}
    assert sum(s["turns"] for k, s in figures["splits"].items() if k != "all") == 5
    assert json.loads(dumps(figures))["turns"][4]["verdict"]["passed"] is True
