"""The frozen judged conversation sets written blind (`data/eval/agent_conversations_v4.jsonl`
to `_v32.jsonl`): their files, ids, split, coverage and fresh wording (no line of an earlier set
or of the intent data), the "one before last" reference, and `--set vN` through the CLI.
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


STANDARD = {"reference": 35, "count": 30, "creator": 15, "period": 12, "judged": 220}


def blind(n: int, known: str, copied: str) -> Frozen:
    """A set of the shape every set has had since v13: 111 tune and 101 report conversations,
    written after a set of the same split, with every earlier set known; `known` a line of the
    set before it and `copied` how a copy of it is written."""
    earlier = tuple(f"v{i}" for i in range(2, n))
    previous = f"agent_conversations_v{n - 1}.jsonl"
    return Frozen(f"v{n}", 111, 101, earlier, {"tune": 111, "report": 101}, known, copied,
                  previous, 50, STANDARD)  # fmt: skip


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
    blind(13, "plaid skrits and blouzes", "Plaid  SKRITS and blouzes!"),
    blind(14, "jacqard curtians", "Jacqard  CURTIANS!"),
    blind(15, "brik wals", "Brik  WALS!"),
    blind(16, "tierd weding cakes", "Tierd  WEDING cakes!"),
    blind(17, "weding partys", "Weding  PARTYS!"),
    blind(18, "velvit dreses", "Velvit  DRESES!"),
    blind(19, "countey courthose", "Countey  COURTHOSE!"),
    blind(20, "pianno plaeyr", "Pianno  PLAEYR!"),
    blind(21, "baskitball gaem", "Baskitball  GAEM!"),
    blind(22, "kneling grils", "Kneling  GRILS!"),
    blind(23, "telefone ringng", "Telefone  RINGNG!"),
    blind(24, "handshak agreemnt", "Handshak  AGREEMNT!"),
    blind(25, "corsaj bouqet", "Corsaj  BOUQET!"),
    blind(26, "smilng facess", "Smilng  FACESS!"),
    blind(27, "florel dres", "Florel  DRES!"),
    blind(28, "unifrom jaket", "Unifrom  JAKET!"),
    blind(29, "pinao lesons", "Pinao  LESONS!"),
    blind(30, "dsek drawr", "Dsek  DRAWR!"),
    blind(31, "chrismas tre", "Chrismas   TRE!"),
    blind(32, "fierplace mantl", "Fierplace   MANTL!"),
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
