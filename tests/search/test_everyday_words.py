"""The catalog's word for an everyday one (`search/everyday_words.py`, the list in
`config/everyday_words.toml`), on its own and as a rule of the spelling corrector, against the
embedded database's vocabulary."""

from __future__ import annotations

from pathlib import Path

from tests.archive_rows import add_titled

from discovery.runtime import Runtime
from discovery.search import everyday_words
from discovery.search.spelling import SpellingCorrector


def test_the_list_is_read_by_singular_plural_and_acronym() -> None:
    assert everyday_words.load()
    assert everyday_words.key_of("fella") == ("fella", False)
    assert everyday_words.key_of("fellas") == ("fella", True)
    assert everyday_words.key_of("stogies") == ("stogy", True)  # "-ies" read first
    assert everyday_words.key_of("shades") == ("shades", False)  # a plural-only key
    assert everyday_words.key_of("gis") == ("gi", True)
    assert everyday_words.key_of("men") is None
    assert everyday_words.readable("gents") and everyday_words.readable("GIs")
    assert everyday_words.readable("TV")
    assert not everyday_words.readable("Bobby")  # a Capitalized word reads as a name


def test_plurals_of_replacements() -> None:
    assert everyday_words.plural("man") == "men"
    assert everyday_words.plural("taxi driver") == "taxi drivers"
    assert everyday_words.plural("cigar") == "cigars"


async def test_an_everyday_word_the_catalog_never_uses_becomes_the_catalogs_word(
    runtime: Runtime,
) -> None:
    async with runtime.db.connection() as conn:
        await add_titled(conn, "m", 4, "Three men standing on porch")
        await add_titled(conn, "c", 3, "Man smoking cigar")
        await add_titled(conn, "s", 3, "Woman wearing sunglasses")
        await add_titled(conn, "g", 3, "Two soldiers standing guard")
    corrector = SpellingCorrector(runtime.db)
    fixed = await corrector.correct("fellas puffing on stogies")
    assert fixed.query == "men puffing on cigar"  # the catalog never says "cigars"
    assert fixed.changes == {"fellas": "men", "stogies": "cigar"}
    assert (await corrector.correct("folks in shades")).changes == {"shades": "sunglasses"}
    # an acronym in capitals is read, and written the catalog's way
    assert (await corrector.correct("GIs on the porch")).query == "soldiers on the porch"
    # in quotes, the person's own word is searched
    assert (await corrector.correct('"fellas" on a porch')).changes == {}


async def test_nothing_is_replaced_when_the_catalog_uses_the_word_or_lacks_the_replacement(
    runtime: Runtime,
) -> None:
    async with runtime.db.connection() as conn:
        await add_titled(conn, "g", 3, "Gents outfitters storefront")  # the catalog's own word
        await add_titled(conn, "m", 5, "Men at the bar")
        await add_titled(conn, "t", 2, "Tuxedo")  # two records: below MIN_RECORDS
        await add_titled(conn, "w", 4, "Women and men at the bar")
    corrector = SpellingCorrector(runtime.db)
    assert (await corrector.correct("gents")).changes == {}
    assert (await corrector.correct("tux")).changes == {}
    # the request names the replacement already: "men" would lose the gals' word
    assert (await corrector.correct("gals and women")).changes == {}
    assert (await corrector.correct("gals and men")).changes == {"gals": "women"}


async def test_the_rule_reads_the_list_it_is_given(runtime: Runtime, tmp_path: Path) -> None:
    path = tmp_path / "words.toml"
    path.write_text('[words]\nbrolly = ["umbrella"]\n', encoding="utf-8")
    async with runtime.db.connection() as conn:
        await add_titled(conn, "u", 3, "Woman holding umbrella")
        found = await everyday_words.catalog_words(
            conn, ["brollies", "fellas"], "archive", path=path
        )
    # the catalog says "umbrella" only: the singular, though the request said it in the plural
    assert found == {"brollies": "umbrella"}
