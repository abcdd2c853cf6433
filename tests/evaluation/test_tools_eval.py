"""The tool evaluation's metrics, calibration fitting, targets, loaders, and one small run on
the fixture catalog (real embedded PostgreSQL and local model)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from tests.tool_catalog import load_tools

from discovery.evaluation.tool_sets import (
    TOOLS_DATA,
    Query,
    hashed_split,
    livemcpbench,
    metatool,
)
from discovery.evaluation.tools_eval import (
    evaluate,
    ndcg,
    reciprocal_rank,
    runs,
    score,
    targets,
    variants,
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


def test_ndcg_gains_once_per_step() -> None:
    gold = [["a", "a2"], ["b"]]
    assert ndcg(["a", "b"], gold) == pytest.approx(1.0)
    assert ndcg(["a", "a2", "b"], gold) < ndcg(["a", "b", "a2"], gold)  # a2 repeats step 1
    assert ndcg(["x", "a"], gold) == pytest.approx((1 / np.log2(3)) / (1 + 1 / np.log2(3)))
    assert ndcg(["x"], gold) == 0.0


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


def test_targets_hold_the_default_and_hierarchical_to_direct() -> None:
    def run(recall: float, candidates: float, empty: float = 0.0) -> dict:
        return {"recall@5": recall, "avg_candidates": candidates, "empty_share": empty}

    figures = {"direct": run(0.50, 500), "default": run(0.495, 500),
               "hierarchical": run(0.46, 120)}  # fmt: skip
    out = targets(figures)
    assert out["default"] == {"recall@5_gap_points": 0.5, "met": True}
    assert out["hierarchical"] == {"recall@5_gap_points": 4.0, "candidate_reduction": 4.17,
                                   "met": True}  # fmt: skip
    assert out["no_empty_answers"] is True
    worse = targets(figures | {"default": run(0.48, 500), "hierarchical": run(0.46, 200, 0.01)})
    assert worse["default"]["met"] is False and worse["hierarchical"]["met"] is False
    assert worse["no_empty_answers"] is False


@pytest.mark.skipif(not TOOLS_DATA.exists(), reason="the shared tool data is not here")
def test_livemcpbench_splits_its_tasks_in_two_fixed_halves() -> None:
    tune = livemcpbench(TOOLS_DATA / "livemcpbench", "tune")
    report = livemcpbench(TOOLS_DATA / "livemcpbench", "report")
    assert len(tune.queries) + len(report.queries) >= 90
    assert min(len(tune.queries), len(report.queries)) >= 35
    assert not {q.id for q in tune.queries} & {q.id for q in report.queries}
    assert all(q.gold[0][0].startswith("tool:") for q in report.queries)
    assert hashed_split("task-1") == hashed_split("task-1")


@pytest.mark.skipif(not TOOLS_DATA.exists(), reason="the shared tool data is not here")
def test_metatool_tune_split_never_holds_a_reported_query(tmp_path: Path) -> None:
    report = metatool(TOOLS_DATA / "metatool", tmp_path, 300, "report")
    tune = metatool(TOOLS_DATA / "metatool", tmp_path, 300, "tune")
    assert (report.split, tune.split) == ("report", "tune")
    assert len(tune.queries) == 300 and len(report.queries) == 300 + 497  # + two-tool queries
    assert not {q.id for q in tune.queries} & {q.id for q in report.queries}
    assert all(len(q.gold) == 1 for q in tune.queries)  # single-tool queries only
    again = metatool(TOOLS_DATA / "metatool", tmp_path, 300, "tune")
    assert [q.id for q in again.queries] == [q.id for q in tune.queries]  # seeded
    with pytest.raises(ValueError, match="nothing to tune on"):
        metatool(TOOLS_DATA / "metatool", tmp_path, 0, "tune")


@pytest.mark.integration
async def test_a_small_run_measures_every_configuration(runtime: Runtime) -> None:
    await load_tools(runtime.settings, runtime.embedder)  # type: ignore[arg-type]
    queries = [
        Query("q1", "what is the weather forecast for Paris", [["tool:Weather Now::get_forecast"]]),
        Query("q2", "commit my staged changes to git", [["tool:Git Tools::git_commit"]]),
        Query("q3", "make a bar chart of these numbers", [["tool:Charts::generate_bar_chart"]]),
    ]
    extra = variants([{"strategy": Strategy.HIERARCHICAL, "skill_limit": 3,
                       "skill_threshold": 0.1}])  # fmt: skip
    figures = await evaluate(runtime, queries, runs() + extra)
    assert set(figures) == {"direct", "hierarchical", "hybrid", "default",
                            "strategy=hierarchical,skill_limit=3,skill_threshold=0.1"}  # fmt: skip
    assert figures["direct"]["avg_candidates"] == 15.0  # the active tools
    assert figures["direct"]["recall@5"] == 1.0 and figures["direct"]["ndcg@10"] == 1.0
    low = figures["strategy=hierarchical,skill_limit=3,skill_threshold=0.1"]
    assert low["avg_candidates"] < 15.0 and low["fallback_share"] == 0.0
    assert figures["direct"]["empty_share"] == 0.0
    assert runs((Strategy.HIERARCHICAL,), default=False) == [
        ("hierarchical", {"strategy": Strategy.HIERARCHICAL})
    ]
