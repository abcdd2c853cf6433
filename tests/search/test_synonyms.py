"""The catalog's own word for a word it never uses (`search/synonyms.py`), on its own and as
the spelling corrector's last rule, against the embedded database's vocabulary."""

from __future__ import annotations

from tests.archive_rows import add_titled

from discovery.runtime import Runtime
from discovery.search import synonyms
from discovery.search.spelling import SpellingCorrector


def test_plurals_read_back_to_the_word_wordnet_has() -> None:
    assert synonyms.singular("waistcoats") == "waistcoat"
    assert synonyms.singular("benches") == "bench"
    assert synonyms.singular("ladies") == "lady"
    assert synonyms.singular("mice") == "mouse"  # WordNet's irregular plurals
    assert synonyms.singular("women") == "woman"  # WordNet's rule for -men
    assert synonyms.singular("firemen") == "fireman"
    assert synonyms.singular("omen") is None and synonyms.singular("germen") is None
    assert synonyms.singular("waistcoat") is None


def test_a_replacement_takes_the_irregular_plural() -> None:
    """ "tykes" -> "children", not "childs"; "gals" -> "women"."""
    assert synonyms.plural("child") == "children"
    assert synonyms.plural("woman") == "women"
    assert synonyms.plural("fireman") == "firemen"
    assert synonyms.plural("human") == "humans"
    assert synonyms.plural("vest") == "vests"
    assert synonyms.plural("church") == "churches"


def test_senses_are_the_words_own_else_its_singulars() -> None:
    assert ("vest", "waistcoat") in synonyms.senses("waistcoats")
    # "braces" is a word of its own in WordNet: the senses of "brace" do not count for it
    assert synonyms.senses("braces") == [("brace", "braces")]
    assert synonyms.has_synonyms("tartan")
    assert not synonyms.has_synonyms("the") and not synonyms.has_synonyms("gxqzv")


async def test_a_word_the_catalog_never_uses_becomes_its_own_word(runtime: Runtime) -> None:
    async with runtime.db.connection() as conn:
        await add_titled(conn, "v", 4, "Man wearing vest and plaid jacket")
        await add_titled(conn, "p", 3, "Plaid blanket")
    corrector = SpellingCorrector(runtime.db)
    fixed = await corrector.correct("waistcoats and tartan jackets")
    assert fixed.query == "vests and plaid jackets"
    assert fixed.changes == {"waistcoats": "vests", "tartan": "plaid"}
    # what the person typed in quotes is searched as typed
    assert (await corrector.correct('"waistcoats" please')).query == '"waistcoats" please'


async def test_no_word_is_replaced_when_the_catalog_uses_it_or_too_rarely_uses_a_synonym(
    runtime: Runtime,
) -> None:
    async with runtime.db.connection() as conn:
        await add_titled(conn, "w", 1, "Waistcoat with vest pockets")
        await add_titled(conn, "v", 4, "Vest")
        await add_titled(conn, "o", 2, "Overcoat")  # two records: below MIN_RECORDS
    corrector = SpellingCorrector(runtime.db)
    assert (await corrector.correct("waistcoats")).changes == {}
    assert (await corrector.correct("greatcoats")).changes == {}


async def test_senses_that_offer_different_words_leave_the_word_alone(runtime: Runtime) -> None:
    async with runtime.db.connection() as conn:
        await add_titled(conn, "c", 3, "Lion cub at the zoo")
        await add_titled(conn, "f", 3, "Portrait of a fellow of the society")
    corrector = SpellingCorrector(runtime.db)
    # "lad": a cub (a boy) or a fellow: two senses, two catalog words, no choice
    assert (await corrector.correct("lads at the fair")).changes == {}
    async with runtime.db.connection() as conn:
        await conn.execute("delete from items where id like 'f%'")
    assert (await corrector.correct("lads at the fair")).changes == {"lads": "cubs"}


async def test_words_the_model_knows_are_left_to_the_model(runtime: Runtime) -> None:
    async with runtime.db.connection() as conn:
        await add_titled(conn, "c", 4, "Copper kettle")
        await add_titled(conn, "v", 4, "Vest")
    corrector = SpellingCorrector(runtime.db, known=("cops", "cop"))
    assert (await corrector.correct("beat cops")).changes == {}  # never "coppers"
    assert (await corrector.correct("waistcoats")).changes == {"waistcoats": "vests"}


async def test_a_caller_may_ask_about_short_words_and_near_synonyms_only(runtime: Runtime) -> None:
    async with runtime.db.connection() as conn:
        await add_titled(conn, "s", 3, "Man playing saxophone on stage")
        await add_titled(conn, "k", 3, "Couple kissing on a porch")
        assert await synonyms.catalog_synonyms(conn, ["sax"], "archive") == {}  # below MIN_LENGTH
        assert await synonyms.catalog_synonyms(conn, ["sax"], "archive", min_length=3) == {
            "sax": "saxophone"
        }
        # "hugging": "kissing" is one of the nine words of its sense
        hugging = synonyms.catalog_synonyms(conn, ["hugging"], "archive")
        assert await hugging == {"hugging": "kissing"}
        assert await synonyms.catalog_synonyms(conn, ["hugging"], "archive", sense_size=4) == {}
