"""`facts_models.py`: what a facts query asks and answers (pure)."""

from __future__ import annotations

import pytest

from discovery.search.facts_models import ArchiveFacts, FactsQuery


def test_a_reversed_period_or_too_many_ids_is_refused() -> None:
    with pytest.raises(ValueError, match="date_from"):
        FactsQuery(date_from=1960, date_to=1950)
    with pytest.raises(ValueError, match="item ids"):
        FactsQuery(item_ids=[str(i) for i in range(1001)])


def test_centuries_without_their_own_count_group_the_decades() -> None:
    facts = ArchiveFacts(total=3, decades=[(1790, 1), (1800, 2)])
    assert facts.centuries == [(1700, 1), (1800, 2)]
    counted = ArchiveFacts(total=3, decades=[(1790, 1), (1800, 2)], century_counts=[(1700, 3)])
    assert counted.centuries == [(1700, 3)]


def test_core_periods_hold_eighty_percent_of_the_dated_records() -> None:
    facts = ArchiveFacts(total=20, decades=[(1930, 1), (1940, 6), (1950, 8), (1960, 3), (1970, 2)])
    assert facts.core() == [1940, 1950, 1960]  # 17 of 20
    assert facts.core("century") == [1900]
    assert ArchiveFacts(total=0).core() == []
