"""The judged conversation sets (v2, v3, v4): choosing one, the third set's file, ids, split and
the `{"title": ...}` reference, and the set options of the checker and the CLI.
Nothing here runs the agent."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from discovery.cli import app
from discovery.evaluation.conversation_judges import resolve_reference
from discovery.evaluation.conversation_sets import DEFAULT_SET, SETS, choose_set, set_for
from discovery.evaluation.conversations import load_conversations, select, split_of
from discovery.settings import REPO_ROOT

runner = CliRunner()


def test_choose_set_defaults_to_v2_and_takes_v3_or_a_file(tmp_path: Path) -> None:
    assert choose_set() is SETS[DEFAULT_SET] is SETS["v2"]
    assert choose_set("v3").path.name == "agent_conversations_v3.jsonl"
    assert choose_set(file=SETS["v3"].path) is SETS["v3"]  # a known file is that set
    mine = tmp_path / "mine.jsonl"
    mine.write_text("", "utf-8")
    assert choose_set(file=mine).id_prefix == "c" and set_for(mine).name == "mine"
    for bad in (("v99", None), ("v3", mine), (None, tmp_path / "missing.jsonl")):
        with pytest.raises(ValueError):
            choose_set(*bad)


def test_the_third_set_loads_with_its_ids_and_a_stratified_split() -> None:
    conversations = load_conversations(SETS["v3"].path)
    assert [c["id"] for c in conversations] == [
        f"v3-{n:03d}" for n in range(1, len(conversations) + 1)
    ]
    split = split_of(conversations)
    assert Counter(split.values()) == {"tune": 95, "report": 92}
    assert [split[f"v3-00{i}"] for i in range(1, 5)] == ["tune", "report"] * 2
    per_category: dict[str, Counter[str]] = {}
    for conv in conversations:
        per_category.setdefault(conv["category"], Counter())[split[conv["id"]]] += 1
    assert all(0 <= c["tune"] - c["report"] <= 1 for c in per_category.values())
    tune, report = select(conversations, "tune"), select(conversations, "report")
    assert len(tune) + len(report) == 187
    # The second set's split is untouched by the third's.
    assert Counter(split_of(load_conversations()).values()) == {"tune": 83, "report": 78}


def test_resolve_reference_by_a_word_of_the_title() -> None:
    shown = [
        {"id": "a", "title": "Band with drums and saxophone"},
        {"id": "b", "title": "Walt Harper playing piano"},
        {"id": "c", "title": "Pianist at the Crawford Grill"},
    ]
    assert resolve_reference({"title": "piano"}, shown) == shown[1]
    assert resolve_reference({"title": "pian"}, shown) == shown[1]  # first match wins
    assert resolve_reference({"title": "drum"}, shown) == shown[0]  # a word's start: drums
    assert resolve_reference({"title": "arper"}, shown) is None  # not inside a word
    assert resolve_reference({"title": "collie"}, shown) is None  # nothing shown: a message


def _checker() -> object:
    sys.path.insert(0, str(REPO_ROOT / "data" / "eval"))
    import check_agent_conversations

    return check_agent_conversations


def test_the_checker_takes_the_set_as_a_path_or_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checker = _checker()
    turn = {
        "text": "pictures of the pirates at forbes field",
        "kind": "search",
        "expect": {"intent": "search", "outcome": "results", "judge": "accept",
                   "accept": [["pirates"]], "media_type": None, "year_from": None,
                   "year_to": None},
    }  # fmt: skip
    ref = {
        "text": "more like the one with the piano",
        "kind": "reference",
        "expect": {"intent": "search", "outcome": "results", "judge": "similar_to_reference",
                   "reference": {"title": "piano"}, "media_type": None, "year_from": None,
                   "year_to": None},
    }  # fmt: skip
    band = {**turn, "expect": {**turn["expect"], "accept": [["band"]]}}
    path = tmp_path / "tiny.jsonl"
    convs = [
        {"id": "c001", "category": "search", "notes": "", "turns": [turn]},
        {"id": "c002", "category": "reference", "notes": "", "turns": [band, ref]},
    ]
    path.write_text("".join(json.dumps(c) + "\n" for c in convs), "utf-8")
    assert checker.main([str(path)]) == 1  # a tiny file misses the coverage targets
    out = capsys.readouterr().out
    assert "set tiny:" in out and "c001:1 search" in out
    assert "c002:2 reference" in out and "judged turns (< 150)" in out
    assert "schema problems" not in out
    convs[1]["id"] = "v3-002"  # an ad-hoc file keeps the c001 ids
    path.write_text("".join(json.dumps(c) + "\n" for c in convs), "utf-8")
    assert checker.main(["--file", str(path)]) == 1
    assert "expected c002" in capsys.readouterr().out


def test_eval_conversations_refuses_an_unknown_set_or_two_sets(tmp_path: Path) -> None:
    result = runner.invoke(app, ["eval", "conversations", "--set", "v99"])
    assert result.exit_code == 2 and "unknown set 'v99'" in result.output
    mine = tmp_path / "mine.jsonl"
    mine.write_text("", "utf-8")
    result = runner.invoke(app, ["eval", "conversations", "--set", "v3", "--file", str(mine)])
    assert result.exit_code == 2 and "not both" in result.output
    result = runner.invoke(app, ["eval", "conversations", "--file", str(tmp_path / "no.jsonl")])
    assert result.exit_code == 2 and "no such file" in result.output
