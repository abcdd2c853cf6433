"""Intent-based search of A2A agents (items of kind `agent`): one service for REST, GraphQL, the
CLI and the MCP server.

A request is resolved into required skills and a query text (`agent_models.resolve`), the text
is embedded once, and the SQL function `match_agents` ranks the agents that pass the skill filter
(inside the query, on the vectors' own rows) and the threshold, counting all of them (`total`,
`by_chain`). A post-filter re-checks the skills only as a guard; each match says which skills it
holds and lacks, its coverage, and which words of the query its text shares.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import snowballstemmer
from psycopg.rows import dict_row

from discovery.db import Database
from discovery.embeddings import Embedder
from discovery.embeddings.base import Vector
from discovery.intents import IntentRegistry
from discovery.search.agent_models import (
    AgentMatch,
    AgentOut,
    AgentQuery,
    AgentSearchRequest,
    AgentSearchResult,
    resolve,
)
from discovery.settings import Settings
from discovery.settings_sections import A2AQueryVector

log = logging.getLogger(__name__)

_STEM = snowballstemmer.stemmer("english")
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    "a an and as at be by for from in into is it its of on or our the this that to with "
    "my we i me you your".split()
)
_SELECT = """select * from match_agents(%(q)s, %(skills)s, %(all)s, %(min)s, %(n)s, %(live)s,
    %(verified)s, %(chain)s, model_name => %(model)s, exact_max_rows => %(exact)s,
    ef_search => %(ef)s)"""


@dataclass(frozen=True)
class AgentFilter:
    """What `agents(where: ...)` can ask for."""

    skills_in: list[str] | None = None
    chain_id: str | None = None
    name_contains: str | None = None


class AgentSearchService:
    def __init__(
        self, db: Database, embedder: Embedder, settings: Settings, registry: IntentRegistry
    ) -> None:
        self.db, self.embedder, self.settings, self.registry = db, embedder, settings, registry
        self._intent_vectors: dict[str, Vector] = {}

    async def search(self, request: AgentSearchRequest) -> AgentSearchResult:
        started = time.perf_counter()
        query = resolve(request, self.registry)
        vector = await asyncio.to_thread(self._vector, query)
        args = {
            "q": vector,
            "skills": query.required_skills or None,
            "all": request.require_all_skills,
            "min": request.min_score or 0.0,
            "n": request.top_k or self.settings.discovery_a2a_top_k,
            "live": request.live,
            "verified": request.verified,
            "chain": request.chain_id,
            "model": self.embedder.model_id,
            "exact": self.settings.discovery_exact_scan_max_rows,
            "ef": self.settings.discovery_hnsw_ef_search,
        }
        async with self.db.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(_SELECT, args)
            rows = await cur.fetchall()
        rows = [r for r in rows if _passes(r["skill_ids"], query, request.require_all_skills)]
        words = _stems(query.text)
        return AgentSearchResult(
            matches=[_match(r, query, words) for r in rows],
            intent_type=query.intent.id if query.intent else None,
            required_skills=query.required_skills,
            query_text=query.text,
            total=int(rows[0]["total"]) if rows else 0,
            by_chain=dict(rows[0]["by_chain"]) if rows else {},
            notice=query.notice,
            time_ms=round((time.perf_counter() - started) * 1000, 3),
        )

    def _vector(self, query: AgentQuery) -> Vector:
        """The query's vector. Joint: the whole query text embedded. Composed (the default, for
        an intent with a user text): the intent's own text ("{label}. {description}") is
        embedded once per intent and kept, the user text per request, and the two unit vectors
        are added, the user text's weighted by `discovery_a2a_user_text_weight` (chosen on the
        tune split of `discovery eval agents`); a request then costs only its own short text's
        embedding (docs/agents.md)."""
        joint = self.settings.discovery_a2a_query_vector == A2AQueryVector.JOINT
        if joint or query.intent is None or not query.user_text:
            return self.embedder.embed_query(query.text)
        intent_text = query.intent_text
        intent_vector = self._intent_vectors.get(intent_text)
        if intent_vector is None:
            intent_vector = self.embedder.embed_query(intent_text)
            self._intent_vectors[intent_text] = intent_vector
        user_vector = self.embedder.embed_query(query.user_text)
        weight = self.settings.discovery_a2a_user_text_weight
        combined = intent_vector + weight * np.asarray(user_vector, dtype=np.float32)
        return (combined / max(float(np.linalg.norm(combined)), 1e-12)).astype(np.float32)

    async def list_agents(
        self, where: AgentFilter, first: int = 50, skip: int = 0
    ) -> tuple[list[AgentOut], int]:
        """Agents in name order (a page of them, and how many there are in all)."""
        sql = """
            select i.id, i.name, i.description, i.metadata, i.skill_ids, a.chain_id, a.agent_id,
                   a.card_url, count(*) over () as total
            from items i left join agent_cards a on a.item_id = i.id
            where i.kind = 'agent' and i.is_active
              and (%(skills)s::text[] is null or i.skill_ids && %(skills)s)
              and (%(chain)s::text is null or a.chain_id = %(chain)s)
              and (%(name)s::text is null or i.name ilike '%%' || %(name)s || '%%')
            order by lower(i.name), i.id limit %(first)s offset %(skip)s
        """
        args = {
            "skills": where.skills_in or None,
            "chain": where.chain_id,
            "name": _like(where.name_contains) if where.name_contains else None,
            "first": first,
            "skip": skip,
        }
        async with self.db.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(sql, args)
            rows = await cur.fetchall()
        return [agent_out(r) for r in rows], int(rows[0]["total"]) if rows else 0


def agent_out(row: dict[str, Any]) -> AgentOut:
    meta = row["metadata"]
    return AgentOut(
        id=row["id"],
        chain_id=row.get("chain_id"),
        agent_id=row.get("agent_id"),
        name=row["name"],
        description=row["description"],
        image=meta.get("image"),
        endpoints=meta.get("endpoints", []),
        card_url=row.get("card_url") or meta.get("cardUrl"),
        skills=list(row["skill_ids"]),
    )


def _passes(skills: list[str], query: AgentQuery, require_all: bool) -> bool:
    """The guard: SQL filtered already; a row that slips through is dropped and logged."""
    required = set(query.required_skills)
    if not required:
        return True
    held = required & set(skills)
    ok = held == required if require_all else bool(held)
    if not ok:
        log.error("match_agents returned an agent outside the skill filter: %s", skills)
    return ok


def _match(row: dict[str, Any], query: AgentQuery, words: dict[str, str]) -> AgentMatch:
    held = set(row["skill_ids"])
    matched = [s for s in query.required_skills if s in held]
    missing = [s for s in query.required_skills if s not in held]
    coverage = len(matched) / len(query.required_skills) if query.required_skills else 1.0
    reasons = [f"holds {s}" for s in matched]
    agent_words = _stems(f"{row['name']} {row['description']} {' '.join(row['skill_ids'])}")
    shared = [words[stem] for stem in words if stem in agent_words]
    if shared:
        reasons.append("shares the words " + ", ".join(shared[:8]))
    return AgentMatch(
        agent=agent_out(row),
        score=round(float(row["similarity"]), 4),
        matched_skills=matched,
        missing_skills=missing,
        coverage=round(coverage, 4),
        match_reasons=reasons,
        live=row["live"],
        last_seen=row["last_seen"],
        verified=row["verified"],
        skills_agree=row["skills_agree"],
    )


@lru_cache(maxsize=8192)
def _stems(text: str) -> dict[str, str]:
    """Stem -> the first word that has it (stop words left out). Cached by text (an agent's
    text comes back with every search that finds it); callers only read the dict."""
    out: dict[str, str] = {}
    for word in _WORD.findall(text.lower()):
        if word not in _STOP and len(word) > 2:
            out.setdefault(_stem(word), word)
    return out


@lru_cache(maxsize=65_536)
def _stem(word: str) -> str:
    """Snowball is pure Python (about 0.1 ms a word): each word is stemmed once."""
    return str(_STEM.stemWord(word))


def _like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
