"""Assigning items to skills, and keeping skill vectors current.

The offline classifier is a named heuristic: it compares an item's vector with each skill's
description vector ("name: description. keywords") and converts the cosine gaps into relative
confidences, ``exp((s_j - s_best) / T)``: the best skill gets 1.0 and is primary, and a skill is
kept while its confidence is >= ``min_confidence`` (at most ``max_skills``). Every item gets at
least its best skill, so hierarchical search covers the whole catalog.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import psycopg

from discovery.embeddings import Embedder

TEMPERATURE = 0.05


@dataclass(frozen=True)
class Skill:
    id: str
    name: str
    description: str
    keywords: list[str]

    @property
    def text(self) -> str:
        return f"{self.name}: {self.description} {', '.join(self.keywords)}".strip()


@dataclass(frozen=True)
class Assignment:
    skill_id: str
    confidence: float
    is_primary: bool


def assign(
    vectors: np.ndarray,
    skill_vectors: np.ndarray,
    skill_ids: list[str],
    min_confidence: float = 0.5,
    max_skills: int = 3,
) -> list[list[Assignment]]:
    """Skills per item (rows of `vectors`), best first. Pure: the unit tests drive it directly."""
    if not skill_ids:
        return [[] for _ in range(len(vectors))]
    sims = vectors @ skill_vectors.T
    out = []
    for row in sims:
        order = np.argsort(-row, kind="stable")[:max_skills]
        confidence = np.exp((row[order] - row[order[0]]) / TEMPERATURE)
        out.append(
            [
                Assignment(skill_ids[j], round(float(c), 4), is_primary=(k == 0))
                for k, (j, c) in enumerate(zip(order, confidence, strict=True))
                if k == 0 or c >= min_confidence
            ]
        )
    return out


class SkillClassifier:
    """Classifies items of one domain (e.g. 'heritage') against that domain's active skills."""

    def __init__(self, embedder: Embedder, skills: list[Skill]) -> None:
        self.skills = skills
        self.skill_ids = [s.id for s in skills]
        self.matrix = (
            embedder.embed_documents([s.text for s in skills])
            if skills
            else np.zeros((0, embedder.dim), dtype=np.float32)
        )

    def classify(self, vectors: np.ndarray) -> list[list[Assignment]]:
        return assign(vectors, self.matrix, self.skill_ids)

    @classmethod
    async def load(
        cls, conn: psycopg.AsyncConnection, embedder: Embedder, domain: str
    ) -> SkillClassifier:
        rows = await (
            await conn.execute(
                "select id, name, description, keywords from skills"
                " where is_active and parent_domain = %s order by id",
                (domain,),
            )
        ).fetchall()
        return cls(embedder, [Skill(r[0], r[1], r[2], list(r[3])) for r in rows])


async def ensure_description_vectors(conn: psycopg.AsyncConnection, embedder: Embedder) -> int:
    """Give every skill without a vector for this model the embedding of its description."""
    rows = await (
        await conn.execute(
            "select s.id, s.name, s.description, s.keywords from skills s"
            " where not exists (select 1 from skill_embeddings e"
            "   where e.skill_id = s.id and e.model = %s) order by s.id",
            (embedder.model_id,),
        )
    ).fetchall()
    if not rows:
        return 0
    skills = [Skill(r[0], r[1], r[2], list(r[3])) for r in rows]
    vectors = embedder.embed_documents([s.text for s in skills])
    async with conn.cursor() as cur:
        await cur.executemany(
            "insert into skill_embeddings (skill_id, model, source, embedding)"
            " values (%s, %s, 'description', %s) on conflict do nothing",
            [(s.id, embedder.model_id, v) for s, v in zip(skills, vectors, strict=True)],
        )
    return len(skills)


async def refresh_centroids(
    conn: psycopg.AsyncConnection, model: str, skill_ids: list[str] | None = None
) -> int:
    """Recompute member counts and centroid vectors (all skills, or the ones named)."""
    row = await (
        await conn.execute("select refresh_skill_centroids(%s, %s)", (model, skill_ids))
    ).fetchone()
    return int(row[0]) if row else 0
