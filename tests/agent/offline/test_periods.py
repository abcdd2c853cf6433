"""Periods named in a request (agent/offline/periods.py)."""

from __future__ import annotations

import pytest

from discovery.agent.offline.periods import (
    parse_period,
    period_filters,
    without_eras,
    without_named_period,
)


@pytest.mark.parametrize(
    ("text", "period"),
    [
        ("jazz in the 1950s", (1950, 1959)),
        ("church choirs from the forties", (1940, 1949)),
        ("cars in the '60s", (1960, 1969)),
        ("chairs designed in the 1950s or 60s", (1950, 1969)),
        ("19th century landscapes", (1800, 1899)),
        ("the flood of 1936", (1936, 1936)),
        # a round hundred is the century English means; "the 2000s" stays a decade
        ("decorative art from the 1700s", (1700, 1799)),
        ("photos from the 1900s", (1900, 1999)),
        ("furniture of the 1800s or the 1950s", (1800, 1959)),
        ("posters from the 2000s", (2000, 2009)),
        ("nineteenth-century landscapes", (1800, 1899)),
        ("art of the Twenty-First Century", (2000, 2099)),
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
    assert period_filters("anything after the 1800s") == {"year_from": 1900}
    assert period_filters("before the 1700s") == {"year_to": 1699}
    assert period_filters("boxing") == {}


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("sailors during WWII", (1939, 1945)),
        ("anything from the Second World War?", (1939, 1945)),
        ("soldiers in the first world war", (1914, 1918)),
        ("street life during the Great Depression", (1929, 1939)),
        ("in the days of ww1", (1914, 1918)),
        ("bread lines in the depression era", (1929, 1939)),
        ("nurses in wartime", (1939, 1945)),
        ("at the time of the Vietnam War, protests", (1955, 1975)),
        ("speakeasies during prohibition", (1920, 1933)),
        ("portraits from the jazz age", (1920, 1929)),
        ("new houses right after the war", (1945, 1949)),
        ("steelworkers while Truman was president", (1945, 1953)),
        ("parades in the Eisenhower years", (1953, 1961)),
        ("under president Reagan, rallies", (1981, 1989)),
        # half a century
        ("etchings from the first half of the 19th century", (1800, 1849)),
        ("chairs of the latter half of the eighteenth century", (1750, 1799)),
    ],
)
def test_a_period_known_by_its_name_is_read_as_years(text: str, years: tuple[int, int]) -> None:
    assert period_filters(text) == {"year_from": years[0], "year_to": years[1]}


def test_a_named_period_without_from_during_or_in_is_a_subject() -> None:
    """ "world war II veterans' parade" is about the war, not from it: no filter."""
    assert period_filters("world war II veterans parade") == {}
    assert period_filters("memorial to the great war dead") == {}
    assert period_filters("photos at the civil war memorial") == {}
    assert period_filters("a portrait of Kennedy") == {}  # a person, not a presidency
    assert without_named_period("veterans of world war 2") == "veterans of world war 2"


def test_the_words_of_a_named_period_leave_the_text() -> None:
    assert without_named_period("Nurses during WW2, please").replace(",", " ").split() == [
        "Nurses",  # the rest keeps its case: capitalized runs are names (antecedents.py)
        "please",
    ]


@pytest.mark.parametrize(
    ("text", "filters"),
    [
        ("furniture older than 1750", {"year_to": 1749}),
        ("is there anything earlier than 1820?", {"year_to": 1819}),
        ("pre-1900 maps of the city", {"year_to": 1899}),
        ("post-1945 housing projects", {"year_from": 1946}),
        ("photos newer than 1975", {"year_from": 1976}),
        ("anything more recent than 1980", {"year_from": 1981}),
        ("streets before the 1930s", {"year_to": 1929}),
        ("cars after the 1950s", {"year_from": 1960}),
        ("dancers since the 1970s", {"year_from": 1970}),
        ("up to the 1920s", {"year_to": 1929}),
        ("tapestries before the 17th century", {"year_to": 1599}),
        ("ceramics after the 18th century", {"year_from": 1800}),
        ("how many of them predate 1950?", {"year_to": 1949}),
        ("films postdating the 1960s", {"year_from": 1970}),
        ("and the drawings from 1900 onward?", {"year_from": 1900}),
        ("the 1950s and later", {"year_from": 1950}),
        ("quilts made in 1950 or after", {"year_from": 1950}),
        ("maps drawn in 1900 or earlier", {"year_to": 1900}),
        ("the 1800s and before", {"year_to": 1899}),
        ("the 1930s or earlier", {"year_to": 1939}),
    ],
)
def test_period_filters_read_open_periods_in_many_phrasings(text: str, filters: object) -> None:
    assert period_filters(text) == filters


