"""Supabase's roles against the migrations, for real: a database on the embedded server set up
the way Supabase sets one up (its roles `anon`, `authenticated` and `service_role`, their usage
of `public`, and default privileges that grant them everything created there), owned by a role
that is not a superuser (as `postgres` is not on Supabase), then every migration; each role's
reads and writes are checked under `SET ROLE`."""

from __future__ import annotations

from collections.abc import AsyncIterator

import psycopg
import pytest
from pgvector.psycopg import register_vector_async
from psycopg import sql
from tests.conftest import create_database

from discovery.agent.graph import open_checkpointer
from discovery.db.migrate import apply_migrations
from discovery.embeddings.local import LocalMiniLMEmbedder

pytestmark = pytest.mark.integration

OWNER = "discovery_owner"
READERS = ["anon", "authenticated"]
MODEL = "all-MiniLM-L6-v2"
# Created the way Supabase creates them (supabase/postgres, migrations/db/init-scripts).
_ROLES = {
    "anon": "nologin noinherit",
    "authenticated": "nologin noinherit",
    "service_role": "nologin noinherit bypassrls",
    OWNER: "nologin",
}
_SUPABASE_GRANTS = """
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role {owner} in schema public
    grant all on tables to anon, authenticated, service_role;
alter default privileges for role {owner} in schema public
    grant all on functions to anon, authenticated, service_role;
alter default privileges for role {owner} in schema public
    grant all on sequences to anon, authenticated, service_role;
"""


@pytest.fixture(scope="module")
async def supabase_url(pg_uri: str, embedder: LocalMiniLMEmbedder) -> str:
    """A migrated database with two archive records (one withdrawn), a skill, an agent."""
    async with await psycopg.AsyncConnection.connect(pg_uri, autocommit=True) as conn:
        for role, options in _ROLES.items():
            exists = await (
                await conn.execute("select 1 from pg_roles where rolname = %s", (role,))
            ).fetchone()
            if not exists:
                await conn.execute(
                    sql.SQL("create role {} " + options).format(sql.Identifier(role))
                )
    url = create_database(pg_uri, template="template1")
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        row = await (await conn.execute("select current_database()")).fetchone()
        assert row is not None
        await conn.execute(
            sql.SQL("alter database {} owner to {}").format(
                sql.Identifier(row[0]), sql.Identifier(OWNER)
            )
        )
        await conn.execute("create extension if not exists vector")  # Supabase: enabled for us
        await conn.execute(_SUPABASE_GRANTS.format(owner=OWNER))  # type: ignore[arg-type]
        await conn.execute(f"set role {OWNER}")  # type: ignore[arg-type]
        await apply_migrations(conn)
        await register_vector_async(conn)
        await _fill(conn, embedder)
    return url


async def _fill(conn: psycopg.AsyncConnection, embedder: LocalMiniLMEmbedder) -> None:
    texts = {
        "a:jazz": "Jazz band on stage at the Crawford Grill",
        "a:gone": "Jazz quartet in a nightclub, withdrawn record",
        "ag:1": "An agent that adds members to a DAO",
    }
    vectors = embedder.embed_documents(list(texts.values()))
    await conn.execute(
        "insert into embedding_models (model, dim, status) values (%s, 384, 'ready')", (MODEL,)
    )
    for (item_id, text), vector in zip(texts.items(), vectors, strict=True):
        kind = "agent" if item_id.startswith("ag:") else "archive"
        await conn.execute(
            "insert into items (id, kind, name, title, description, content_hash, is_active)"
            " values (%s, %s, %s, %s, %s, 'h', %s)",
            (item_id, kind, item_id, text, text, item_id != "a:gone"),
        )
        await conn.execute(
            "insert into item_embeddings (item_id, model, content_hash, embedding)"
            " values (%s, %s, 'h', %s)",
            (item_id, MODEL, vector),
        )
    await conn.execute(
        "insert into agent_cards (item_id, card_url, card_status, card_error)"
        " values ('ag:1', 'https://example.org/card', 'error', 'secret detail')"
    )
    await conn.execute(
        "insert into item_executions (item_id, success, error) values ('a:jazz', false, 'boom')"
    )
    await conn.execute(
        "insert into skill_embeddings (skill_id, model, source, embedding)"
        " values ('heritage.music', %s, 'description', %s)",
        (MODEL, embedder.embed_query("Musicians, bands, jazz clubs")),
    )
    await conn.execute("update skills set is_active = false where id = 'heritage.sports'")


@pytest.fixture
async def conn(supabase_url: str) -> AsyncIterator[psycopg.AsyncConnection]:
    async with await psycopg.AsyncConnection.connect(supabase_url) as conn:
        await register_vector_async(conn)
        yield conn
        await conn.rollback()


