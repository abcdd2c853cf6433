"""The fifth judged conversation set (`data/eval/agent_conversations_v5.jsonl`): its file, ids,
split, coverage and fresh wording (no line of v2, v3, v4 or the intent data), and `--set v5`
through the CLI. Nothing here runs the agent."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from discovery.cli import app
from discovery.evaluation.conversation_sets import (
    SETS,
    choose_set,
    known_lines,
    normalize,
    repeated_turns,
)
from discovery.evaluation.conversations import load_conversations, select, split_of

runner = CliRunner()


def test_the_fifth_set_loads_with_its_ids_and_a_stratified_split() -> None:
    assert choose_set("v5") is SETS["v5"]
    assert choose_set(file=SETS["v5"].path) is SETS["v5"]
    conversations = load_conversations(SETS["v5"].path)
    assert [c["id"] for c in conversations] == [
        f"v5-{n:03d}" for n in range(1, len(conversations) + 1)
    ]
    split = split_of(conversations)
    assert Counter(split.values()) == {"tune": 106, "report": 102}
    per_category: dict[str, Counter[str]] = {}
    for conv in conversations:
        per_category.setdefault(conv["category"], Counter())[split[conv["id"]]] += 1
    assert all(0 <= c["tune"] - c["report"] <= 1 for c in per_category.values())
    assert len(select(conversations, "tune")) + len(select(conversations, "report")) == 208
    # The fourth set's split is untouched by the fifth's.
    assert Counter(split_of(load_conversations(SETS["v4"].path)).values()) == {
        "tune": 103,
        "report": 98,
    }


def test_the_fifth_set_repeats_no_line_of_the_earlier_sets_or_its_own() -> None:
    conversations = load_conversations(SETS["v5"].path)
    known = known_lines(SETS["v5"].earlier)
    assert SETS["v5"].earlier == ("v2", "v3", "v4") and SETS["v5"].fresh
    assert normalize("caskits at funerls") in known  # a fourth-set turn is a known line
    assert repeated_turns(conversations, known) == []
    copied = [{"id": "v5-001", "turns": [{"text": "Caskits   at funerls!"}]}]
    assert repeated_turns(copied, known)[0].startswith(
        "v5-001:1: repeats a line of agent_conversations_v4.jsonl"
    )


def test_the_fifth_set_meets_its_coverage_targets() -> None:
    conversations = load_conversations(SETS["v5"].path)
    kinds = Counter(t["kind"] for c in conversations for t in c["turns"])
    targets = SETS["v5"].coverage
    for kind in ("reference", "count", "creator", "period", "typo"):
        assert kinds[kind] >= targets[kind], kind
    assert kinds["reference"] >= 35 and kinds["count"] >= 30
    assert kinds["creator"] >= 15 and kinds["period"] >= 12
    assert sum(kinds.values()) >= targets["judged"] >= 180
    singles = [c for c in conversations if c["category"] == "search" and len(c["turns"]) == 1]
    assert len(singles) >= targets["single_search"] >= 50
    assert sum(1 for c in conversations if 2 <= len(c["turns"]) <= 4) >= 40


def test_eval_conversations_takes_set_v5_without_running_the_agent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`--set v5 --split report` loads the fifth set and hands its report conversations (with
    the split of the whole set) to the runner, here a stand-in that runs nothing."""
    import discovery.cli.evaluate_conversations as command

    handed: dict[str, Any] = {}

    async def no_agent(settings: Any, chosen: list[Any], split: dict[str, str]) -> list[Any]:
        handed.update(chosen=chosen, split=split)
        return []

    monkeypatch.setattr(command, "_run", no_agent)
    result = runner.invoke(app, ["eval", "conversations", "--set", "v5", "--split", "report"])
    assert result.exit_code == 0, result.output
    assert "set v5 (agent_conversations_v5.jsonl): 102 conversations, 0 turns" in result.output
    assert {handed["split"][c["id"]] for c in handed["chosen"]} == {"report"}
    assert len(handed["split"]) == 208
    assert handed["chosen"][0]["id"] == "v5-002"


def test_an_unknown_set_is_a_clear_error_naming_v5(tmp_path: Path) -> None:
    result = runner.invoke(app, ["eval", "conversations", "--set", "vX"])
    assert result.exit_code != 0
    assert "v5" in result.output and "unknown set 'vX'" in result.output


def test_a_tiny_file_in_the_fifth_sets_format_goes_through_the_cli(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A made-up file of two conversations in the same format (`--file`): loaded, split by
    category, and handed to a runner that runs nothing."""
    import discovery.cli.evaluate_conversations as command

    turn = {
        "text": "tartan scarves",
        "kind": "search",
        "expect": {"intent": "search", "outcome": "results", "judge": "accept", "accept": []},
    }
    path = tmp_path / "tiny.jsonl"
    path.write_text(
        "".join(
            json.dumps({"id": f"c00{n}", "category": "search", "turns": [turn]}) + "\n"
            for n in (1, 2)
        ),
        encoding="utf-8",
    )
    handed: dict[str, Any] = {}

    async def no_agent(settings: Any, chosen: list[Any], split: dict[str, str]) -> list[Any]:
        handed.update(chosen=chosen, split=split)
        return []

    monkeypatch.setattr(command, "_run", no_agent)
    result = runner.invoke(app, ["eval", "conversations", "--file", str(path), "--split", "all"])
    assert result.exit_code == 0, result.output
    assert handed["split"] == {"c001": "tune", "c002": "report"}
    assert [c["id"] for c in handed["chosen"]] == ["c001", "c002"]
