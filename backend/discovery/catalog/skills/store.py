"""Skills as human-managed data: the seed file, and create/read/update/delete in the database.

Every change that can move a skill's vector refreshes it: deleting a skill removes it from its
items (their primary moves to the next most confident skill); a skill whose description changes
and that has no member gets the new description's vector.
"""

from __future__ import annotations

import tomllib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

import psycopg
from psycopg.rows import dict_row
from pydantic import ConfigDict, Field

from discovery.catalog.skills.tool_classifier import TOOLS_DOMAIN
from discovery.catalog.skills.vectors import ensure_description_vectors, refresh_centroids
from discovery.embeddings import Embedder
from discovery.text import RequestModel

SKILL_ID = r"^[a-z0-9][a-z0-9_.\-]{0,79}$"
Phrase = Annotated[str, Field(max_length=500)]
"""A keyword or an example sentence of a skill."""
_SKILL_WRITE_LOCK = 727_019  # pg_advisory_xact_lock key: skill writes one at a time
_COLUMNS = (
    "id, name, description, parent_domain, keywords, examples, is_active, tool_count,"
    " created_at, updated_at"
)


class SkillIn(RequestModel):
    """A skill as a person writes it (seed file, CLI, POST body)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=SKILL_ID, max_length=80, description="Stable id, e.g. tools.weather.")
    name: str = Field(min_length=1, max_length=200)
    description: str = Field(min_length=1, max_length=2000)
    parent_domain: str = Field(default=TOOLS_DOMAIN, min_length=1, max_length=100)
    keywords: list[Phrase] = Field(default_factory=list, max_length=100)
    examples: list[Phrase] = Field(default_factory=list, max_length=50)
    is_active: bool = True


class SkillPatch(RequestModel):
    """The fields to change; the others stay as they are."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, min_length=1, max_length=200)
    description: str | None = Field(default=None, min_length=1, max_length=2000)
    parent_domain: str | None = Field(default=None, min_length=1, max_length=100)
    keywords: list[Phrase] | None = Field(default=None, max_length=100)
    examples: list[Phrase] | None = Field(default=None, max_length=50)
    is_active: bool | None = None


class SkillOut(SkillIn):
    tool_count: int
    vector_source: str | None = Field(
        default=None, description="centroid (of its tools) or description (no tools yet)."
    )


class SkillExists(ValueError):
    pass


