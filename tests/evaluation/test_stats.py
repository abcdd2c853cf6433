"""The latency figures every benchmark prints: median and p95, and their one-line form."""

from __future__ import annotations

from discovery.evaluation.stats import summarize, summary_line


def test_summarize_gives_the_median_the_p95_and_the_count() -> None:
    values = [float(v) for v in range(1, 101)]  # 1 .. 100 ms
    assert summarize(values) == {"p50": 50.5, "p95": 95.05, "n": 100}


def test_the_summary_line_prints_those_figures_to_the_hundredth() -> None:
    assert summary_line([1.0, 2.0, 3.0, 10.0]) == "p50 2.50 ms  p95 8.95 ms"
