"""Fusion of ranked lists: reciprocal rank fusion in Python (weight / (k + rank)), and the plan
hybrid search hands `match_items_fuse`: RRF or a convex combination of normalized scores."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from discovery.settings_sections import FusionMode

if TYPE_CHECKING:
    from discovery.settings import Settings

RRF_K = 60  # the textbook constant (Cormack et al., 2009); hybrid search configures its own


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[Hashable]],
    k: int = RRF_K,
    weights: Sequence[float] | None = None,
) -> list[tuple[Hashable, float]]:
    """Fused (key, score) pairs, best first; ties keep first-seen order. Ranks start at 1;
    ranking i adds `weights[i] / (k + rank)` (every weight 1 when none are given)."""
    if weights is not None and len(weights) != len(rankings):
        raise ValueError(f"{len(weights)} weights for {len(rankings)} rankings")
    scores: dict[Hashable, float] = {}
    for i, ranking in enumerate(rankings):
        weight = 1.0 if weights is None else weights[i]
        for rank, key in enumerate(ranking, start=1):
            scores[key] = scores.get(key, 0.0) + weight / (k + rank)
    order = {key: i for i, key in enumerate(scores)}
    return sorted(scores.items(), key=lambda kv: (-kv[1], order[kv[0]]))


def clamp_similarity(value: float) -> float:
    """Cosine similarity clamped to [0, 1] (negative similarity means no match)."""
    return min(1.0, max(0.0, float(value)))


@dataclass(frozen=True)
class FusionPlan:
    """How hybrid search fuses its dense and BM25 legs, each read to its top `depth`: `rrf`
    sums weight / (rrf_k + rank); `convex` sums weight x the leg's min-max normalized score,
    over the sum of the weights (a score in [0, 1]). See the migration 20261128000700.
    `request_words`: the BM25 leg's query leaves out the searched kinds' request words
    (`bm25_request_text`, migration 20261129000500). `partial_dense_weight` (convex only): the
    dense weight when the BM25 leg's best record holds less than `coverage_floor` of the
    query's IDF weight (`hybrid_dense_weight`, migration 20261130000300); None: never."""

    mode: FusionMode
    rrf_k: int
    dense_weight: float
    text_weight: float
    depth: int
    request_words: bool = False
    partial_dense_weight: float | None = None
    coverage_floor: float = 0.0

    @classmethod
    def for_tools(cls, settings: Settings) -> FusionPlan:
        """Tool catalogs: weighted RRF, the dense ranking weighing 1."""
        return cls(
            mode=FusionMode.RRF,
            rrf_k=settings.discovery_hybrid_rrf_k,
            dense_weight=1.0,
            text_weight=settings.discovery_hybrid_text_weight,
            depth=settings.discovery_hybrid_depth,
        )

    @classmethod
    def for_archives(cls, settings: Settings) -> FusionPlan:
        """Archives: convex (dense weight alpha, BM25 1 - alpha; request words left out of the
        BM25 query unless turned off; alpha per request when the partial dense weight differs
        and the coverage floor is above 0) or weighted RRF (the raw request, as before)."""
        mode = FusionMode(settings.discovery_archive_fusion)  # a str from model_copy too
        convex = mode is FusionMode.CONVEX
        alpha = settings.discovery_archive_dense_weight
        partial = settings.discovery_archive_partial_dense_weight
        per_request = convex and partial != alpha and settings.discovery_archive_coverage_floor > 0
        return cls(
            mode=mode,
            rrf_k=settings.discovery_archive_rrf_k,
            dense_weight=alpha if convex else 1.0,
            text_weight=1.0 - alpha if convex else settings.discovery_archive_text_weight,
            depth=settings.discovery_archive_hybrid_depth,
            request_words=convex and settings.discovery_archive_request_words,
            partial_dense_weight=partial if per_request else None,
            coverage_floor=settings.discovery_archive_coverage_floor if per_request else 0.0,
        )

    def sql_args(self) -> dict[str, Any]:
        """`match_items_fuse`'s fusion arguments (depth is the caller's: it reads both legs)."""
        return {
            "fusion": self.mode.value,
            "rrf_k": self.rrf_k,
            "dense_weight": self.dense_weight,
            "text_weight": self.text_weight,
            "partial_dense_weight": self.partial_dense_weight,
            "coverage_floor": self.coverage_floor,
            "request_words": self.request_words,
        }

    def weight_sql(self) -> tuple[str, str]:
        """The statement's prefix and its weight arguments: the plan's fixed weights, or (with
        a partial dense weight) the weight `hybrid_dense_weight` gives this request, computed
        once in a CTE of the fusion's own statement from the request (`%(text)s`, its request
        words left out as the BM25 leg leaves them out) and the BM25 leg's best record
        (`%(top_text_id)s`)."""
        fixed = "dense_weight => %(dense_weight)s, text_weight => %(text_weight)s"
        if self.partial_dense_weight is None:
            return "", fixed
        prefix = f"with w as materialized (select {self.dense_weight_sql('%(top_text_id)s')} as a) "
        return prefix, "dense_weight => (select a from w), text_weight => (select 1 - a from w)"

    def dense_weight_sql(self, top_text_id: str) -> str:
        """The per-request dense weight as an SQL expression, given the expression of the BM25
        leg's best record (the arguments are `sql_args()` and `%(text)s`, `%(filter_kinds)s`)."""
        return (
            f"hybrid_dense_weight(%(text)s, {top_text_id}, %(filter_kinds)s::text[],"
            " %(dense_weight)s, %(partial_dense_weight)s, %(coverage_floor)s, %(request_words)s)"
        )

    def with_dense_weight(self, alpha: float) -> FusionPlan:
        """This plan with the per-request dense weight already computed (`alpha`, as
        `dense_weight_sql` gave it): fixed weights alpha and 1 - alpha, as the CTE of
        `weight_sql` would pass them (branch hyb-speed3: the BM25 leg's statement computes it)."""
        return replace(self, dense_weight=alpha, text_weight=1 - alpha, partial_dense_weight=None)
