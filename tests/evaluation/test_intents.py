"""`discovery eval intents`: macro-accuracy, precision, the named held-out sets and files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from discovery.agent.intents import Intent
from discovery.agent.offline.intent_model import Example
from discovery.cli import app
from discovery.evaluation.intents import load_eval_set, score

S, U, R, G = Intent.SEARCH, Intent.UNCLEAR, Intent.UNRELATED, Intent.GREETING


def test_macro_accuracy_is_the_mean_recall_and_precision_counts_predictions() -> None:
    truth = [S, S, S, S, U, U]
    got = [S, S, S, U, U, S]
    report = score([Example(str(i), t) for i, t in enumerate(truth)], got)
    assert report.accuracy == pytest.approx(4 / 6)
    assert report.class_accuracy("search") == 0.75 and report.class_accuracy("unclear") == 0.5
    assert report.macro_accuracy == pytest.approx(0.625)  # absent classes do not count
    assert report.precision("search") == 0.75 and report.precision("unclear") == 0.5
    assert report.precision("greeting") == 0.0
    assert report.errors == [("3", "search", "unclear"), ("5", "unclear", "search")]


def test_named_sets_and_files(tmp_path: Path) -> None:
    fresh = load_eval_set("fresh")
    assert len(fresh) == 441 and {e.intent for e in fresh} == set(Intent)
    assert len(load_eval_set("heldout")) == 784
    path = tmp_path / "mine.jsonl"
    rows = [
        {"text": "jazz", "intent": "search"},
        {"text": "hi", "intent": "greeting", "split": "train"},  # a training line: skipped
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert [e.text for e in load_eval_set(file=path)] == ["jazz"]
    with pytest.raises(KeyError):
        load_eval_set("nope")
    with pytest.raises(FileNotFoundError):
        load_eval_set(file=tmp_path / "missing.jsonl")


def test_an_unknown_set_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["eval", "intents", "--set", "nope"])
    assert result.exit_code == 2
    assert "unknown intent set" in result.output
