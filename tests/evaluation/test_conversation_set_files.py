"""The frozen judged conversation sets written blind (`data/eval/agent_conversations_v4.jsonl`,
`_v5.jsonl`, `_v6.jsonl`, `_v7.jsonl`, `_v8.jsonl`, `_v9.jsonl`, `_v10.jsonl`, `_v11.jsonl`,
`_v12.jsonl`, `_v13.jsonl`, `_v14.jsonl`, `_v15.jsonl`, `_v16.jsonl`, `_v17.jsonl`, `_v18.jsonl`,
`_v19.jsonl`, `_v20.jsonl`, `_v21.jsonl`, `_v22.jsonl`, `_v23.jsonl`, `_v24.jsonl`,
`_v25.jsonl`, `_v26.jsonl` and `_v27.jsonl`): their files, ids, split, coverage and fresh
wording (no line of an earlier set or of the intent data), the "one before last" reference, and
`--set vN` through the CLI.
Nothing here runs the agent."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from discovery.cli import app
from discovery.evaluation.conversation_judges import resolve_reference
from discovery.evaluation.conversation_repeats import known_lines, normalize, repeated_turns
from discovery.evaluation.conversation_sets import SETS, choose_set
from discovery.evaluation.conversations import load_conversations, select, split_of

runner = CliRunner()


@dataclass(frozen=True)
class Frozen:
    """What a frozen set's file must hold, as it was frozen."""

    name: str
    tune: int  # conversations per split
    report: int
    earlier: tuple[str, ...]
    previous_split: dict[str, int]  # the set before it: its split, untouched
    known: str  # a line of the set before it, and how a copy of it is reported
    copied: str
    copied_from: str
    singles: int  # single-turn searches, at least
    minimums: dict[str, int] = field(default_factory=dict)  # turns per kind, at least


