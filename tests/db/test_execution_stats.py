"""The smoothed success rate (a Beta prior) and the untried rate: pure arithmetic."""

from __future__ import annotations

import pytest

from discovery.db.executions import ExecutionStats, SuccessPrior
from discovery.settings import Settings

PRIOR = SuccessPrior(successes=3.0, failures=1.0, untried_rate=1.0)


def test_an_item_that_never_ran_counts_as_the_untried_rate() -> None:
    assert ExecutionStats().success_rate(PRIOR) == 1.0
    assert ExecutionStats().success_rate(SuccessPrior(3, 1, 0.6)) == 0.6


def test_one_run_cannot_swing_the_rate() -> None:
    first = ExecutionStats(successes=1)
    assert first.success_rate(PRIOR) == pytest.approx(0.8)
    assert ExecutionStats(successes=1, failures=1).success_rate(PRIOR) == pytest.approx(4 / 6)
    # it takes four failures in a row after the first success to fall below 0.5
    assert ExecutionStats(successes=1, failures=3).success_rate(PRIOR) == pytest.approx(0.5)
    assert ExecutionStats(successes=1, failures=4).success_rate(PRIOR) < 0.5


def test_many_runs_outweigh_the_prior() -> None:
    stats = ExecutionStats(successes=30, failures=70)
    assert stats.success_rate(PRIOR) == pytest.approx(33 / 104)
    assert stats.runs == 100


def test_the_prior_comes_from_settings() -> None:
    settings = Settings(
        discovery_success_prior_successes=1,
        discovery_success_prior_failures=1,
        discovery_untried_success_rate=0.5,
    )
    assert SuccessPrior.of(settings) == SuccessPrior(1.0, 1.0, 0.5)
