"""Facts about the archive records matching a query: how many there are, who made them, and
when (by decade and century). What the agent answers "how many ...", "who took these?" and
"what decades ...?" from, computed from the catalog's metadata rather than guessed. The query
and its answer are `facts_models.FactsQuery` and `facts_models.ArchiveFacts`.

**Matching** (docs/agent.md): an active archive record matches when its text holds every word
of the subject, as the BM25 text leg indexes it (`item_bm25`: title, creator, medium, media
type, date, place, tags and the source's own description, English stemming, stop words
dropped; each word in any of its forms, `word_forms.forms`: singular or plural, an activity's
doers, a nationality's country; accents ignored for a word the catalog only spells with them;
an activity in -ing spelled out in the text, since the stemmer makes "boxing" "box"), and it
passes the filters exactly as a search applies them (media type equal, its period
`[date_lo, date_hi]` overlapping the asked years). A "quoted phrase" of the subject must occur
as written, as in a search's query syntax (`search_text @@ websearch_to_tsquery`); words joined
by "or" ("lace or tulle") are alternatives: a record holds one of them (`alternatives`); when no
record holds it even without the filters, its words are counted instead (`unquoted`). An empty
subject matches every record that passes the filters; a subject word the catalog never uses
is counted as the catalog's own word for it when the everyday words' list ("ballplayers":
"baseball players") or WordNet (a near synonym, "sax": "saxophone") offers one, or when the
catalog writes it as two words it uses ("handshake": "hand shake", `compound_parts`)
(`replaced_words`), else it matches nothing. When no record holds every word
(filters aside), a word outside a phrase is dropped (the commonest whose dropping leaves records
passing the filters, else the commonest),
until some record matches or one word is left; when records hold every word but none passes the
filters, only a common word may go, once (`matched_words`: the words required, `dropped_words`:
those let go). Item ids count exactly those records. This agreed with hand counts better than
"records above the agent's similarity threshold" (`scripts/eval_catalog_questions.py`).

A record is placed in time by the middle of its date range (`(date_lo + date_hi) / 2`), the
way the evaluation places it; records without a date are counted as undated. Its decade is that
year's ("the 1900s" holds 1900 to 1909), its century the one that year falls in by the
calendar's count (the 19th century is 1801 to 1900: a print dated 1800 is of the 18th).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import psycopg
from psycopg import sql

from discovery.search import everyday_words, word_forms
from discovery.search.facts_models import ArchiveFacts, FactsQuery
from discovery.search.facts_terms import WORD_RE, compound_parts, subject_terms, swap_words
from discovery.search.synonyms import catalog_synonyms

COMMON_SHARE = 0.01  # a subject word this share of the archive's records use is a common one
# A subject word the catalog never uses, this long or longer, may be counted as a longer word
# of a WordNet sense of at most SYNONYM_SENSE_SIZE words ("sax": "saxophone"; not "gobbler":
# "tom", a three-letter catalog word as often a name)
SYNONYM_MIN_LENGTH = 3
SYNONYM_SENSE_SIZE = 4


async def archive_facts(
    conn: psycopg.AsyncConnection, query: FactsQuery, top: int = 5
) -> ArchiveFacts:
    """The facts of the active archive records matching `query` (the subject's term ids, then
    one aggregate; a few more only when relaxing). A "quoted phrase" no record holds, with or
    without the filters, is counted as its words instead (`unquoted`)."""
    facts = await _matching(conn, query, top)
    if facts.total or not phrases(query.subject):
        return facts
    if (await _matching(conn, FactsQuery(subject=query.subject), 1)).total:
        return facts  # the phrase is there, only not with the filters
    words = replace(query, subject=query.subject.replace('"', " ").strip())
    return replace(await _matching(conn, words, top), unquoted=True)


async def _matching(
    conn: psycopg.AsyncConnection, query: FactsQuery, top: int, swapped: bool = False
) -> ArchiveFacts:
    words = await subject_terms(conn, query.subject)
    if any(not ids for _, ids, _ in words):  # a word the catalog never uses: no record has it
        return ArchiveFacts(total=0) if swapped else await _as_synonyms(conn, query, words, top)
    unfiltered = FactsQuery(subject=query.subject)
    dropped: list[str] = []
    kept = {w.lower() for p in phrases(query.subject) for w in WORD_RE.findall(p)}
    while True:
        facts = await _facts(conn, query, words, top)
        loose = [w for w in words if w[0] not in kept]  # a phrase is never relaxed
        done = facts.total > 0 or len(words) < 2 or not loose
        if not done and query != unfiltered:  # records holding every word, not with the filters
            done = (await _facts(conn, unfiltered, words, 1)).total > 0
            if done and (eased := await _without_a_word(conn, query, words, loose, top, True)):
                return replace(eased[0], matched_words=eased[1], dropped_words=[*dropped, eased[2]])
        if done:
            return replace(facts, matched_words=[w for w, _, _ in words], dropped_words=dropped)
        # relax ("landscapes sea" paintings: "sea" alone holds none, "landscapes" some)
        if eased := await _without_a_word(conn, query, words, loose, top, False):
            return replace(eased[0], matched_words=eased[1], dropped_words=[*dropped, eased[2]])
        commonest = max(loose, key=lambda w: w[2])
        words.remove(commonest)
        dropped.append(commonest[0])


async def _without_a_word(
    conn: psycopg.AsyncConnection,
    query: FactsQuery,
    words: list[tuple[str, list[int], int]],
    loose: list[tuple[str, list[int], int]],
    top: int,
    common: bool,
) -> tuple[ArchiveFacts, list[str], str] | None:
    """The facts without one `loose` word (the commonest first) that leaves records passing the
    filters, the words kept, the one dropped. `common` (every word held, not with the filters:
    "loendi club members" in the 1940s): only a word of `COMMON_SHARE` of records ("members")."""
    size = (await (await conn.execute(_ARCHIVE_SIZE_SQL)).fetchone() or (0,))[0] if common else 0
    for word in sorted((w for w in loose if w[2] >= COMMON_SHARE * size), key=lambda w: -w[2]):
        rest = [w for w in words if w is not word]
        facts = await _facts(conn, query, rest, top)
        if facts.total:
            return facts, [w for w, _, _ in rest], word[0]
    return None


async def _as_synonyms(
    conn: psycopg.AsyncConnection,
    query: FactsQuery,
    words: list[tuple[str, list[int], int]],
    top: int,
) -> ArchiveFacts:
    """The facts with each subject word the catalog never uses read as the catalog's own word
    for it, as the spelling corrector reads it: from the everyday words' list ("ballplayers":
    "baseball players"; `everyday_words`), else a near WordNet synonym ("sax": "saxophone";
    `SYNONYM_SENSE_SIZE`), else its two parts the catalog uses ("handshake": "hand shake"), when
    every such word has one; else none (no record holds the word)."""
    missing = [w for w, ids, _ in words if not ids and " or " not in w]
    said = WORD_RE.findall(query.subject.lower())
    swaps = await everyday_words.catalog_words(conn, missing, "archive", said=said)
    rest = [w for w in missing if w not in swaps]
    near = await catalog_synonyms(conn, rest, "archive", min_length=SYNONYM_MIN_LENGTH,
                                  sense_size=SYNONYM_SENSE_SIZE)  # fmt: skip
    swaps |= {w: m for w, m in near.items() if len(m) > SYNONYM_MIN_LENGTH}  # "tom": a name
    swaps |= await compound_parts(conn, [w for w in missing if w not in swaps and w.isalpha()])
    if not missing or len(swaps) < len(missing):
        return ArchiveFacts(total=0)
    subject = swap_words(query.subject, swaps)
    facts = await _matching(conn, replace(query, subject=subject), top, swapped=True)
    return replace(facts, replaced_words=swaps)


def phrases(subject: str) -> list[str]:
    """The "quoted phrases" of a subject: each must occur as written (as in a search's query)."""
    return [p.strip() for p in re.findall(r'"([^"]+)"', subject) if WORD_RE.search(p)]


async def _facts(
    conn: psycopg.AsyncConnection,
    query: FactsQuery,
    words: list[tuple[str, list[int], int]],
    top: int,
) -> ArchiveFacts:
    """One aggregate over the records holding a term of every word (spelled out where the
    stemmer confuses it: `word_forms.surface_forms`) and passing the filters."""
    where = [sql.SQL("b.kind = 'archive' and b.is_active")]
    params: dict[str, Any] = {"top": top}
    for i, (word, ids, _) in enumerate(words):
        where.append(sql.SQL(f"b.term_ids && %(terms{i})s::int[]"))
        params[f"terms{i}"] = ids
        if " or " not in word and (spelled := word_forms.surface_forms(word)):
            where.append(sql.SQL(_SPELLED_SQL.replace("%(spelled)s", f"%(spelled{i})s")))
            params[f"spelled{i}"] = r"\m(" + "|".join(map(re.escape, spelled)) + r")\M"
    if said := " ".join(f'"{p}"' for p in phrases(query.subject)):
        where.append(sql.SQL(_PHRASES_SQL))
        params["phrases"] = said
    for value, name, condition in (
        (query.media_types, "types", "b.media_type = any(%(types)s::text[])"),
        (query.date_from, "date_from", "b.date_hi >= %(date_from)s"),
        (query.date_to, "date_to", "b.date_lo <= %(date_to)s"),
        (query.item_ids, "ids", "b.item_id = any(%(ids)s::text[])"),
    ):
        if value is not None:
            where.append(sql.SQL(condition))
            params[name] = value
    statement = sql.SQL(_FACTS_SQL).format(where=sql.SQL(" and ").join(where))
    row = await (await conn.execute(statement, params)).fetchone()
    if row is None or not row[0]:
        return ArchiveFacts(total=0)
    total, creators, decades, earliest, latest, undated, centuries = row
    return ArchiveFacts(
        total=int(total),
        creators=[(str(c), int(n)) for c, n in creators],
        decades=[(int(d), int(n)) for d, n in decades],
        century_counts=[(int(c), int(n)) for c, n in centuries],
        earliest=earliest,
        latest=latest,
        undated=int(undated),
    )


_ARCHIVE_SIZE_SQL = "select count(*) from item_bm25 where kind = 'archive' and is_active"
_PHRASES_SQL = """exists (select 1 from items i where i.id = b.item_id
    and i.search_text @@ websearch_to_tsquery('english', %(phrases)s))"""
_SPELLED_SQL = """exists (select 1 from items i where i.id = b.item_id
    and concat_ws(' ', i.title, i.description, i.metadata ->> 'creator') ~* %(spelled)s)"""
_FACTS_SQL = """
with m as materialized (
    select b.item_id, b.date_lo, coalesce(b.date_hi, b.date_lo) as date_hi
    from item_bm25 b where {where}
), c as (
    select trim(part) as name, count(*) as n
    from m join items i on i.id = m.item_id
    cross join lateral unnest(string_to_array(i.metadata ->> 'creator', ';')) part
    where trim(part) <> ''
    group by 1 order by 2 desc, 1 limit %(top)s
), d as (
    select (floor((date_lo + date_hi) / 2.0 / 10) * 10)::int as decade, count(*) as n
    from m where date_lo is not null group by 1
), y as (
    select (floor((floor((date_lo + date_hi) / 2.0) - 1) / 100.0) * 100)::int as century,
           count(*) as n
    from m where date_lo is not null group by 1
)
select (select count(*) from m),
       (select coalesce(jsonb_agg(jsonb_build_array(name, n) order by n desc, name), '[]')
        from c),
       (select coalesce(jsonb_agg(jsonb_build_array(decade, n) order by decade), '[]') from d),
       (select min(date_lo) from m),
       (select max(date_hi) from m),
       (select count(*) from m where date_lo is null),
       (select coalesce(jsonb_agg(jsonb_build_array(century, n) order by century), '[]') from y)
"""