FROZEN = [
    Frozen("v4", 103, 98, ("v2", "v3"), {"tune": 95, "report": 92}, "pittsburg pirats",
           "Pittsburg   pirats!", "agent_conversations_v3.jsonl", 40),
    Frozen("v5", 106, 102, ("v2", "v3", "v4"), {"tune": 103, "report": 98}, "caskits at funerls",
           "Caskits   at funerls!", "agent_conversations_v4.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12}),
    Frozen("v6", 99, 96, ("v2", "v3", "v4", "v5"), {"tune": 106, "report": 102},
           "jukbox in a tavrn", "Jukbox  in a TAVRN!", "agent_conversations_v5.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12}),
    Frozen("v7", 101, 97, ("v2", "v3", "v4", "v5", "v6"), {"tune": 99, "report": 96},
           "hounstooth jakcets", "Hounstooth   JAKCETS!", "agent_conversations_v6.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v8", 105, 100, ("v2", "v3", "v4", "v5", "v6", "v7"), {"tune": 101, "report": 97},
           "wastcoats and overcaots", "Wastcoats  AND overcaots!", "agent_conversations_v7.jsonl",
           50, {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v9", 91, 83, ("v2", "v3", "v4", "v5", "v6", "v7", "v8"), {"tune": 105, "report": 100},
           "dubble brested sutes", "Dubble  BRESTED sutes!", "agent_conversations_v8.jsonl",
           50, {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v10", 112, 104, ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9"),
           {"tune": 91, "report": 83}, "photgraphs of garlnds", "Photgraphs  OF garlnds!",
           "agent_conversations_v9.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v11", 112, 104, ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10"),
           {"tune": 112, "report": 104}, "phtographs of sailers", "Phtographs  OF sailers!",
           "agent_conversations_v10.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v12", 111, 101, ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11"),
           {"tune": 112, "report": 104}, "steal mil workrs", "Steal  MIL workrs!",
           "agent_conversations_v11.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v13", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12"),
           {"tune": 111, "report": 101}, "plaid skrits and blouzes", "Plaid  SKRITS and blouzes!",
           "agent_conversations_v12.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v14", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13"),
           {"tune": 111, "report": 101}, "jacqard curtians", "Jacqard  CURTIANS!",
           "agent_conversations_v13.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v15", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14"),
           {"tune": 111, "report": 101}, "brik wals", "Brik  WALS!",
           "agent_conversations_v14.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v16", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15"),
           {"tune": 111, "report": 101}, "tierd weding cakes", "Tierd  WEDING cakes!",
           "agent_conversations_v15.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v17", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16"),
           {"tune": 111, "report": 101}, "weding partys", "Weding  PARTYS!",
           "agent_conversations_v16.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v18", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17"),
           {"tune": 111, "report": 101}, "velvit dreses", "Velvit  DRESES!",
           "agent_conversations_v17.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v19", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18"),
           {"tune": 111, "report": 101}, "countey courthose", "Countey  COURTHOSE!",
           "agent_conversations_v18.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v20", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19"),
           {"tune": 111, "report": 101}, "pianno plaeyr", "Pianno  PLAEYR!",
           "agent_conversations_v19.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v21", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19", "v20"),
           {"tune": 111, "report": 101}, "baskitball gaem", "Baskitball  GAEM!",
           "agent_conversations_v20.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v22", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19", "v20", "v21"),
           {"tune": 111, "report": 101}, "kneling grils", "Kneling  GRILS!",
           "agent_conversations_v21.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v23", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22"),
           {"tune": 111, "report": 101}, "telefone ringng", "Telefone  RINGNG!",
           "agent_conversations_v22.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v24", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23"),
           {"tune": 111, "report": 101}, "handshak agreemnt", "Handshak  AGREEMNT!",
           "agent_conversations_v23.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v25", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24"),
           {"tune": 111, "report": 101}, "corsaj bouqet", "Corsaj  BOUQET!",
           "agent_conversations_v24.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v26", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25"),
           {"tune": 111, "report": 101}, "smilng facess", "Smilng  FACESS!",
           "agent_conversations_v25.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v27", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26"),
           {"tune": 111, "report": 101}, "florel dres", "Florel  DRES!",
           "agent_conversations_v26.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v28", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26",
            "v27"),
           {"tune": 111, "report": 101}, "unifrom jaket", "Unifrom  JAKET!",
           "agent_conversations_v27.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v29", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26",
            "v27", "v28"),
           {"tune": 111, "report": 101}, "pinao lesons", "Pinao  LESONS!",
           "agent_conversations_v28.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v30", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26",
            "v27", "v28", "v29"),
           {"tune": 111, "report": 101}, "dsek drawr", "Dsek  DRAWR!",
           "agent_conversations_v29.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v31", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26",
            "v27", "v28", "v29", "v30"),
           {"tune": 111, "report": 101}, "chrismas tre", "Chrismas   TRE!",
           "agent_conversations_v30.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
    Frozen("v32", 111, 101,
           ("v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
            "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26",
            "v27", "v28", "v29", "v30", "v31"),
           {"tune": 111, "report": 101}, "fierplace mantl", "Fierplace   MANTL!",
           "agent_conversations_v31.jsonl", 50,
           {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}),
]  # fmt: skip
_IDS = [f.name for f in FROZEN]


@pytest.mark.parametrize("frozen", FROZEN, ids=_IDS)
def test_the_set_loads_with_its_ids_and_a_stratified_split(frozen: Frozen) -> None:
    name = frozen.name
    assert choose_set(name) is SETS[name]
    assert choose_set(file=SETS[name].path) is SETS[name]
    conversations = load_conversations(SETS[name].path)
    assert [c["id"] for c in conversations] == [
        f"{name}-{n:03d}" for n in range(1, len(conversations) + 1)
    ]
    split = split_of(conversations)
    assert Counter(split.values()) == {"tune": frozen.tune, "report": frozen.report}
    per_category: dict[str, Counter[str]] = {}
    for conv in conversations:
        per_category.setdefault(conv["category"], Counter())[split[conv["id"]]] += 1
    assert all(0 <= c["tune"] - c["report"] <= 1 for c in per_category.values())
    total = frozen.tune + frozen.report
    assert len(select(conversations, "tune")) + len(select(conversations, "report")) == total
    # The set before it keeps its split.
    previous = frozen.earlier[-1]
    assert Counter(split_of(load_conversations(SETS[previous].path)).values()) == (
        frozen.previous_split
    )


