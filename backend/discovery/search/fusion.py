"""Reciprocal rank fusion: merge ranked lists by summing weight / (k + rank)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

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
