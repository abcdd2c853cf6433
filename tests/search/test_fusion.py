"""Reciprocal rank fusion and score clamping."""

from __future__ import annotations

import pytest

from discovery.search.fusion import RRF_K, clamp_similarity, reciprocal_rank_fusion


def test_fusion_ranks_items_found_by_both_lists_first() -> None:
    fused = reciprocal_rank_fusion([["a", "b", "c"], ["c", "d", "a"]])
    keys = [k for k, _ in fused]
    assert keys[:2] == ["a", "c"]
    assert set(keys) == {"a", "b", "c", "d"}


def test_fusion_scores_are_sums_of_reciprocal_ranks() -> None:
    fused = dict(reciprocal_rank_fusion([["a", "b"], ["b"]]))
    assert fused["a"] == pytest.approx(1 / (RRF_K + 1))
    assert fused["b"] == pytest.approx(1 / (RRF_K + 2) + 1 / (RRF_K + 1))


def test_fusion_breaks_ties_by_first_seen_order() -> None:
    assert [k for k, _ in reciprocal_rank_fusion([["x"], ["y"]])] == ["x", "y"]


def test_weights_scale_each_ranking() -> None:
    fused = dict(reciprocal_rank_fusion([["a", "b"], ["b", "c"]], k=10, weights=[1.0, 0.4]))
    assert fused["a"] == pytest.approx(1 / 11)
    assert fused["b"] == pytest.approx(1 / 12 + 0.4 / 11)
    assert fused["c"] == pytest.approx(0.4 / 12)


def test_a_down_weighted_list_loses_a_tie_it_would_win_at_equal_weight() -> None:
    rankings = [["dense"], ["text"]]
    assert reciprocal_rank_fusion(rankings, weights=[1.0, 1.0])[0][0] == "dense"
    assert reciprocal_rank_fusion(rankings, weights=[0.5, 1.0])[0][0] == "text"


def test_one_weight_per_ranking() -> None:
    with pytest.raises(ValueError, match="1 weights for 2 rankings"):
        reciprocal_rank_fusion([["a"], ["b"]], weights=[1.0])


def test_fusion_of_nothing_is_empty() -> None:
    assert reciprocal_rank_fusion([[], []]) == []


@pytest.mark.parametrize(
    ("raw", "clamped"), [(-0.2, 0.0), (0.0, 0.0), (0.42, 0.42), (1.0000001, 1.0)]
)
def test_clamp_similarity_keeps_scores_in_unit_interval(raw: float, clamped: float) -> None:
    assert clamp_similarity(raw) == pytest.approx(clamped)
