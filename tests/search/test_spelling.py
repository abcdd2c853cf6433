"""Spelling correction against the catalog's vocabulary (search/spelling.py and the
`*_spelling_vocabulary.sql` migration): the vocabulary follows the catalog through inserts,
updates, deactivations and deletes; the corrector fixes what the catalog does not know and
leaves known words, names, short words, numbers and quoted words alone."""

from __future__ import annotations

import psycopg
import pytest
from psycopg.types.json import Jsonb

from discovery.embeddings.local import model_words
from discovery.runtime import Runtime
from discovery.search.spelling import (
    Correction,
    SpellingCorrector,
    edit_distance,
    is_known,
    quoted_words,
)
from discovery.search.spelling_keys import far_first_letter, far_substitution
from discovery.search.spelling_variants import variants

_INSERT = (
    "insert into items (id, kind, name, title, description, metadata, content_hash)"
    " select id, %s, id, %s, %s, %s, 'h' from unnest(%s::text[]) id"
)
_RECOUNT = """
select i.kind, w, count(*)::int from items i
cross join lateral _spelling_words(i.title, i.description, i.metadata) w
where i.is_active group by 1, 2
"""

_TRIGRAM_RECOUNT = """
select kind, g, count(*)::int from spelling_terms cross join lateral unnest(trigrams) g
group by 1, 2
"""


async def _vocabulary(conn: psycopg.AsyncConnection) -> set[tuple[str, str, int]]:
    """The stored vocabulary, checked against a recount from scratch (and its trigrams)."""
    stored = set(
        await (await conn.execute("select kind, term, doc_count from spelling_terms")).fetchall()
    )
    assert stored == set(await (await conn.execute(_RECOUNT)).fetchall())
    bad = await (
        await conn.execute(
            "select term from spelling_terms where trigrams <> _spelling_trigrams(term)"
        )
    ).fetchall()
    assert bad == []
    trigram_counts = set(
        await (
            await conn.execute("select kind, trigram, n from spelling_trigram_counts")
        ).fetchall()
    )
    assert trigram_counts == set(await (await conn.execute(_TRIGRAM_RECOUNT)).fetchall())
    return stored


async def _add(conn, ids: list[str], title: str, description: str = "", meta=None, kind="archive"):
    await conn.execute(_INSERT, (kind, title, description, Jsonb(meta or {}), ids))


def test_edit_distance_counts_a_swap_as_one_edit() -> None:
    assert edit_distance("photgraphs", "photographs") == 1
    assert edit_distance("playres", "players") == 1  # two letters swapped
    assert edit_distance("boxng", "boxing") == 1
    assert edit_distance("crawferd", "crawford") == 1
    assert edit_distance("abc", "xyz", limit=2) == 2  # capped
    assert edit_distance("same", "same") == 0


def test_quoted_words_and_apply_keep_the_case_of_what_was_typed() -> None:
    assert quoted_words('"Photgraphs of" boxng') == {"photgraphs", "of"}
    c = Correction("crawferd grill", "crawford grill", {"crawferd": "crawford"})
    assert c.apply("Show me the Crawferd Grill") == "Show me the Crawford Grill"
    assert c.apply("crawferds") == "crawferds"  # whole words only


async def test_vocabulary_follows_inserts_updates_deactivations_and_deletes(
    runtime: Runtime,
) -> None:
    async with runtime.db.connection() as conn:
        await _add(
            conn, ["a", "b"], "Boxing match", "Two boxers in the ring", {"creator": "Teenie Harris"}
        )
        await _add(conn, ["c"], "Jazz band", "", {"place": "Hill District", "tags": ["nightclub"]})
        await _add(conn, ["t"], "Convert boxing PDFs", "", kind="tool")
        vocab = await _vocabulary(conn)
        assert ("archive", "boxing", 2) in vocab and ("tool", "boxing", 1) in vocab
        assert ("archive", "harris", 2) in vocab and ("archive", "nightclub", 1) in vocab
        assert ("archive", "district", 1) in vocab
        terms = {t for _, t, _ in vocab}
        assert not terms & {"the", "in"} and "two" in terms  # stop words, short words
        await conn.execute("update items set title = 'Wrestling match' where id = 'a'")
        await conn.execute("update items set is_active = false where id = 'c'")
        vocab = await _vocabulary(conn)
        assert ("archive", "boxing", 1) in vocab and ("archive", "wrestling", 1) in vocab
        assert not any(t == "jazz" for _, t, _ in vocab)  # its only record is inactive
        await conn.execute("update items set is_active = true where id = 'c'")
        await conn.execute("delete from items where id in ('a', 'b')")
        vocab = await _vocabulary(conn)
        assert ("archive", "jazz", 1) in vocab and not any(t == "boxers" for _, t, _ in vocab)
        await conn.execute("truncate items cascade")
        assert await _vocabulary(conn) == set()


