"""Assigning items to skills, and keeping skill vectors current.

Two kinds of skills. A skill with metadata `rules` (e.g. `{"media_type": ["painting"]}`) takes
every item whose metadata matches, with confidence 1. The other skills are matched by a named
heuristic, the offline classifier: it compares an item's vector with each skill's description
vector ("name: description. keywords") and turns the cosine gaps into relative confidences,
``exp((s_j - s_best) / T)``. The best such skill gets 1.0 and a skill is kept while its
confidence is >= ``min_confidence`` (at most ``max_skills``). An item that a rule already
placed keeps similarity skills only when they are also close in absolute terms
(cosine >= ``SIMILARITY_FLOOR``); an item with no rule always gets its best skill, so
hierarchical search covers the whole catalog.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import psycopg

from discovery.catalog.records import CatalogItem
from discovery.catalog.skills.placement import Assignment, Placement
from discovery.embeddings import Embedder

TEMPERATURE = 0.05
SIMILARITY_FLOOR = 0.3


@dataclass(frozen=True)
class Skill:
    id: str
    name: str
    description: str
    keywords: list[str]
    rules: dict[str, list[Any]] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return f"{self.name}: {self.description} {', '.join(self.keywords)}".strip()

    def matches(self, metadata: dict[str, Any]) -> bool:
        return any(metadata.get(key) in values for key, values in self.rules.items())


def assign(
    vectors: np.ndarray,
    skill_vectors: np.ndarray,
    skill_ids: list[str],
    min_confidence: float = 0.5,
    max_skills: int = 3,
) -> list[list[Assignment]]:
    """Similarity skills per item (rows of `vectors`), best first. Pure: tested directly."""
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
        self.rule_skills = [s for s in skills if s.rules]
        self.similar_skills = [s for s in skills if not s.rules]
        self.skill_ids = [s.id for s in self.similar_skills]
        self.matrix = (
            embedder.embed_documents([s.text for s in self.similar_skills])
            if self.similar_skills
            else np.zeros((0, embedder.dim), dtype=np.float32)
        )

    def classify(self, items: list[CatalogItem], vectors: np.ndarray) -> list[Placement]:
        similar = assign(vectors, self.matrix, self.skill_ids)
        sims = vectors @ self.matrix.T if self.skill_ids else None
        out: list[Placement] = []
        for row, (item, candidates) in enumerate(zip(items, similar, strict=True)):
            ruled = [s.id for s in self.rule_skills if s.matches(item.metadata)]
            if ruled and sims is not None:
                floor = {self.skill_ids[j] for j in np.flatnonzero(sims[row] >= SIMILARITY_FLOOR)}
                candidates = [a for a in candidates if a.skill_id in floor]
            chosen = [Assignment(sid, 1.0, False) for sid in ruled] + [
                Assignment(a.skill_id, a.confidence, False) for a in candidates
            ]
            if chosen:  # primary: the subject when there is one, else the first rule
                primary = len(ruled) if candidates else 0
                chosen[primary] = Assignment(
                    chosen[primary].skill_id, chosen[primary].confidence, True
                )
            out.append(Placement(chosen))
        return out

    @classmethod
    async def load(
        cls, conn: psycopg.AsyncConnection, embedder: Embedder, domain: str
    ) -> SkillClassifier:
        rows = await (
            await conn.execute(
                "select id, name, description, keywords, rules from skills"
                " where is_active and parent_domain = %s order by id",
                (domain,),
            )
        ).fetchall()
        return cls(embedder, [Skill(r[0], r[1], r[2], list(r[3]), r[4]) for r in rows])