@pytest.mark.parametrize("frozen", FROZEN, ids=_IDS)
def test_the_set_repeats_no_line_of_the_earlier_sets_or_its_own(frozen: Frozen) -> None:
    name = frozen.name
    conversations = load_conversations(SETS[name].path)
    known = known_lines(SETS[name].earlier)
    assert SETS[name].earlier == frozen.earlier and SETS[name].fresh
    assert normalize(frozen.known) in known  # a line of the set before is a known line
    assert repeated_turns(conversations, known) == []
    copied = [{"id": f"{name}-001", "turns": [{"text": frozen.copied}]}]
    assert repeated_turns(copied, known)[0].startswith(
        f"{name}-001:1: repeats a line of {frozen.copied_from}"
    )


@pytest.mark.parametrize("frozen", FROZEN, ids=_IDS)
def test_the_set_meets_its_coverage_targets(frozen: Frozen) -> None:
    conversations = load_conversations(SETS[frozen.name].path)
    kinds = Counter(t["kind"] for c in conversations for t in c["turns"])
    targets = SETS[frozen.name].coverage
    for kind in ("reference", "count", "creator", "period", "typo"):
        assert kinds[kind] >= targets[kind], kind
    kinds["judged"] = sum(kinds.values())
    for kind, least in frozen.minimums.items():
        assert kinds[kind] >= least, kind
    assert kinds["judged"] >= targets["judged"] >= 180
    singles = [c for c in conversations if c["category"] == "search" and len(c["turns"]) == 1]
    assert len(singles) >= targets["single_search"] >= frozen.singles
    assert sum(1 for c in conversations if 2 <= len(c["turns"]) <= 4) >= 40


def test_a_negative_position_counts_from_the_end() -> None:
    shown = [{"id": "a"}, {"id": "b"}, {"id": "c"}]
    assert resolve_reference(-1, shown) == shown[2]
    assert resolve_reference(-2, shown) == shown[1]  # "the one before last"
    assert resolve_reference(-3, shown) == shown[0]
    assert resolve_reference(-4, shown) is None  # past the start: a message is right
    assert resolve_reference(-2, shown[:1]) is None
    assert resolve_reference(0, shown) is None


@pytest.mark.parametrize("frozen", FROZEN, ids=_IDS)
def test_eval_conversations_takes_the_set_without_running_the_agent(
    monkeypatch: pytest.MonkeyPatch, frozen: Frozen
) -> None:
    """`--set vN --split report` loads the set and hands its report conversations (with the
    split of the whole set) to the runner, here a stand-in that runs nothing."""
    import discovery.cli.evaluate_conversations as command

    handed: dict[str, Any] = {}

    async def no_agent(settings: Any, chosen: list[Any], split: dict[str, str]) -> list[Any]:
        handed.update(chosen=chosen, split=split)
        return []

    name = frozen.name
    monkeypatch.setattr(command, "_run", no_agent)
    result = runner.invoke(app, ["eval", "conversations", "--set", name, "--split", "report"])
    assert result.exit_code == 0, result.output
    heading = f"set {name} (agent_conversations_{name}.jsonl): {frozen.report} conversations"
    assert f"{heading}, 0 turns" in result.output
    assert {handed["split"][c["id"]] for c in handed["chosen"]} == {"report"}
    assert len(handed["split"]) == frozen.tune + frozen.report
    assert handed["chosen"][0]["id"] == f"{name}-002"


def test_an_unknown_set_is_a_clear_error_naming_the_sets(tmp_path: Path) -> None:
    result = runner.invoke(app, ["eval", "conversations", "--set", "vX"])
    assert result.exit_code != 0
    assert all(
        name in result.output
        for name in (f"v{n}" for n in range(5, 33))  # v5 to v32
    )
    assert "unknown set 'vX'" in result.output


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
