"""Catalog facts on the demo archive: counts, top creators and decades of the records matching a
subject, checked against the same records read and counted in Python."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from discovery.runtime import Runtime
from discovery.search.facts import archive_facts
from discovery.search.facts_models import ArchiveFacts, FactsQuery
from discovery.search.facts_terms import alternatives

pytestmark = pytest.mark.integration


async def _records(rt: Runtime) -> list[dict[str, Any]]:
    async with rt.db.connection() as conn:
        rows = await (
            await conn.execute(
                "select id, title, description, metadata from items"
                " where kind = 'archive' and is_active"
            )
        ).fetchall()
    return [{"id": i, "title": t, "description": d, **m} for i, t, d, m in rows]


def _text(r: dict[str, Any]) -> str:
    """The fields the text index holds (a generated description repeats the others)."""
    fields = [r["title"], r.get("creator"), r.get("medium"), r.get("place"), r.get("date")]
    fields += list(r.get("tags") or [])
    if not r.get("description_generated"):
        fields.append(r["description"])
    return " ".join(str(f or "") for f in fields).lower()


async def _facts(rt: Runtime, query: FactsQuery) -> ArchiveFacts:
    async with rt.db.connection() as conn:
        return await archive_facts(conn, query)


async def test_facts_of_a_named_person_match_the_records_counted_in_python(
    demo_runtime: Runtime,
) -> None:
    records = await _records(demo_runtime)
    mine = [
        r
        for r in records
        if r.get("media_type") == "photograph" and re.search(r"\bjoe louis\b", _text(r))
    ]
    assert len(mine) >= 3
    facts = await _facts(demo_runtime, FactsQuery(subject="Joe Louis", media_types=["photograph"]))
    assert facts.total == len(mine)
    creators = Counter(c.strip() for r in mine for c in str(r["creator"]).split(";"))
    assert facts.creators[0] == creators.most_common(1)[0]
    decades = Counter((r["date_start"] + r["date_end"]) // 2 // 10 * 10 for r in mine)
    assert dict(facts.decades) == dict(decades)
    assert facts.earliest == min(r["date_start"] for r in mine)
    assert facts.latest == max(r["date_end"] for r in mine)
    assert facts.matched_words == ["joe", "louis"]


async def test_every_word_is_required_and_the_period_filter_applies(
    demo_runtime: Runtime,
) -> None:
    jazz = await _facts(demo_runtime, FactsQuery(subject="jazz"))
    jazz_band = await _facts(demo_runtime, FactsQuery(subject="jazz band"))
    fifties = await _facts(demo_runtime, FactsQuery(subject="jazz", date_from=1950, date_to=1959))
    assert 0 < jazz_band.total < jazz.total
    assert 0 < fifties.total < jazz.total
    assert fifties.earliest is not None and fifties.earliest <= 1959
    assert fifties.latest is not None and fifties.latest >= 1950


async def test_an_empty_subject_counts_every_record_of_the_media_type(
    demo_runtime: Runtime,
) -> None:
    records = await _records(demo_runtime)
    paintings = sum(r.get("media_type") == "painting" for r in records)
    facts = await _facts(demo_runtime, FactsQuery(media_types=["painting"]))
    assert facts.total == paintings > 0
    everything = await _facts(demo_runtime, FactsQuery())
    assert everything.total == len(records)
    assert sum(n for _, n in everything.decades) + everything.undated == len(records)


async def test_a_word_the_catalog_never_uses_matches_nothing(demo_runtime: Runtime) -> None:
    facts = await _facts(demo_runtime, FactsQuery(subject="boxing zyxwvu"))
    assert facts.total == 0 and facts.creators == [] and facts.decades == []


async def test_singular_plural_and_accents_match_the_same_records(demo_runtime: Runtime) -> None:
    teapot = await _facts(demo_runtime, FactsQuery(subject="teapot"))
    teapots = await _facts(demo_runtime, FactsQuery(subject="teapots"))
    assert teapot.total == teapots.total > 0
    accented = await _facts(demo_runtime, FactsQuery(subject="crèche"))
    plain = await _facts(demo_runtime, FactsQuery(subject="creche"))
    assert accented.total == plain.total > 0


async def test_the_commonest_word_is_dropped_when_no_record_has_them_all(
    demo_runtime: Runtime,
) -> None:
    assert (await _facts(demo_runtime, FactsQuery(subject="lena horne"))).total > 0
    facts = await _facts(demo_runtime, FactsQuery(subject="lena horne teapot"))
    assert facts.total > 0
    assert 0 < len(facts.matched_words) < 3
    assert sorted(facts.matched_words + facts.dropped_words) == ["horne", "lena", "teapot"]
    kept = await _facts(demo_runtime, FactsQuery(subject=" ".join(facts.matched_words)))
    assert kept.total == facts.total
    # Records hold every word, only not in the asked period: 0, no word dropped.
    later = FactsQuery(subject="lena horne", date_from=1990, date_to=1999)
    none = await _facts(demo_runtime, later)
    assert none.total == 0 and none.matched_words == ["lena", "horne"]


async def test_item_ids_count_exactly_those_records(demo_runtime: Runtime) -> None:
    records = (await _records(demo_runtime))[:7]
    facts = await _facts(demo_runtime, FactsQuery(item_ids=[r["id"] for r in records]))
    assert facts.total == 7


async def test_centuries_are_counted_by_the_calendars_count(demo_runtime: Runtime) -> None:
    """The 19th century is 1801 to 1900: a record whose date range centres on 1800 is of the
    18th, one on 1900 of the 19th (the decades stay the 1800s and the 1900s)."""
    records = [r for r in await _records(demo_runtime) if r.get("media_type") == "print"]
    dated = [r for r in records if r.get("date_start") is not None]
    assert len(dated) >= 10
    facts = await _facts(demo_runtime, FactsQuery(media_types=["print"]))
    middles = [(r["date_start"] + (r["date_end"] or r["date_start"])) // 2 for r in dated]
    centuries = Counter((m - 1) // 100 * 100 for m in middles)
    assert dict(facts.centuries) == dict(centuries)
    assert sum(n for _, n in facts.centuries) == sum(n for _, n in facts.decades)


async def test_a_quoted_phrase_counts_the_phrase_not_either_word(demo_runtime: Runtime) -> None:
    records = await _records(demo_runtime)
    phrase = [r for r in records if re.search(r"\bjazz bands?\b", _text(r))]
    words = [r for r in records if re.search(r"\bjazz\b", _text(r)) and "band" in _text(r)]
    assert 0 < len(phrase) < len(words)
    facts = await _facts(demo_runtime, FactsQuery(subject='"jazz band"'))
    assert facts.total == len(phrase)
    assert not facts.unquoted
    # A phrase no record holds is counted as its words, and says so.
    phrase_absent = await _facts(demo_runtime, FactsQuery(subject='"women\'s clubs"'))
    as_words = await _facts(demo_runtime, FactsQuery(subject="women clubs"))
    assert not any(re.search(r"\bwomen's clubs?\b", _text(r)) for r in records)
    assert phrase_absent.unquoted and phrase_absent.total == as_words.total > 0


async def test_an_activity_counts_its_doers_and_not_the_stemmers_lookalikes(
    demo_runtime: Runtime,
) -> None:
    records = await _records(demo_runtime)
    photos = [r for r in records if r.get("media_type") == "photograph"]
    boxing = [r for r in photos if re.search(r"\b(boxing|boxers?)\b", _text(r))]
    assert any("boxer" in _text(r) and "boxing" not in _text(r) for r in boxing)
    assert any(re.search(r"\bbox\b", _text(r)) and r not in boxing for r in photos)
    facts = await _facts(demo_runtime, FactsQuery(subject="boxing", media_types=["photograph"]))
    assert facts.total == len(boxing)


async def test_a_nationality_counts_its_country_too(demo_runtime: Runtime) -> None:
    records = await _records(demo_runtime)
    prints = [r for r in records if r.get("media_type") == "print"]
    either = [r for r in prints if re.search(r"\bjapan(ese)?\b", _text(r))]
    only = [r for r in prints if re.search(r"\bjapanese\b", _text(r))]
    assert len(either) > len(only)
    facts = await _facts(demo_runtime, FactsQuery(subject="Japanese", media_types=["print"]))
    assert facts.total == len(either)


async def test_relaxing_drops_the_word_that_leaves_records_passing_the_filters(
    demo_runtime: Runtime,
) -> None:
    deco = ["decorative art"]
    # no record holds both words; "tables" is far commoner, but no decorative art says "dogs"
    assert (await _facts(demo_runtime, FactsQuery(subject="tables dogs"))).dropped_words
    assert (await _facts(demo_runtime, FactsQuery(subject="dogs", media_types=deco))).total == 0
    tables = await _facts(demo_runtime, FactsQuery(subject="tables", media_types=deco))
    assert tables.total > 0
    facts = await _facts(demo_runtime, FactsQuery(subject="tables dogs", media_types=deco))
    assert (facts.matched_words, facts.dropped_words) == (["tables"], ["dogs"])
    assert facts.total == tables.total


async def test_a_common_word_goes_when_every_word_is_held_only_outside_the_filters(
    demo_runtime: Runtime,
) -> None:
    fifties = {"date_from": 1950, "date_to": 1959}
    both = await _facts(demo_runtime, FactsQuery(subject="store club"))
    assert both.total > 0 and not both.dropped_words  # the words meet, only not in the 1950s
    alone = await _facts(demo_runtime, FactsQuery(subject="store", **fifties))
    assert alone.total > 0
    facts = await _facts(demo_runtime, FactsQuery(subject="store club", **fifties))
    assert (facts.matched_words, facts.dropped_words) == (["store"], ["club"])
    assert facts.total == alone.total


async def test_words_joined_by_or_count_records_holding_either(demo_runtime: Runtime) -> None:
    jazz = await _facts(demo_runtime, FactsQuery(subject="jazz"))
    boxing = await _facts(demo_runtime, FactsQuery(subject="boxer"))
    either = await _facts(demo_runtime, FactsQuery(subject="jazz or boxer"))
    both = await _facts(demo_runtime, FactsQuery(subject="jazz boxer"))
    assert jazz.total > 0 and boxing.total > 0
    overlap = 0 if both.dropped_words else both.total  # no record holds both: relaxed
    assert either.total == jazz.total + boxing.total - overlap
    # with a word of its own: that word and one of the alternatives
    band = await _facts(demo_runtime, FactsQuery(subject="band jazz or boxer"))
    assert 0 < band.total < either.total
    # an alternative the catalog never uses leaves the other
    assert (await _facts(demo_runtime, FactsQuery(subject="jazz or zzyzx"))).total == jazz.total


def test_alternatives_group_the_words_joined_by_or() -> None:
    assert alternatives(["lace", "or", "tulle", "bride"]) == [["lace", "tulle"], ["bride"]]
    assert alternatives(["a", "or", "b", "or", "c"]) == [["a", "b", "c"]]
    assert alternatives(["or", "a", "or"]) == [["a"]]
    assert alternatives(["a", "b", "a"]) == [["a"], ["b"]]


async def test_a_hyphenated_word_counts_whole_when_its_parts_would_lose_a_stop_word(
    demo_runtime: Runtime,
) -> None:
    """ "t-shirt" is the catalog's term "t-shirt" ("t" is a stop word, and "shirt" alone would
    count every shirt); "pen-in-pocket", which no record writes whole, is "pen" and "pocket";
    "three-piece" is its parts, which records also write without the hyphen."""
    records = await _records(demo_runtime)
    tees = [r for r in records if re.search(r"\bt-shirts?\b", _text(r))]
    assert tees
    counted = await _facts(demo_runtime, FactsQuery(subject="t-shirt"))
    assert counted.total == len(tees)
    assert (await _facts(demo_runtime, FactsQuery(subject="shirt"))).total > len(tees)
    pens = [r for r in records if re.search(r"\bpens?\b", _text(r)) and "pocket" in _text(r)]
    pen_in_pocket = await _facts(demo_runtime, FactsQuery(subject="pen-in-pocket"))
    assert pens and pen_in_pocket.total == len(pens)
    three = await _facts(demo_runtime, FactsQuery(subject="three-piece suit"))
    parts = await _facts(demo_runtime, FactsQuery(subject="three piece suit"))
    assert three.total == parts.total > 0


async def test_a_word_the_catalog_never_uses_is_counted_as_its_near_synonym(
    demo_runtime: Runtime,
) -> None:
    saxophone = await _facts(demo_runtime, FactsQuery(subject="saxophone"))
    sax = await _facts(demo_runtime, FactsQuery(subject="sax"))
    assert saxophone.total >= 3 and not saxophone.replaced_words
    assert sax.total == saxophone.total and sax.replaced_words == {"sax": "saxophone"}
    assert sax.matched_words == ["saxophone"]
    # a three-letter catalog word is no synonym ("gobbler": "tom", as often a name); a word of
    # a large sense is none either ("hugging": "kissing" is one of nine)
    assert (await _facts(demo_runtime, FactsQuery(subject="gobbler"))).total == 0
    assert (await _facts(demo_runtime, FactsQuery(subject="hugging"))).total == 0


async def test_a_word_the_catalog_writes_as_two_is_counted_as_those_two(
    demo_runtime: Runtime,
) -> None:
    """ "handshake": the catalog says "shaking hands"; counted as records holding both parts."""
    parts = await _facts(demo_runtime, FactsQuery(subject="hand shake"))
    whole = await _facts(demo_runtime, FactsQuery(subject="handshake"))
    assert parts.total >= 3 and whole.total == parts.total
    assert whole.replaced_words == {"handshake": "hand shake"}
    # a word with no split into two words the catalog uses still counts nothing
    assert (await _facts(demo_runtime, FactsQuery(subject="qwzxplorkh"))).total == 0


async def test_a_near_synonym_already_asked_is_counted_once(demo_runtime: Runtime) -> None:
    both = await _facts(demo_runtime, FactsQuery(subject="piano saxophone"))
    again = await _facts(demo_runtime, FactsQuery(subject="piano saxophone sax"))
    assert both.total >= 1 and again.total == both.total
    assert again.matched_words == ["piano", "saxophone"]


async def test_a_word_the_catalog_never_uses_is_counted_as_its_everyday_reading_first(
    demo_runtime: Runtime,
) -> None:
    """ "ballplayers" is read as the spelling corrector reads it (config/everyday_words.toml),
    "baseball players", before WordNet is asked."""
    players = await _facts(demo_runtime, FactsQuery(subject="baseball players"))
    ball = await _facts(demo_runtime, FactsQuery(subject="ballplayers"))
    assert players.total >= 3 and ball.total == players.total
    assert ball.replaced_words == {"ballplayers": "baseball players"}
