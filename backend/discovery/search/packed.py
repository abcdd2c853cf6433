"""A leg's ranking kept as PostgreSQL wrote it (issues 15 and 21): the ids and the scores, best
first, as the text of two arrays (`'{a,b,c}'`, `'{0.9,0.8,0.7}'`), handed back to the fusion
untouched (`::text[]`, `::float8[]`). The legs run before the fusion, in their own statements,
so their rankings cross the wire twice; as Python lists, psycopg built them on the way in and
dumped them element by element on the way out (an archive hybrid search's own CPU at 87k
records, p50: 2.25 ms with lists, 1.47 ms as text; `scripts/bench_packed_rankings.py`). A
float8 array's text is exact (with PostgreSQL's default `extra_float_digits` of 1, since
version 12, it is the shortest form that reads back to the same number), so the fusion ranks
exactly as with the lists; the tests compare them to the bit and hit for hit.

The lists (`queries.match_items_bm25`, `queries.match_items_dense`) stay for the scripts and the
tests that read a leg's ranking; the fusion takes either (`ranking_args`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import psycopg


@dataclass(frozen=True)
class PackedRanking:
    ids: str  # a text[] literal, best first
    scores: str  # a float8[] literal, in the same order
    top: str | None  # the best id (None: the ranking is empty)


Ranking = PackedRanking | list[tuple[str, float]]

# `inner` ranks `(id, score)` rows best first; `with ordinality` keeps that order.
_PACK = (
    "select coalesce(array_agg(r.id order by r.n), '{{}}')::text,"
    " coalesce(array_agg(r.score order by r.n), '{{}}')::text,"
    " (array_agg(r.id order by r.n))[1]"
    " from {inner} with ordinality as r(id, score, n)"
)


def pack_sql(call: str) -> str:
    """The statement that returns the ranking of `call` (an SQL function call returning
    `(id, score)` rows, best first) as one row: ids, scores, best id."""
    return _PACK.format(inner=call)


async def fetch_packed(
    conn: psycopg.AsyncConnection, call: str, args: dict[str, Any]
) -> PackedRanking:
    row = await (await conn.execute(pack_sql(call), args)).fetchone()
    assert row is not None  # an aggregate always returns its row
    return PackedRanking(ids=row[0], scores=row[1], top=row[2])


def ranking_args(ids: str, scores: str, ranking: Ranking) -> dict[str, Any]:
    """`ranking` as the two arguments `ids` and `scores` of a fusion call written with
    `%(ids)s::text[]` and `%(scores)s::float8[]`."""
    if isinstance(ranking, PackedRanking):
        return {ids: ranking.ids, scores: ranking.scores}
    return {ids: [i for i, _ in ranking], scores: [s for _, s in ranking]}


def top_id(ranking: Ranking) -> str | None:
    if isinstance(ranking, PackedRanking):
        return ranking.top
    return ranking[0][0] if ranking else None


async def unpack(conn: psycopg.AsyncConnection, ranking: PackedRanking) -> list[tuple[str, float]]:
    """The ranking as (id, score) pairs, read back by PostgreSQL (for tests and scripts)."""
    rows = await (
        await conn.execute(
            "select i, s from unnest(%s::text[], %s::float8[]) as u(i, s)",
            (ranking.ids, ranking.scores),
        )
    ).fetchall()
    return [(str(i), float(s)) for i, s in rows]
