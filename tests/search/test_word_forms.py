"""The forms a subject word of a catalog question takes in the catalog (pure)."""

from __future__ import annotations

import pytest

from discovery.search.word_forms import agent_nouns, forms, surface_forms


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("boxing", ["boxer", "boxers"]),
        ("dancing", ["dancer", "dancers"]),
        ("swimming", ["swimmer", "swimmers"]),
        ("building", []),  # a thing, not an activity with a doer
        ("king", []),
        ("boxes", []),
    ],
)
def test_agent_nouns_name_who_does_an_activity(word: str, expected: list[str]) -> None:
    assert agent_nouns(word) == expected


def test_forms_add_the_other_number_and_the_nationality_or_country() -> None:
    assert forms("Japanese")[0] == "japanese" and "japan" in forms("Japanese")
    assert "italian" in forms("italy")
    assert forms("clubs") == ["clubs", "club"]
    assert "boxers" in forms("boxing")


def test_an_irregular_plural_is_a_form_both_ways() -> None:
    """The English stemmer keeps "woman" and "women" apart: a count of women holds both."""
    assert "women" in forms("woman") and "woman" in forms("women")
    assert "men" in forms("man") and "fireman" in forms("firemen")
    assert "children" in forms("child") and "mouse" in forms("mice")
    assert forms("human") == ["human", "humans"]  # no "humen"
    assert forms("omen") == ["omen", "omens"]  # too short to tell from "Oman"
    assert "leaves" not in forms("leaf")  # "leav" would count "leaving"


def test_surface_forms_only_for_words_the_stemmer_confuses() -> None:
    assert surface_forms("Boxing") == ["boxing", "boxer", "boxers"]
    assert surface_forms("club") == []
