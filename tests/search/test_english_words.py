"""Real English words are no typos of other words (`search/english_words.py`), against the
embedded database's vocabulary."""

from __future__ import annotations

from psycopg.types.json import Jsonb
from tests.archive_rows import INSERT_TITLED

from discovery.runtime import Runtime
from discovery.search import english_words
from discovery.search.spelling import SpellingCorrector


def test_wordnet_words_and_their_inflections_are_english() -> None:
    for word in (
        "frock",
        "frocks",
        "mourners",
        "crockery",
        "firemen",
        "tiled",
        "shopping",
        "revving",
    ):
        assert english_words.is_english(word), word
    for typo in ("photgraphs", "boxng", "chrismas", "saxaphone", "gutiar", "boxxing", "towwing"):
        assert not english_words.is_english(typo), typo


def test_a_consonant_english_doubles_must_be_doubled() -> None:
    """ "swiming" is no form of "swim" (English writes "swimming"), "drumer" none of "drum";
    "visiting" (two vowels) and "fixing" (an x never doubles) are forms of theirs."""
    for typo in ("swiming", "drumer", "staned", "shoping"):
        assert not english_words.is_english(typo), typo
    for word in ("swimming", "drummer", "visiting", "fixing", "snowing", "hoping"):
        assert english_words.is_english(word), word
    known = frozenset({"swim", "drum", "visit", "shop"})
    assert not english_words.is_known("swiming", known)
    assert english_words.is_known("swimming", known) and english_words.is_known("visiting", known)


def test_forms_of_one_word_are_related_other_words_are_not() -> None:
    assert english_words.related("tweedy", "tweed")
    assert english_words.related("pinstripes", "pinstriped")
    assert english_words.related("ruffly", "ruffle")
    assert not english_words.related("frocks", "rocks")
    assert not english_words.related("statues", "states")
    assert not english_words.related("mourners", "corners")
    assert english_words.letter_left_out("corse", "course")  # "corse" is in WordNet too
    assert not english_words.letter_left_out("frocks", "rocks")


def test_a_longer_word_is_no_form_of_a_shorter_one_unless_it_adds_an_ending() -> None:
    """ "greenery" shares all of "greene", "airwaves" all of "air": neither is a form of it."""
    assert not english_words.related("greenery", "greene")
    assert not english_words.related("airwaves", "airs")
    assert not english_words.related("elizabethan", "elizabeth")
    assert english_words.related("leafy", "leaf")


def test_a_letter_typed_twice_is_a_slip_even_where_it_looks_like_a_real_word() -> None:
    assert english_words.letter_doubled("scoutts", "scouts")
    assert english_words.letter_doubled("pourring", "pouring")
    assert not english_words.letter_doubled("planes", "panes")
    assert not english_words.letter_doubled("scouts", "scouts")


async def test_a_real_word_with_a_letter_left_out_is_still_a_typo(runtime: Runtime) -> None:
    async with runtime.db.connection() as conn:
        ids = [f"g{i}" for i in range(6)]
        await conn.execute(INSERT_TITLED, ("Golf course", Jsonb({}), ids))
    corrector = SpellingCorrector(runtime.db, synonyms=False)
    assert (await corrector.correct("golf corse")).changes == {"corse": "course"}


async def test_a_real_word_is_corrected_only_to_a_form_of_itself(runtime: Runtime) -> None:
    async with runtime.db.connection() as conn:
        for prefix, title in (("r", "Rocks on the shore"), ("c", "Corner store"),
                              ("t", "Tweed jacket")):  # fmt: skip
            ids = [f"{prefix}{i}" for i in range(6)]
            await conn.execute(INSERT_TITLED, (title, Jsonb({}), ids))
    corrector = SpellingCorrector(runtime.db, synonyms=False)
    assert (await corrector.correct("spotted frocks")).changes == {}
    assert (await corrector.correct("mourners")).changes == {}
    assert (await corrector.correct("tweedy jackets")).changes == {"tweedy": "tweed"}
    assert (await corrector.correct("rcoks")).changes == {"rcoks": "rocks"}  # a typo still is
    assert (await corrector.correct("rockks")).changes == {"rockks": "rocks"}
