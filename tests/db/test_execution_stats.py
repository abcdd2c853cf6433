"""The smoothed success rate (a Beta prior) and the untried rate: pure arithmetic, with the
default prior Beta(2.7, 0.3) (a mean of 0.9, the high rate, worth three runs)."""

from __future__ import annotations

import pytest

from discovery.db.executions import ExecutionStats, SuccessPrior
from discovery.settings import Settings

PRIOR = SuccessPrior()


def test_the_default_prior_is_the_documented_one() -> None:
    assert PRIOR == SuccessPrior(2.7, 0.3, 1.0) == SuccessPrior.of(Settings())


def test_an_item_that_never_ran_counts_as_the_untried_rate() -> None:
    assert ExecutionStats().success_rate(PRIOR) == 1.0
    assert ExecutionStats().success_rate(SuccessPrior(2.7, 0.3, 0.6)) == 0.6


def test_an_item_that_never_failed_stays_above_the_high_rate() -> None:
    for successes in range(1, 60):
        assert ExecutionStats(successes=successes).success_rate(PRIOR) > 0.9


def test_one_run_cannot_swing_the_rate() -> None:
    assert ExecutionStats(successes=1).success_rate(PRIOR) == pytest.approx(0.925)
    assert ExecutionStats(successes=1, failures=1).success_rate(PRIOR) == pytest.approx(0.74)
    # it takes four failures in a row after the first success to fall below 0.5
    assert ExecutionStats(successes=1, failures=3).success_rate(PRIOR) > 0.5
    assert ExecutionStats(successes=1, failures=4).success_rate(PRIOR) < 0.5


def test_runs_outweigh_the_prior() -> None:
    assert ExecutionStats(successes=3, failures=7).success_rate(PRIOR) == pytest.approx(5.7 / 13)
    stats = ExecutionStats(successes=30, failures=70)
    assert stats.success_rate(PRIOR) == pytest.approx(32.7 / 103)
    assert stats.runs == 100


def test_the_prior_comes_from_settings() -> None:
    settings = Settings(
        discovery_success_prior_successes=1,
        discovery_success_prior_failures=1,
        discovery_untried_success_rate=0.5,
    )
    assert SuccessPrior.of(settings) == SuccessPrior(1.0, 1.0, 0.5)
