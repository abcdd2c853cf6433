"""Reciprocal rank fusion: merge ranked lists by summing 1 / (k + rank)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

RRF_K = 60


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[Hashable]], k: int = RRF_K
) -> list[tuple[Hashable, float]]:
    """Fused (key, score) pairs, best first; ties keep first-seen order. Ranks start at 1."""
    scores: dict[Hashable, float] = {}
    for ranking in rankings:
        for rank, key in enumerate(ranking, start=1):
            scores[key] = scores.get(key, 0.0) + 1.0 / (k + rank)
    order = {key: i for i, key in enumerate(scores)}
    return sorted(scores.items(), key=lambda kv: (-kv[1], order[kv[0]]))


def clamp_similarity(value: float) -> float:
    """Cosine similarity clamped to [0, 1] (negative similarity means no match)."""
    return min(1.0, max(0.0, float(value)))
