"""The reliability multiplier and the capped score: one formula for tools and capabilities."""

from __future__ import annotations

import pytest

from discovery.search.reliability import Reliability
from discovery.settings import Settings

REFERENCE = Reliability(
    low_rate=0.5, low_multiplier=0.1, high_rate=0.9, high_multiplier=1.2, cap=0.95
)


@pytest.mark.parametrize(
    ("rate", "multiplier"),
    [(0.0, 0.1), (0.49, 0.1), (0.5, 1.0), (0.75, 1.0), (0.9, 1.0), (0.91, 1.2), (1.0, 1.2)],
)
def test_the_multiplier_has_three_bands(rate: float, multiplier: float) -> None:
    assert REFERENCE.multiplier(rate) == multiplier


def test_the_score_is_semantic_times_reliability_capped() -> None:
    assert REFERENCE.score(0.6, 0.95) == pytest.approx(0.72)
    assert REFERENCE.score(0.9, 0.95) == 0.95  # 1.08, capped
    assert REFERENCE.score(0.9, 0.3) == pytest.approx(0.09)
    assert REFERENCE.score(0.7, 0.7) == pytest.approx(0.7)


def test_the_defaults_are_the_reference_values() -> None:
    assert Reliability.of(Settings()) == REFERENCE


def test_bands_out_of_order_are_refused() -> None:
    with pytest.raises(ValueError, match="LOW_RATE"):
        Settings(discovery_reliability_low_rate=0.95, discovery_reliability_high_rate=0.9)
