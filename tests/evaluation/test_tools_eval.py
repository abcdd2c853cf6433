"""The tool evaluation's metrics, calibration fitting, targets, loaders, and one small run on
the fixture catalog (real embedded PostgreSQL and local model)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from tests.tool_catalog import load_tools

from discovery.evaluation.tools_eval import (
    TOOLS_DATA,
    Query,
    evaluate,
    livemcpbench,
    metatool,
    reciprocal_rank,
    runs,
    score,
    targets,
)
from discovery.evaluation.tools_skills import (
    assignment_metrics,
    calibration_metrics,
    fit_logistic,
)
from discovery.runtime import Runtime
from discovery.search.models import Strategy


def test_recall_counts_steps_and_any_alternative_of_a_step() -> None:
    gold = [["a", "a2"], ["b"], ["c"]]
    ranked = ["x", "a2", "y", "z", "q", "c", "b"]
    assert score(ranked, gold, 5) == pytest.approx(1 / 3)
    assert score(ranked, gold, 10) == pytest.approx(1.0)
    assert reciprocal_rank(ranked, gold) == pytest.approx(0.5)
    assert reciprocal_rank(["x"], gold) == 0.0


def test_fit_logistic_recovers_known_weights() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(20000, 2)).astype(np.float32)
    p = 1 / (1 + np.exp(-(2.0 * x[:, 0] - 1.0 * x[:, 1] + 0.5)))
    y = (rng.random(20000) < p).astype(np.float32)
    w, b = fit_logistic(x, y, l2=0.0)
    assert w.tolist() == pytest.approx([2.0, -1.0], abs=0.1) and b == pytest.approx(0.5, abs=0.1)


def test_calibration_metrics_of_a_perfect_and_a_bad_model() -> None:
    conf = np.array([0.05] * 100 + [0.95] * 100, np.float32)
    good = np.array([0] * 95 + [1] * 5 + [1] * 95 + [0] * 5, np.float32)
    assert calibration_metrics(conf, good)["ece"] == pytest.approx(0.0, abs=1e-6)
    bad = 1 - good
    assert calibration_metrics(conf, bad)["ece"] == pytest.approx(0.9, abs=1e-6)


def test_assignment_metrics_precision_recall_coverage() -> None:
    conf = np.array([[0.9, 0.6, 0.1], [0.3, 0.2, 0.1]], np.float32)
    labels = np.array([[1, 0, 0], [1, 0, 0]], np.float32)
    m = assignment_metrics(conf, labels, 0.5)
    assert (m["precision"], m["recall"], m["coverage"]) == (0.5, 0.5, 0.5)
    assert m["primary_accuracy"] == 1.0


def test_targets_compare_each_hierarchical_run_with_direct() -> None:
    figures = {
        "direct": {"recall@5": 0.50, "avg_candidates": 500.0},
        "hybrid": {"recall@5": 0.52, "avg_candidates": 500.0},
        "hierarchical": {"recall@5": 0.49, "avg_candidates": 80.0},
        "hierarchical(skills=5,threshold=0.2)": {"recall@5": 0.47, "avg_candidates": 50.0},
    }
    out = targets(figures)
    assert out["hierarchical"] == {"recall@5_gap_points": 1.0, "candidate_reduction": 6.25,
                                   "met": True}  # fmt: skip
    assert out["hierarchical(skills=5,threshold=0.2)"]["met"] is False
    assert out["best_strategy"] == "hybrid" and out["best_beats_direct_recall@5"] is True


@pytest.mark.skipif(not TOOLS_DATA.exists(), reason="the shared tool data is not here")
def test_livemcpbench_loader_maps_gold_tools_to_item_ids() -> None:
    bench = livemcpbench(TOOLS_DATA / "livemcpbench")
    assert len(bench.queries) >= 90
    first = bench.queries[0]
    assert first.gold[0] == ["tool:Trends Hub::get-weread-rank"]


@pytest.mark.skipif(not TOOLS_DATA.exists(), reason="the shared tool data is not here")
def test_metatool_dev_split_never_holds_a_reported_query(tmp_path: Path) -> None:
    test = metatool(TOOLS_DATA / "metatool", tmp_path, 300)
    dev = metatool(TOOLS_DATA / "metatool", tmp_path, 300, dev=True)
    assert (test.name, dev.name) == ("metatool", "metatool-dev")
    assert len(dev.queries) == 300 and len(test.queries) == 300 + 497  # + the two-tool queries
    assert not {q.id for q in dev.queries} & {q.id for q in test.queries}
    assert all(len(q.gold) == 1 for q in dev.queries)  # single-tool queries only
    again = metatool(TOOLS_DATA / "metatool", tmp_path, 300, dev=True)
    assert [q.id for q in again.queries] == [q.id for q in dev.queries]  # seeded
    with pytest.raises(ValueError, match="no dev queries left"):
        metatool(TOOLS_DATA / "metatool", tmp_path, 0, dev=True)


@pytest.mark.integration
async def test_a_small_run_measures_every_configuration(runtime: Runtime) -> None:
    await load_tools(runtime.settings, runtime.embedder)  # type: ignore[arg-type]
    queries = [
        Query("q1", "what is the weather forecast for Paris", [["tool:Weather Now::get_forecast"]]),
        Query("q2", "commit my staged changes to git", [["tool:Git Tools::git_commit"]]),
        Query("q3", "make a bar chart of these numbers", [["tool:Charts::generate_bar_chart"]]),
    ]
    figures = await evaluate(runtime, queries, runs())
    assert set(figures) == {name for name, _ in runs()}
    assert figures["direct"]["avg_candidates"] == 15.0  # the active tools
    assert figures["direct"]["recall@5"] == 1.0
    low = figures["hierarchical(skills=3,threshold=0.1)"]
    assert low["avg_candidates"] < 15.0 and low["fallback_share"] == 0.0
    assert runs((Strategy.HIERARCHICAL,))[0][0] == "hierarchical"
