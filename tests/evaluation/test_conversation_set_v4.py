"""The fourth judged conversation set (`data/eval/agent_conversations_v4.jsonl`): its file,
ids, split and fresh wording, the "one before last" reference, and `--set v4` through the CLI.
Nothing here runs the agent."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from typer.testing import CliRunner

from discovery.cli import app
from discovery.evaluation.conversation_judges import resolve_reference
from discovery.evaluation.conversation_sets import (
    SETS,
    choose_set,
    known_lines,
    normalize,
    repeated_turns,
)
from discovery.evaluation.conversations import load_conversations, select, split_of

runner = CliRunner()


def test_the_fourth_set_loads_with_its_ids_and_a_stratified_split() -> None:
    assert choose_set("v4") is SETS["v4"]
    assert choose_set(file=SETS["v4"].path) is SETS["v4"]
    conversations = load_conversations(SETS["v4"].path)
    assert [c["id"] for c in conversations] == [
        f"v4-{n:03d}" for n in range(1, len(conversations) + 1)
    ]
    split = split_of(conversations)
    assert Counter(split.values()) == {"tune": 103, "report": 98}
    per_category: dict[str, Counter[str]] = {}
    for conv in conversations:
        per_category.setdefault(conv["category"], Counter())[split[conv["id"]]] += 1
    assert all(0 <= c["tune"] - c["report"] <= 1 for c in per_category.values())
    assert len(select(conversations, "tune")) + len(select(conversations, "report")) == 201
    # The third set's split is untouched by the fourth's.
    assert Counter(split_of(load_conversations(SETS["v3"].path)).values()) == {
        "tune": 95,
        "report": 92,
    }


def test_the_fourth_set_repeats_no_line_of_the_earlier_sets_or_its_own() -> None:
    conversations = load_conversations(SETS["v4"].path)
    known = known_lines(SETS["v4"].earlier)
    assert SETS["v4"].earlier == ("v2", "v3") and SETS["v4"].fresh
    assert normalize("pittsburg pirats") in known  # a third-set turn is a known line
    assert repeated_turns(conversations, known) == []
    copied = [{"id": "v4-001", "turns": [{"text": "Pittsburg   pirats!"}]}]
    assert repeated_turns(copied, known)[0].startswith(
        "v4-001:1: repeats a line of agent_conversations_v3.jsonl"
    )


def test_the_fourth_set_meets_its_coverage_targets() -> None:
    conversations = load_conversations(SETS["v4"].path)
    kinds = Counter(t["kind"] for c in conversations for t in c["turns"])
    targets = SETS["v4"].coverage
    for kind in ("reference", "count", "creator", "period", "typo"):
        assert kinds[kind] >= targets[kind], kind
    assert sum(kinds.values()) >= targets["judged"] >= 180
    singles = [c for c in conversations if c["category"] == "search" and len(c["turns"]) == 1]
    assert len(singles) >= targets["single_search"] >= 40
    assert sum(1 for c in conversations if 2 <= len(c["turns"]) <= 4) >= 40


def test_a_negative_position_counts_from_the_end() -> None:
    shown = [{"id": "a"}, {"id": "b"}, {"id": "c"}]
    assert resolve_reference(-1, shown) == shown[2]
    assert resolve_reference(-2, shown) == shown[1]  # "the one before last"
    assert resolve_reference(-3, shown) == shown[0]
    assert resolve_reference(-4, shown) is None  # past the start: a message is right
    assert resolve_reference(-2, shown[:1]) is None
    assert resolve_reference(0, shown) is None


def test_eval_conversations_takes_set_v4_without_running_the_agent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`--set v4 --split report` loads the fourth set and hands its report conversations (with
    the split of the whole set) to the runner, here a stand-in that runs nothing."""
    import discovery.cli.evaluate_conversations as command

    handed: dict[str, Any] = {}

    async def no_agent(settings: Any, chosen: list[Any], split: dict[str, str]) -> list[Any]:
        handed.update(chosen=chosen, split=split)
        return []

    monkeypatch.setattr(command, "_run", no_agent)
    result = runner.invoke(app, ["eval", "conversations", "--set", "v4", "--split", "report"])
    assert result.exit_code == 0, result.output
    assert "set v4 (agent_conversations_v4.jsonl): 98 conversations, 0 turns" in result.output
    assert {handed["split"][c["id"]] for c in handed["chosen"]} == {"report"}
    assert len(handed["split"]) == 201
    assert handed["chosen"][0]["id"] == "v4-002"
