"""Latency figures as every benchmark prints them: median and p95 (milliseconds)."""

from __future__ import annotations

import statistics

import numpy as np


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def summarize(values: list[float]) -> dict[str, float]:
    """`{"p50", "p95", "n"}`, rounded to microseconds."""
    return {
        "p50": round(statistics.median(values), 3),
        "p95": round(percentile(values, 95), 3),
        "n": len(values),
    }
