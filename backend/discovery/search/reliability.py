"""Reliability: how much an item's track record moves its score in `discover`.

`score = min(semantic x reliability(success_rate), cap)`, one formula for tools and
capabilities. The multiplier is `low_multiplier` below `low_rate`, `high_multiplier` above
`high_rate` and 1 between (settings; the reference values are 0.1 below 0.5, 1.2 above 0.9,
cap 0.95). Success rates come smoothed (`db/executions.py`)."""

from __future__ import annotations

from dataclasses import dataclass

from discovery.settings import Settings


@dataclass(frozen=True)
class Reliability:
    low_rate: float = 0.5
    low_multiplier: float = 0.1
    high_rate: float = 0.9
    high_multiplier: float = 1.2
    cap: float = 0.95

    @classmethod
    def of(cls, settings: Settings) -> Reliability:
        return cls(
            settings.discovery_reliability_low_rate,
            settings.discovery_reliability_low_multiplier,
            settings.discovery_reliability_high_rate,
            settings.discovery_reliability_high_multiplier,
            settings.discovery_score_cap,
        )

    def multiplier(self, success_rate: float) -> float:
        if success_rate < self.low_rate:
            return self.low_multiplier
        if success_rate > self.high_rate:
            return self.high_multiplier
        return 1.0

    def score(self, semantic: float, success_rate: float) -> float:
        return min(semantic * self.multiplier(success_rate), self.cap)
