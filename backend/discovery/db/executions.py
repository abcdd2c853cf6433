"""Execution statistics of tools and capabilities (`item_stats`, kept from the append-only
`item_executions` by the schema's trigger): what the catalog (which records runs) and search
(which ranks by them) both read.

A success rate is smoothed with a Beta prior: after `s` successes and `f` failures it is
`(s + a) / (s + f + a + b)`, with `a` and `b` the prior's pseudo-successes and pseudo-failures
(settings: 2.7 and 0.3, a prior mean of 0.9 worth three runs). An item that has never run
counts as the untried rate (a setting, 1.0 as in the reference system), so an item that never
failed stays in the same reliability band as an untried one (above 0.9: a new capability, one
success, is at 0.925) and each failure pulls it down, none alone far: one failure after the
first success gives 0.74, and it takes four in a row to fall below 0.5. Runs outweigh the prior
quickly: 3 successes in 10 runs give 0.44."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg.rows import dict_row

if TYPE_CHECKING:
    from discovery.settings import Settings


@dataclass(frozen=True)
class SuccessPrior:
    """The Beta prior of success rates, and the rate of an item that never ran."""

    successes: float = 2.7
    failures: float = 0.3
    untried_rate: float = 1.0

    @classmethod
    def of(cls, settings: Settings) -> SuccessPrior:
        return cls(
            settings.discovery_success_prior_successes,
            settings.discovery_success_prior_failures,
            settings.discovery_untried_success_rate,
        )


@dataclass(frozen=True)
class ExecutionStats:
    successes: int = 0
    failures: int = 0
    timed_runs: int = 0
    duration_ms_total: float = 0.0
    first_used_at: datetime | None = None
    last_used_at: datetime | None = None

    @property
    def runs(self) -> int:
        return self.successes + self.failures

    @property
    def mean_duration_ms(self) -> float | None:
        return self.duration_ms_total / self.timed_runs if self.timed_runs else None

    def success_rate(self, prior: SuccessPrior) -> float:
        if self.runs == 0:
            return prior.untried_rate
        return (self.successes + prior.successes) / (self.runs + prior.successes + prior.failures)


STATS_SQL = (
    "select item_id, successes, failures, timed_runs, duration_ms_total, first_used_at,"
    " last_used_at from item_stats where item_id = any(%s)"
)


def stats_of(rows: list[dict[str, Any]]) -> dict[str, ExecutionStats]:
    """id -> statistics, from `STATS_SQL`'s rows (as dicts)."""
    return {row.pop("item_id"): ExecutionStats(**row) for row in rows}


async def load_stats(conn: psycopg.AsyncConnection, ids: list[str]) -> dict[str, ExecutionStats]:
    """id -> statistics for the items named (an item that never ran is absent)."""
    if not ids:
        return {}
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(STATS_SQL, (ids,))
        return stats_of(await cur.fetchall())