async def _as(conn: psycopg.AsyncConnection, role: str, query: str, *args: object) -> list:
    await conn.execute(sql.SQL("set local role {}").format(sql.Identifier(role)))
    cur = await conn.execute(query, args or None)  # type: ignore[arg-type]
    return await cur.fetchall() if cur.description else []


async def _denied(conn: psycopg.AsyncConnection, role: str, query: str, *args: object) -> None:
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        await _as(conn, role, query, *args)
    await conn.rollback()


@pytest.mark.parametrize("role", READERS)
async def test_read_published_rows_as_reader_only_active(
    conn: psycopg.AsyncConnection, role: str
) -> None:
    items = await _as(conn, role, "select id from items order by id")
    skills = await _as(conn, role, "select id from skills")
    vectors = await _as(conn, role, "select item_id from item_embeddings order by item_id")
    assert [r[0] for r in items] == ["a:jazz", "ag:1"]
    assert [r[0] for r in vectors] == ["a:jazz", "ag:1"]
    assert "heritage.music" in {r[0] for r in skills}
    assert "heritage.sports" not in {r[0] for r in skills}


@pytest.mark.parametrize("role", READERS)
async def test_call_search_functions_as_reader_see_active_items(
    conn: psycopg.AsyncConnection, embedder: LocalMiniLMEmbedder, role: str
) -> None:
    query = embedder.embed_query("jazz musicians")
    archives = await _as(conn, role, "select id from match_archives(%s, 0, 10)", query)
    everything = await _as(
        conn, role, "select id from match_items(%s, 0, 10, active_only => false)", query
    )
    hybrid = await _as(
        conn, role, "select id from match_items_hybrid(%s, 'jazz', active_only => false)", query
    )
    bm25 = await _as(conn, role, "select id from match_items_bm25('jazz', active_only => false)")
    fused = await _as(
        conn, role,
        "select id from match_items_fuse(%s, array['a:jazz'], array[1.0::float8], 10, 0,"
        " active_only => false)", query,
    )  # fmt: skip
    dense = await _as(
        conn, role, "select id from match_items_dense(%s, 0, 10, active_only => false)", query
    )
    legs = await _as(
        conn, role,
        "select id from match_items_fuse_legs(%s, array['a:jazz', 'a:gone'], array[0.9, 0.8],"
        " array['a:jazz'], array[1.0::float8])", query,
    )  # fmt: skip
    skills = await _as(conn, role, "select id from match_skills(%s, 0, 10)", query)
    agents = await _as(conn, role, "select id, card_url from match_agents(%s)", query)
    text = await _as(conn, role, "select id from match_items_fulltext('jazz')")
    assert [r[0] for r in archives] == ["a:jazz"]
    assert "a:gone" not in {r[0] for r in everything + hybrid + bm25 + fused + dense + legs}
    assert [r[0] for r in legs] == ["a:jazz"]
    assert {r[0] for r in fused} >= {"a:jazz"}
    assert {r[0] for r in hybrid} >= {"a:jazz"}
    assert [r[0] for r in bm25] == ["a:jazz"]
    assert [r[0] for r in skills] == ["heritage.music"]
    assert agents == [("ag:1", "https://example.org/card")]
    assert [r[0] for r in text] == ["a:jazz"]


@pytest.mark.parametrize("role", READERS)
async def test_request_words_as_reader_used_not_written(
    conn: psycopg.AsyncConnection, role: str
) -> None:
    """The BM25 leg's request words (migration 20261129000500): an rpc client may strip them
    from its query, and may not change them."""
    rows = await _as(conn, role, "select bm25_request_text('show me jazz works', array['archive'])")
    assert rows == [("me jazz",)]
    await _denied(conn, role, "insert into bm25_request_words values ('archive', 'jazz')")


@pytest.mark.parametrize("role", READERS)
@pytest.mark.parametrize(
    "statement",
    [
        "insert into items (id, kind, name, content_hash) values ('x', 'tool', 'x', 'h')",
        "update items set title = 'defaced'",
        "delete from items",
        "delete from skills",
        "insert into skills (id, name, description) values ('x', 'x', 'x')",
        "update item_embeddings set is_active = true",
        "insert into embedding_models (model, dim, status) values ('m', 3, 'ready')",
        "truncate items cascade",
    ],
)
async def test_write_catalog_as_reader_denied(
    conn: psycopg.AsyncConnection, role: str, statement: str
) -> None:
    await _denied(conn, role, statement)