@pytest.mark.parametrize(
    ("text", "period"),
    [
        ("medieval manuscripts", (500, 1499)),
        ("objects from the middle ages", (500, 1499)),
        ("renaissance medals", (1400, 1599)),
        ("medieval or renaissance carvings", (500, 1599)),
        ("victorian jewelry", (1837, 1901)),
        ("poets of the Harlem Renaissance", None),
    ],
)
def test_parse_period_reads_eras_named_anywhere(text: str, period: object) -> None:
    assert parse_period(text) == period


def test_without_eras_drops_an_era_but_keeps_the_subject() -> None:
    assert without_eras("medieval armor").split() == ["armor"]
    assert "Renaissance" in without_eras("the Harlem Renaissance")
    assert without_named_period("medieval armor") == "medieval armor"  # a search keeps it


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("things from the Civil War years", (1861, 1865)),
        ("things from Japan's Meiji period", (1868, 1912)),
        ("objects from the Industrial Revolution", (1760, 1840)),
        ("pieces from the Progressive Era", (1896, 1916)),
        ("works from the Clinton administration", (1993, 2001)),
        ("photos from the Teddy Roosevelt years", (1901, 1909)),
        # a first name before the president's, and "time in office"
        ("things made while Ulysses Grant was president", (1869, 1877)),
        ("works from Teddy Roosevelt's time in office", (1901, 1909)),
        ("works from Woodrow Wilson's time in office", (1913, 1921)),
        ("photos from Franklin Roosevelt's years as president", (1933, 1945)),
        ("decorative pieces from the Rococo", (1730, 1770)),
        ("stuff from the disco era", (1974, 1979)),
        ("a bowl from the Ming dynasty", (1368, 1644)),
        ("edwardian hats", (1901, 1910)),
        ("art from the George H. W. Bush years", (1989, 1993)),
        ("prints from the George W. Bush administration", (2001, 2009)),
        ("photos from the Andrew Jackson years", (1829, 1837)),
        # a first name tells the two Johnsons apart; presidents named only with a first name
        ("anything from Andrew Johnson's presidency", (1865, 1869)),
        ("photos from the Johnson years", (1963, 1969)),
        ("works from the years James Buchanan was in office", (1857, 1861)),
        ("things made under President Benjamin Harrison", (1889, 1893)),
        ("pieces from the Chester Arthur administration", (1881, 1885)),
        ("things dating from the Franklin Pierce administration", (1853, 1857)),
        # the office said by its chair or by running the country
        ("things made while John Adams sat in the president's chair", (1797, 1801)),
        ("works from the era when Thomas Jefferson ran the country", (1801, 1809)),
        # any count of the years, and other verbs of holding the office
        ("work from the eight years Barack Obama led the country", (2009, 2017)),
        ("prints from the time Woodrow Wilson governed the nation", (1913, 1921)),
        ("photos from the years Harry Truman served", (1945, 1953)),
        ("decorative art of the Jacksonian era", (1829, 1837)),
        ("paintings from the Romantic period", (1800, 1850)),
        ("silver from the Georgian period", (1714, 1837)),
        ("Gilded Age decorative pieces", (1870, 1900)),  # an age: anywhere
        ("jazz age flappers", (1920, 1929)),
    ],
)
def test_named_eras_dynasties_and_presidencies_are_years(text: str, years: tuple[int, int]) -> None:
    assert period_filters(text) == {"year_from": years[0], "year_to": years[1]}


@pytest.mark.parametrize(
    "text",
    [
        "rococo chairs",
        "a ford truck",
        "the years Ford ran the company",
        "the Arthur years",
        "posters from the cultural revolution",
        "a song about war",
        "georgian silver",
        "a romantic couple",
        "bush in the garden",
        "photos taken in Washington years ago",  # a city
        "the Jackson years",
    ],
)
def test_a_style_a_name_or_another_revolution_is_no_period(text: str) -> None:
    assert period_filters(text) == {}


def test_from_a_year_on_is_an_open_period() -> None:
    assert period_filters("drawings made from 1900 on") == {"year_from": 1900}
    assert period_filters("from the 1950s forward, please") == {"year_from": 1950}
    # "on" that opens a place is no open period
    assert period_filters("photos from 1900 on the farm") == {"year_from": 1900, "year_to": 1900}
