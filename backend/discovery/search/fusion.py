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
    (`bm25_request_text`, migration 20261129000500). `place_weight`: a country in the request
    also matches its other forms in the BM25 leg, weighing this much (0: off; migration
    20261202000100), `place_adjective_weight` for a request that says the country only as an
    adjective (the same migration). `phrase_weight`: the BM25 leg's bonus for the request's
    adjacent word pairs found side by side (0: off; migration 20261203000100).

    Per request (convex only; `partial_fusion` None: never): when the BM25 leg's best record
    holds less than `coverage_floor` of the query's IDF weight (`bm25_query_coverage`; a query
    word no record has counts with `unknown_word_weight` x its IDF, migration 20261201000300),
    the request is fused by `partial_fusion` instead: `rrf`, both legs weighing 1 with
    `partial_rrf_k` (docs/archive-search.md, "Reciprocal ranks for a partly covered request"),
    or `convex` with `partial_dense_weight` (migration 20261130000300)."""

    mode: FusionMode
    rrf_k: int
    dense_weight: float
    text_weight: float
    depth: int
    request_words: bool = False
    partial_fusion: FusionMode | None = None
    partial_dense_weight: float = 0.0
    partial_rrf_k: int = 60
    coverage_floor: float = 0.0
    unknown_word_weight: float = 1.0
    place_weight: float = 0.0
    place_adjective_weight: float = 0.0
    phrase_weight: float = 0.0

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
        BM25 query unless turned off; a partly covered request fused by the partial fusion when
        the coverage floor is above 0, unless that is convex with the same weight) or weighted
        RRF (the raw request, as before)."""
        mode = FusionMode(settings.discovery_archive_fusion)  # a str from model_copy too
        convex = mode is FusionMode.CONVEX
        alpha = settings.discovery_archive_dense_weight
        partial = FusionMode(settings.discovery_archive_partial_fusion)
        partial_alpha = settings.discovery_archive_partial_dense_weight
        differs = partial is FusionMode.RRF or partial_alpha != alpha
        per_request = convex and differs and settings.discovery_archive_coverage_floor > 0
        plan = cls(
            mode=mode,
            rrf_k=settings.discovery_archive_rrf_k,
            dense_weight=alpha if convex else 1.0,
            text_weight=1.0 - alpha if convex else settings.discovery_archive_text_weight,
            depth=settings.discovery_archive_hybrid_depth,
            request_words=convex and settings.discovery_archive_request_words,
            place_weight=settings.discovery_archive_place_weight if convex else 0.0,
            place_adjective_weight=settings.discovery_archive_place_adjective_weight,
            phrase_weight=settings.discovery_archive_phrase_weight if convex else 0.0,
        )
        if not per_request:
            return plan
        return replace(
            plan,
            partial_fusion=partial,
            partial_dense_weight=partial_alpha,
            partial_rrf_k=settings.discovery_archive_partial_rrf_k,
            coverage_floor=settings.discovery_archive_coverage_floor,
            unknown_word_weight=settings.discovery_archive_unknown_word_weight,
        )

    def sql_args(self) -> dict[str, Any]:
        """`match_items_fuse`'s fusion arguments (depth is the caller's: it reads both legs)."""
        return {
            "fusion": self.mode.value,
            "rrf_k": self.rrf_k,
            "dense_weight": self.dense_weight,
            "text_weight": self.text_weight,
            "partial_fusion": self.partial_fusion.value if self.partial_fusion else None,
            "partial_dense_weight": self.partial_dense_weight,
            "partial_rrf_k": self.partial_rrf_k,
            "coverage_floor": self.coverage_floor,
            "request_words": self.request_words,
            "unknown_word_weight": self.unknown_word_weight,
        }

    def weight_sql(self) -> tuple[str, str]:
        """The statement's prefix and the fusion's named arguments (`rrf_k`, `dense_weight`,
        `text_weight`, `fusion`): the plan's own, or (per request) those of the usual or the
        partial fusion, chosen once in a CTE of the fusion's own statement from the request's
        coverage (`%(text)s`, its request words left out as the BM25 leg leaves them out) by
        the BM25 leg's best record (`%(top_text_id)s`)."""
        if self.partial_fusion is None:
            return "", (
                "rrf_k => %(rrf_k)s, dense_weight => %(dense_weight)s,"
                " text_weight => %(text_weight)s, fusion => %(fusion)s"
            )
        covered = self.covered_sql("%(top_text_id)s")
        prefix = f"with w as materialized (select {covered} as covered) "
        if self.partial_fusion is FusionMode.RRF:
            return prefix, (
                "rrf_k => %(partial_rrf_k)s,"
                " dense_weight => (select case when covered then %(dense_weight)s else 1 end"
                " from w),"
                " text_weight => (select case when covered then %(text_weight)s else 1 end"
                " from w),"
                " fusion => (select case when covered then %(fusion)s else 'rrf' end from w)"
            )
        alpha = "case when covered then %(dense_weight)s else %(partial_dense_weight)s end"
        return prefix, (
            f"rrf_k => %(rrf_k)s, dense_weight => (select {alpha} from w),"
            f" text_weight => (select 1 - {alpha} from w), fusion => %(fusion)s"
        )

    def covered_sql(self, top_text_id: str) -> str:
        """Whether the BM25 leg's best record (the SQL expression `top_text_id`) covers the
        request, as an SQL boolean (the arguments are `sql_args()` and `%(text)s`,
        `%(filter_kinds)s`)."""
        return (
            f"coalesce(bm25_query_coverage(%(text)s, {top_text_id}, %(filter_kinds)s::text[],"
            " %(request_words)s, %(unknown_word_weight)s), 0) >= %(coverage_floor)s"
        )

    def with_coverage(self, covered: bool) -> FusionPlan:
        """This plan with the per-request choice already made (`covered`, as `covered_sql`
        gave it): fixed arguments, the ones `weight_sql`'s CTE would pass (the BM25 leg's
        statement computes the coverage: `search/text_leg.py`)."""
        plan = replace(self, partial_fusion=None)
        if covered or self.partial_fusion is None:
            return plan
        if self.partial_fusion is FusionMode.RRF:
            return replace(
                plan, mode=FusionMode.RRF, rrf_k=self.partial_rrf_k, dense_weight=1.0,
                text_weight=1.0,
            )  # fmt: skip
        alpha = self.partial_dense_weight
        return replace(plan, dense_weight=alpha, text_weight=1.0 - alpha)
