"""The archive evaluation's metrics, dev sets and one small run on the fixture archive (real
embedded PostgreSQL and local model)."""

from __future__ import annotations

import math

import pytest
from tests.catalog.test_ingest import FIXTURE

from discovery.catalog.archives.ingest import ingest_archives
from discovery.evaluation.archive_sets import (
    DevSet,
    JudgedQuery,
    cmoa_withheld,
    demo_captions,
    npg,
    split_of,
)
from discovery.evaluation.archives_eval import (
    _references,
    _strategies,
    figures,
    metrics,
    mrr,
    ndcg,
    recall,
)
from discovery.runtime import Runtime


def test_metrics_of_a_ranking() -> None:
    relevant = frozenset({"a", "b"})
    assert ndcg(["a", "b", "x"], relevant) == pytest.approx(1.0)
    assert ndcg(["x", "a"], relevant) == pytest.approx((1 / math.log2(3)) / (1 + 1 / math.log2(3)))
    assert recall(["x", "a"], relevant) == 0.5
    assert mrr(["x", "y", "b"], relevant) == pytest.approx(1 / 3)
    assert metrics([]) == {"n": 0}
    assert ndcg(["x"] * 10 + ["a"], relevant) == 0.0  # past the cut-off


def test_figures_per_split_method_and_kind() -> None:
    queries = [
        JudgedQuery("q1", "x", "subject", "tune", frozenset({"a"})),
        JudgedQuery("q2", "y", "place", "report", frozenset({"b"})),
    ]
    out = figures(queries, {"m": {"q1": ["a"], "q2": ["z"]}})
    assert out["tune"]["m"]["all"]["ndcg@10"] == 1.0
    assert out["report"]["m"]["all"]["ndcg@10"] == 0.0
    assert out["all"]["m"]["kinds"]["subject"]["n"] == 1
    assert set(out) == {"tune", "report", "all"}


def test_dev_sets_load_with_their_fixed_splits() -> None:
    n = npg()
    assert len(n.queries) == 345
    assert sum(q.split == "tune" for q in n.queries) == 185
    c = cmoa_withheld()
    assert {q.kind for q in c.queries} == {"class", "class_nationality", "nationality"}
    assert all(q.split == split_of(q.id) for q in c.queries)
    captions = demo_captions(n=10)
    assert len(captions.queries) == 10 and all(q.relevant for q in captions.queries)


async def test_a_small_run_ranks_with_every_method(runtime: Runtime) -> None:
    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    dev = DevSet("fixture", [FIXTURE], [
        JudgedQuery("s", "streetcar in the snow", "subject", "tune",
                    frozenset({"cmoa:things/ab691365-80d1-4780-b884-51091e5843b3"})),
        JudgedQuery("j", "jazz piano concert", "subject", "report",
                    frozenset({"cmoa:things/1db9a4fc-e37c-4919-b7dd-19302f493f82"})),
    ])  # fmt: skip
    ranked = await _strategies(runtime, dev.queries, lambda: None)
    ranked |= await _references(runtime, dev, dev.queries)
    assert set(ranked) == {"direct", "hierarchical", "hybrid", "default", "exact_knn",
                           "bm25_reference", "rrf_bm25_knn_reference"}  # fmt: skip
    out = figures(dev.queries, ranked)
    for method in ("hybrid", "default", "bm25_reference", "rrf_bm25_knn_reference"):
        assert out["all"][method]["all"]["mrr@10"] == 1.0, method