async def test_a_word_the_catalog_barely_uses_is_corrected_to_a_far_more_used_neighbour(
    runtime: Runtime,
) -> None:
    async with runtime.db.connection() as conn:
        await _add(conn, [f"b{i}" for i in range(60)], "Boxing match")
        await _add(conn, ["typo"], "Boxng match")  # a typo in the catalog itself
        await _add(conn, [f"w{i}" for i in range(3)], "Wrestlers")
        await _add(conn, ["w9"], "Wrestler")
    corrector = SpellingCorrector(runtime.db)
    fixed = await corrector.correct("boxng wrestler")
    assert fixed.query == "boxing wrestler"  # 1 record vs 60; wrestler vs 3 is no typo
    assert (await corrector.correct("boxing")).changes == {}


async def test_the_models_vocabulary_corrects_only_what_the_catalog_cannot(
    runtime: Runtime,
) -> None:
    async with runtime.db.connection() as conn:
        await _add(conn, [f"b{i}" for i in range(5)], "Boxing match")
        await _add(conn, ["g1"], "Fingerprint")
    vocabulary = {"boxing": 900, "boxer": 800, "finger": 700, "agreement": 600}
    corrector = SpellingCorrector(runtime.db, vocabulary=vocabulary)
    fixed = await corrector.correct("boxng agreemnt")
    assert fixed.changes == {"boxng": "boxing", "agreemnt": "agreement"}
    # a name, and a word the catalog uses, stay as typed
    assert (await corrector.correct("Lena Fingr")).changes == {}
    assert (await corrector.correct("fingerprint")).changes == {}
    assert (await SpellingCorrector(runtime.db).correct("agreemnt")).changes == {}


async def test_an_inflection_of_a_catalog_term_is_no_typo(runtime: Runtime) -> None:
    async with runtime.db.connection() as conn:
        await _add(conn, [f"w{i}" for i in range(40)], "Watercolor landscape")
        await _add(conn, [f"d{i}" for i in range(40)], "Drawings of bridges")
    corrector = SpellingCorrector(runtime.db)
    # the catalog says "watercolor" and "drawings": other forms of them are left as typed
    for typed in ("drawings and watercolors", "a drawing of a bridge"):
        correction = await corrector.correct(typed)
        assert (correction.query, correction.changes) == (typed, {})
    # a typo of the same words is still corrected
    assert (await corrector.correct("watercolr drawngs")).query == "watercolor drawings"


@pytest.mark.parametrize(
    ("catalog", "typed"),
    [
        # "bench" is used more, but "f" -> "b" is a far key; "french" lost an "r"
        ((("Bench in a park", 60), ("French textile", 20)),
         {"fench textile": "french textile", "bemch": "bench"}),  # "m": a neighbouring key
        # a first letter swapped for a far key is another word ("o" is a neighbour of "p")
        ((("Pitts family portrait", 60), ("Gloves and hats", 20)),
         {"mitts and gloves": "mitts and gloves", "oitts": "pitts"}),
    ],
)  # fmt: skip
async def test_far_keys_make_no_typo_a_neighbouring_key_does(
    runtime: Runtime, catalog: tuple[tuple[str, int], ...], typed: dict[str, str]
) -> None:
    async with runtime.db.connection() as conn:
        for n, (title, count) in enumerate(catalog):
            await _add(conn, [f"r{n}-{i}" for i in range(count)], title)
    corrector = SpellingCorrector(runtime.db)
    for query, searched in typed.items():
        assert (await corrector.correct(query)).query == searched, query
    assert far_first_letter("mitts", "pitts") and not far_first_letter("mitts", "mites")


def test_far_substitution_reads_the_keyboard() -> None:
    assert far_substitution("fench", "bench") and not far_substitution("fench", "french")
    assert not far_substitution("fat", "vat") and not far_substitution("fat", "gat")


@pytest.fixture
def corrector(demo_runtime: Runtime) -> SpellingCorrector:
    return SpellingCorrector(demo_runtime.db, known=model_words())


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("photgraphs of boxng", "photographs of boxing"),
        ("phtograhs of boxing", "photographs of boxing"),  # two edits: the second look-up
        ("crawferd grill", "crawford grill"),
        ("jazz musicains in the 1950s", "jazz musicians in the 1950s"),
        ("portriat of a woman", "portrait of a woman"),
        ("Teenie Haris portraits", "Teenie Harris portraits"),  # a name one edit away
    ],
)
async def test_demo_typos_are_corrected_to_the_catalogs_words(
    corrector: SpellingCorrector, typed: str, expected: str
) -> None:
    assert (await corrector.correct(typed)).query == expected


