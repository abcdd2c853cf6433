"""The BM25 leg in one pass (supabase/migrations/20261130000200_bm25_one_pass.sql) answers
exactly as the SQL it replaces: `match_items_bm25` of 20261124000003_bm25_text_leg.sql, copied
here from that migration into a scratch schema. On a copy of the demo archive with a second copy
of some records (same text, other ids: exact ties at every depth), some tools (another kind) and
some inactive records, over requests, filters, depths and candidate budgets that take every path
(rare terms, every term, quoted phrases and exclusions)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from tests.conftest import create_database

from discovery.settings import REPO_ROOT

pytestmark = pytest.mark.integration

BEFORE = REPO_ROOT / "supabase" / "migrations" / "20261124000003_bm25_text_leg.sql"
COLUMNS = "kind, name, title, description, summary, metadata, skill_ids, is_active, content_hash"
QUERIES = [
    "jazz",
    "street scene",
    "portrait of a woman",
    "Crawford Grill jazz musicians",
    "church choir singing in the street",
    "photograph of men and women",
    '"Hill District" street',
    "portrait -church",
    "convert pdf files",
    "zzzz qqqq",
]
FILTERS: list[dict[str, Any]] = [
    {},
    {"filter_kinds": ["archive"]},
    {"filter_kinds": ["tool", "archive"], "active_only": False},
    {"filter_media_types": ["photograph"], "date_from": 1950},
    {"date_to": 1960},
]


def _before_function() -> str:
    """`match_items_bm25` as 20261124000003 created it, in the schema `before_change`."""
    body = re.search(
        r"create or replace function match_items_bm25\(.*?\nend \$\$;", BEFORE.read_text(), re.S
    )
    assert body, BEFORE.name
    return body.group(0).replace(
        "function match_items_bm25(", "function before_change.match_items_bm25(", 1
    )


@pytest.fixture(scope="module")
def conn(demo_db_url: str, pg_uri: str) -> Iterator[psycopg.Connection]:
    url = create_database(pg_uri, template=demo_db_url.partition("?")[0].rsplit("/", 1)[1])
    with psycopg.connect(url, autocommit=True) as conn:
        tied = "title ~* '(jazz|street|portrait|church)'"
        conn.execute(
            f"insert into items (id, {COLUMNS}) select id || '-copy', {COLUMNS} from items"
            f" where {tied}"
        )
        conn.execute(
            "update items set is_active = false where id in"
            " (select id from items where title ~* '(street|woman)' order by id limit 15)"
        )
        for n in range(6):
            conn.execute(
                f"insert into items (id, {COLUMNS}) values (%s, 'tool', %s, %s, %s, '', '{{}}',"
                " '{}', true, 'h')",
                (f"tool-{n}", f"tool-{n}", f"Convert PDF files {n}", "Converts street maps"),
            )
        conn.execute("create schema before_change")
        conn.execute(_before_function())
        yield conn


def _ranked(conn: psycopg.Connection, schema: str, query: str, **args: Any) -> list[tuple]:
    named = ", ".join(f"{k} => %({k})s" for k in args)
    sql = f"select id, bm25, text_rank from {schema}.match_items_bm25(%(q)s, {named})"
    return conn.execute(sql, {"q": query} | args).fetchall()


@pytest.mark.parametrize("budget", [5000, 200, 40, 3])
def test_one_pass_answers_as_before_hit_for_hit_ties_included(
    conn: psycopg.Connection, budget: int
) -> None:
    compared, tied = 0, 0
    for query in QUERIES:
        for filters in FILTERS:
            for depth in (1, 10, 100):
                args = filters | {"match_count": depth, "candidate_budget": budget}
                before = _ranked(conn, "before_change", query, **args)
                assert _ranked(conn, "public", query, **args) == before, (query, args)
                compared += bool(before)
                tied += len({s for _, s, _ in before}) < len(before)
    assert compared > 50 and tied > 0  # the cases found hits, and hits with equal scores