@pytest.mark.parametrize("role", READERS)
@pytest.mark.parametrize(
    "query",
    [
        "select * from item_executions",
        "select * from item_stats",
        "select * from tool_contexts",
        "select * from agent_documents",
        "select card_error from agent_cards",
        "select * from skill_suggestions",
        "select * from schema_migrations",
        "select * from deferred_indexes",
        "select * from bm25_fields",
        "select refresh_skill_centroids('all-MiniLM-L6-v2')",
        "select bm25_refresh()",
        "select recompute_item_stats()",
        "select secure_public_schema()",
        "select * from related_tools(array['a:jazz'])",
        "select nextval('item_executions_id_seq')",
    ],
)
async def test_read_internals_as_reader_denied(
    conn: psycopg.AsyncConnection, role: str, query: str
) -> None:
    await _denied(conn, role, query)


async def test_write_catalog_as_service_role(
    conn: psycopg.AsyncConnection, embedder: LocalMiniLMEmbedder
) -> None:
    role = "service_role"
    await _as(
        conn,
        role,
        "insert into items (id, kind, name, title, content_hash) values"
        " ('t:new', 'tool', 'new', 'convert a document to PDF', 'h')",
    )
    await _as(
        conn,
        role,
        "insert into item_embeddings (item_id, model, content_hash, embedding)"
        " values ('t:new', %s, 'h', %s)",
        MODEL,
        embedder.embed_query("convert a document to PDF"),
    )
    await _as(conn, role, "insert into item_executions (item_id, success) values ('t:new', true)")
    await _as(conn, role, "update items set is_active = false where id = 'a:jazz'")
    await _as(conn, role, "select refresh_skill_centroids(%s)", MODEL)
    await _as(conn, role, "delete from skills where id = 'heritage.sports'")
    bm25 = await _as(conn, role, "select id from match_items_bm25('pdf', filter_kinds => '{tool}')")
    gone = await _as(conn, role, "select id from items where not is_active order by id")
    assert [r[0] for r in bm25] == ["t:new"]
    assert [r[0] for r in gone] == ["a:gone", "a:jazz"]


async def test_read_and_write_as_owner_unrestricted(conn: psycopg.AsyncConnection) -> None:
    await _as(conn, OWNER, "update items set title = 'renamed' where id = 'a:gone'")
    rows = await _as(conn, OWNER, "select id from items order by id")
    errors = await _as(conn, OWNER, "select card_error from agent_cards")
    assert [r[0] for r in rows] == ["a:gone", "a:jazz", "ag:1"]
    assert errors == [("secret detail",)]


async def test_enable_row_security_on_every_public_table_checkpoints_included(
    supabase_url: str, conn: psycopg.AsyncConnection
) -> None:
    as_owner = f"{supabase_url}{'&' if '?' in supabase_url else '?'}options=-crole%3D{OWNER}"
    async with open_checkpointer(as_owner):  # LangGraph creates its tables after the migrations
        pass
    open_tables = await _as(
        conn,
        OWNER,
        "select relname from pg_class where relnamespace = 'public'::regnamespace"
        " and relkind in ('r', 'p') and not relrowsecurity",
    )
    tables = await _as(
        conn,
        OWNER,
        "select relname from pg_class where relnamespace = 'public'::regnamespace"
        " and relkind = 'r'",
    )
    await conn.rollback()
    assert open_tables == []
    assert {"checkpoints", "items", "schema_migrations"} <= {r[0] for r in tables}
    for role in READERS:
        await _denied(conn, role, "select * from checkpoints")
        await _denied(conn, role, "select * from checkpoint_writes")


async def test_pin_search_path_of_every_function(conn: psycopg.AsyncConnection) -> None:
    rows = await _as(
        conn,
        OWNER,
        "select p.proname, p.prosecdef, coalesce(array_to_string(p.proconfig, ','), '')"
        " from pg_proc p join pg_language l on l.oid = p.prolang"
        " where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'"
        " and not (l.lanname = 'sql' and p.provolatile = 'i')"
        " and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass"
        " and d.objid = p.oid and d.deptype = 'e')",
    )
    assert len(rows) > 20
    for name, definer, config in rows:
        assert not definer, name
        assert "search_path=pg_catalog, public, extensions, pg_temp" in config, name


async def test_secure_public_schema_again_writes_nothing(conn: psycopg.AsyncConnection) -> None:
    catalog = (
        "select p.oid, p.xmin::text from pg_proc p where p.pronamespace = 'public'::regnamespace"
        " union all select c.oid, c.xmin::text from pg_class c"
        " where c.relnamespace = 'public'::regnamespace order by 1"
    )
    before = await _as(conn, OWNER, catalog)
    secured = await _as(conn, OWNER, "select secure_public_schema()")
    after = await _as(conn, OWNER, catalog)
    assert secured == [(0,)]
    assert after == before