@pytest.mark.parametrize(
    "typed",
    [
        "photographs of boxing",  # known words
        "Lena Horne at the Crawford Grill",  # names the catalog knows
        "photos of kids",  # real words the catalog does not use
        "Smyth family reunion",  # a name with no clearly better catalog term
        "a band at the Pink Stork Club",  # a name that is a real word: no "Store"
        '"photgraphs of boxng"',  # quoted: exactly as typed
        "boxes 1940s teh",  # short words, numbers
    ],
)
async def test_known_words_names_and_quoted_words_are_left_alone(
    corrector: SpellingCorrector, typed: str
) -> None:
    correction = await corrector.correct(typed)
    assert (correction.query, correction.changes) == (typed, {})


async def test_kept_words_are_not_corrected(corrector: SpellingCorrector) -> None:
    correction = await corrector.correct("photgraphs of boxng", keep=["boxng"])
    assert correction.query == "photographs of boxng"


_FULL_PROBE = """
select s.term from spelling_terms s
where s.kind = 'archive' and s.trigrams && _spelling_trigrams(%(w)s)
  and length(s.term) between length(%(w)s) - %(k)s and length(%(w)s) + %(k)s
  and cardinality(array(
        select unnest(s.trigrams) intersect select unnest(_spelling_trigrams(%(w)s))
      )) >= cardinality(_spelling_trigrams(%(w)s)) - 4 * %(k)s
"""


@pytest.mark.parametrize(
    "word", ["photgraphs", "boxng", "musicains", "portriat", "pittsburg", "steelworkrs", "xqzvw"]
)
async def test_the_rarest_trigrams_find_every_candidate_all_trigrams_find(
    demo_runtime: Runtime, word: str
) -> None:
    """By the q-gram lemma, probing the word's 4k + 1 rarest trigrams loses no candidate."""
    k = 2 if len(word) > 7 else 1
    async with demo_runtime.db.connection() as conn:
        full = {
            r[0] for r in await (await conn.execute(_FULL_PROBE, {"w": word, "k": k})).fetchall()
        }
        found = await (
            await conn.execute(
                "select term from spelling_candidates(%s, %s, 'archive', 1, 100000, 1000000)",
                ([word], [k]),
            )
        ).fetchall()
        probe = (
            await (
                await conn.execute(
                    "select _spelling_probe('archive', _spelling_trigrams(%s), %s)", (word, k)
                )
            ).fetchone()
        )[0]
    assert {r[0] for r in found} - {word} == full - {word}
    assert len(probe) == min(len(word) + 1, 4 * k + 1)


def test_inflected_forms_of_known_words_are_not_typos() -> None:
    known = frozenset({"shop", "party", "dance", "church", "bowl", "christmas", "candidate"})
    for word in ("shoppers", "partys", "dancers", "churches"):
        assert is_known(word, known), word
    # a typo leaves no known stem behind an ending
    for word in ("shopqers", "dreses", "caskits", "chrches", "bowlling", "christmass", "candidats"):
        assert not is_known(word, known), word


async def test_a_known_word_takes_the_catalogs_own_spelling_of_it(runtime: Runtime) -> None:
    async with runtime.db.connection() as conn:
        await _add(conn, [f"a{i}" for i in range(5)], "Aluminum chair with colour panel")
    known = ("aluminium", "chairs", "colour", "color")
    corrector = SpellingCorrector(runtime.db, known=known)
    fixed = await corrector.correct("aluminium chairs")
    assert fixed.query == "aluminum chairs" and fixed.changes == {"aluminium": "aluminum"}
    # the catalog's own spelling stays, and a quoted word is left as typed
    assert (await corrector.correct("colour chairs")).query == "colour chairs"
    assert (await corrector.correct('"aluminium" chairs')).query == '"aluminium" chairs'


def test_spelling_variants_are_one_change_each() -> None:
    assert "aluminum" in variants("aluminium") and "color" in variants("colour")
    assert "paneling" in variants("panelling") and "theater" in variants("theatre")
    assert "grayish" in variants("greyish") and variants("tie") == set()
    # only the vowels British spelling adds: "statues" is no "states", "could" no "cold"
    assert "states" not in variants("statues") and "cold" not in variants("could")
    assert "archeology" in variants("archaeology") and "mustache" in variants("moustache")


def test_apply_makes_an_article_agree_with_the_correction() -> None:
    flyboy = Correction("a flyboy", "an air force man", {"flyboy": "air force man"})
    assert flyboy.apply("A flyboy home on leave") == "An air force man home on leave"
    umbrella = Correction("an umbrela", "an umbrella", {"umbrela": "umbrella"})
    assert umbrella.apply("a man with an umbrela") == "a man with an umbrella"
    assert Correction("a lorry", "a truck", {"lorry": "truck"}).apply("a lorry") == "a truck"