def load_seed(path: Path) -> list[SkillIn]:
    """The `[[skill]]` tables of a TOML seed file, validated (a bad entry names its index)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for index, entry in enumerate(data.get("skill", []), start=1):
        try:
            out.append(SkillIn(**entry))
        except ValueError as exc:
            raise ValueError(f"{path}: skill {index}: {exc}") from None
    return out


async def seed_skills(
    conn: psycopg.AsyncConnection, embedder: Embedder, skills: list[SkillIn]
) -> int:
    """Insert the skills that are missing; an existing skill (maybe edited) is left alone."""
    added = 0
    for skill in skills:
        cur = await conn.execute(
            "insert into skills (id, name, description, parent_domain, keywords, examples,"
            " is_active) values (%s, %s, %s, %s, %s, %s, %s) on conflict (id) do nothing",
            _values(skill),
        )
        added += cur.rowcount
    if added:
        await refresh_skill_vectors(conn, embedder)
    return added


async def list_skills(
    conn: psycopg.AsyncConnection, domain: str | None = None, active: bool | None = None
) -> list[SkillOut]:
    sql = (
        f"select {_COLUMNS}, (select source from skill_embeddings e where e.skill_id = s.id"
        " order by e.model limit 1) as vector_source from skills s"
        " where (%(d)s::text is null or parent_domain = %(d)s)"
        " and (%(a)s::boolean is null or is_active = %(a)s) order by id"
    )
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(sql, {"d": domain, "a": active})
        return [_out(r) for r in await cur.fetchall()]


async def get_skill(conn: psycopg.AsyncConnection, skill_id: str) -> SkillOut | None:
    found = [s for s in await list_skills(conn) if s.id == skill_id]
    return found[0] if found else None


async def create_skill(
    conn: psycopg.AsyncConnection, embedder: Embedder, skill: SkillIn
) -> SkillOut:
    """The row and its vector in one transaction: a failed embedding leaves no skill behind."""
    try:
        async with _skill_write(conn):
            await conn.execute(
                "insert into skills (id, name, description, parent_domain, keywords, examples,"
                " is_active) values (%s, %s, %s, %s, %s, %s, %s)",
                _values(skill),
            )
            await refresh_skill_vectors(conn, embedder)
            return await _must_get(conn, skill.id)
    except psycopg.errors.UniqueViolation:
        raise SkillExists(f"a skill with id {skill.id!r} already exists") from None


async def update_skill(
    conn: psycopg.AsyncConnection, embedder: Embedder, skill_id: str, patch: SkillPatch
) -> SkillOut | None:
    """Change the given fields (PUT sends them all); None when there is no such skill (or it
    was deleted meanwhile)."""
    changes = patch.model_dump(exclude_none=True)
    async with _skill_write(conn):
        found = await conn.execute("select 1 from skills where id = %s for update", (skill_id,))
        if await found.fetchone() is None:
            return None
        if changes:
            sets = ", ".join(f"{k} = %({k})s" for k in changes)
            await conn.execute(
                f"update skills set {sets}, updated_at = now() where id = %(id)s",
                changes | {"id": skill_id},
            )
        if {"name", "description"} & changes.keys():  # the description vector is out of date
            await conn.execute(
                "delete from skill_embeddings where skill_id = %s and source = 'description'",
                (skill_id,),
            )
        await refresh_skill_vectors(conn, embedder)
        return await _must_get(conn, skill_id)


async def delete_skill(conn: psycopg.AsyncConnection, embedder: Embedder, skill_id: str) -> bool:
    """Delete a skill; its items lose it, and their primary moves to their next best skill."""
    async with _skill_write(conn):
        cur = await conn.execute("delete from skills where id = %s", (skill_id,))
        if not cur.rowcount:
            return False
        await conn.execute(
            "update items i set skill_ids = array_remove(i.skill_ids, %(s)s),"
            " primary_skill_id = case when i.primary_skill_id = %(s)s then (select x.skill_id"
            "   from item_skills x where x.item_id = i.id order by x.confidence desc,"
            "   x.skill_id limit 1) else i.primary_skill_id end, updated_at = now()"
            " where %(s)s = any(i.skill_ids)",
            {"s": skill_id},
        )
        await conn.execute(
            "update item_skills x set is_primary = true from items i"
            " where i.id = x.item_id and x.skill_id = i.primary_skill_id and not x.is_primary"
        )
        await refresh_skill_vectors(conn, embedder)
    return True


async def refresh_skill_vectors(conn: psycopg.AsyncConnection, embedder: Embedder) -> None:
    """Counts and centroids current; skills without members get their description's vector."""
    row = await (
        await conn.execute("select 1 from embedding_models where model = %s", (embedder.model_id,))
    ).fetchone()
    if row is None:  # an empty catalog: vectors come with the first ingest
        return
    await refresh_centroids(conn, embedder.model_id)
    await ensure_description_vectors(conn, embedder)


@asynccontextmanager
async def _skill_write(conn: psycopg.AsyncConnection) -> AsyncIterator[None]:
    """One transaction per change of a skill, one change at a time: concurrent writes (a PATCH
    racing a DELETE) see each other's result instead of half of it, and the catalog-wide
    refresh of counts and centroids they end with cannot deadlock another."""
    async with conn.transaction():
        await conn.execute("select pg_advisory_xact_lock(%s)", (_SKILL_WRITE_LOCK,))
        yield


async def _must_get(conn: psycopg.AsyncConnection, skill_id: str) -> SkillOut:
    skill = await get_skill(conn, skill_id)
    if skill is None:  # only inside _skill_write, which holds the row
        raise LookupError(f"skill {skill_id!r} vanished while it was written")
    return skill


def _values(skill: SkillIn) -> tuple[Any, ...]:
    return (
        skill.id,
        skill.name,
        skill.description,
        skill.parent_domain,
        skill.keywords,
        skill.examples,
        skill.is_active,
    )


def _out(row: dict[str, Any]) -> SkillOut:
    return SkillOut(
        id=row["id"],
        name=row["name"],
        description=row["description"],
        parent_domain=row["parent_domain"] or TOOLS_DOMAIN,
        keywords=list(row["keywords"]),
        examples=list(row["examples"]),
        is_active=row["is_active"],
        tool_count=row["tool_count"],
        vector_source=row["vector_source"],
    )
