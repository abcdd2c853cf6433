"""Periods named in a request (agent/offline/periods.py)."""

from __future__ import annotations

import pytest

from discovery.agent.offline.periods import parse_period, period_filters


@pytest.mark.parametrize(
    ("text", "period"),
    [
        ("jazz in the 1950s", (1950, 1959)),
        ("church choirs from the forties", (1940, 1949)),
        ("cars in the '60s", (1960, 1969)),
        ("chairs designed in the 1950s or 60s", (1950, 1969)),
        ("19th century landscapes", (1800, 1899)),
        ("the flood of 1936", (1936, 1936)),
        ("jazz musicians", None),
    ],
)
def test_parse_period_reads_decades_years_and_centuries(text: str, period: object) -> None:
    assert parse_period(text) == period


def test_period_filters_read_open_periods() -> None:
    assert period_filters("glass made before 1850") == {"year_to": 1849}
    assert period_filters("prints until 1900") == {"year_to": 1900}
    assert period_filters("anything after 1960") == {"year_from": 1961}
    assert period_filters("since 1960 please") == {"year_from": 1960}
    assert period_filters("the 1950s") == {"year_from": 1950, "year_to": 1959}
    assert period_filters("boxing") == {}
