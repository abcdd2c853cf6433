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


def summary_line(values: list[float]) -> str:
    """`"p50 1.23 ms  p95 4.56 ms"`: the figures of `summarize` as a bench prints them."""
    figures = summarize(values)
    return f"p50 {figures['p50']:.2f} ms  p95 {figures['p95']:.2f} ms"
