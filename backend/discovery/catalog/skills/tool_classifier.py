"""Classifying tools, prompts and resources into skills: 1 to 3 skills each, a confidence each,
one primary; assignments below `min_confidence` are dropped, and an item with none is recorded
as unplaced (the caller files it as a new-skill suggestion).

Offline, the confidence of (item, skill) is a logistic model over four features, fitted on hand
labels so that it reads as a probability (see `evaluation/tools_skills.py` and
docs/tools-search.md for how it is fitted and how well it is calibrated):

- `description`: cosine between the item's vector and the skill's "name: description" vector;
- `examples`: the best cosine between the item's vector and the skill's example vectors;
- `keywords`: how many of the skill's keywords occur in the item's text (0, 1/3, 2/3, 1);
- `margin`: the skill's best cosine minus the best cosine of any skill (0 for the top skill).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import psycopg

from discovery.catalog.records import CatalogItem
from discovery.catalog.skills.placement import Assignment, Matrix, Placement, Unplaced
from discovery.embeddings import Embedder
from discovery.settings import resource

TOOLS_DOMAIN = "tools"
CALIBRATION_FILE = resource("config/skill_calibration.json")
FEATURES = ("description", "examples", "keywords", "margin")
MAX_SKILLS = 3


@dataclass(frozen=True)
class SkillProfile:
    """What the classifier knows of a skill: its words, its keywords, its examples."""

    id: str
    name: str
    description: str
    keywords: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return f"{self.name}: {self.description}"


@dataclass(frozen=True)
class Calibration:
    """Logistic weights per feature: confidence = sigmoid(weights . features + bias)."""

    weights: tuple[float, ...]
    bias: float
    metrics: dict[str, Any] = field(default_factory=dict)

    def confidence(self, x: Matrix) -> Matrix:
        z = x @ np.asarray(self.weights, dtype=np.float32) + np.float32(self.bias)
        return (1.0 / (1.0 + np.exp(-z))).astype(np.float32)

    @classmethod
    def load(cls, path: Path = CALIBRATION_FILE) -> Calibration:
        data = json.loads(path.read_text(encoding="utf-8"))
        if tuple(data["features"]) != FEATURES:
            raise ValueError(f"{path}: fitted for features {data['features']}, not {FEATURES}")
        return cls(tuple(data["weights"]), float(data["bias"]), data.get("metrics", {}))

    def save(self, path: Path = CALIBRATION_FILE) -> None:
        payload = {"features": FEATURES, "weights": self.weights, "bias": self.bias}
        path.write_text(json.dumps(payload | {"metrics": self.metrics}, indent=2) + "\n")


def item_text(item: CatalogItem) -> str:
    """The words the keyword feature looks at: name, description and the server's own words."""
    meta = item.metadata
    return " ".join(
        str(p)
        for p in (item.embedding_text, meta.get("server"), meta.get("server_description"))
        if p
    ).lower()


class SkillFeatures:
    """The four features of every (item, skill) pair, from vectors and text."""

    def __init__(self, embedder: Embedder, skills: list[SkillProfile]) -> None:
        self.skills = skills
        texts = [s.text for s in skills]
        owners: list[int] = []
        for j, skill in enumerate(skills):
            texts.extend(skill.examples)
            owners.extend([j] * len(skill.examples))
        vectors = embedder.embed_documents(texts) if texts else np.zeros((0, embedder.dim))
        self.descriptions = np.asarray(vectors[: len(skills)], dtype=np.float32)
        self.examples = np.asarray(vectors[len(skills) :], dtype=np.float32)
        self.owners = np.asarray(owners, dtype=np.int64)
        self.patterns = [_keyword_pattern(s.keywords) for s in skills]

    def compute(self, texts: list[str], vectors: Matrix) -> Matrix:
        """Shape (items, skills, len(FEATURES))."""
        n, k = len(texts), len(self.skills)
        out = np.zeros((n, k, len(FEATURES)), dtype=np.float32)
        if not k or not n:
            return out
        desc = vectors @ self.descriptions.T
        examples = np.full((n, k), -1.0, dtype=np.float32)
        if len(self.owners):
            sims = vectors @ self.examples.T
            for j in range(k):
                mine = self.owners == j
                if mine.any():
                    examples[:, j] = sims[:, mine].max(axis=1)
        examples = np.where(examples < -0.5, desc, examples)  # no examples: the description
        best = np.maximum(desc, examples)
        out[:, :, 0], out[:, :, 1] = desc, examples
        for i, text in enumerate(texts):
            for j, pattern in enumerate(self.patterns):
                if pattern is not None:
                    out[i, j, 2] = min(len(set(pattern.findall(text))), 3) / 3.0
        out[:, :, 3] = best - best.max(axis=1, keepdims=True)
        return out


def _keyword_pattern(keywords: tuple[str, ...]) -> re.Pattern[str] | None:
    words = sorted({k.lower().strip() for k in keywords if k.strip()}, key=len, reverse=True)
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in words)
    return re.compile(rf"(?<![a-z0-9])(?:{alternatives})(?:s|es)?(?![a-z0-9])")


def candidate_mask(x: Matrix, k: int = MAX_SKILLS) -> npt.NDArray[np.bool_]:
    """(items, skills): the k skills closest to each item (by its best cosine); the classifier
    decides about these only, and the calibration is fitted on these pairs."""
    best = np.maximum(x[:, :, 0], x[:, :, 1])
    mask = np.zeros(best.shape, dtype=bool)
    if best.size:
        top = np.argsort(-best, axis=1, kind="stable")[:, :k]
        mask[np.arange(len(best))[:, None], top] = True
    return mask


def choose(
    confidence: Matrix, skill_ids: list[str], min_confidence: float, max_skills: int = MAX_SKILLS
) -> list[list[Assignment]]:
    """Per row: the skills at or above `min_confidence`, best first (at most `max_skills`),
    the first one primary. Pure: tested directly."""
    out: list[list[Assignment]] = []
    for row in confidence:
        order = np.argsort(-row, kind="stable")[:max_skills]
        kept = [j for j in order if row[j] >= min_confidence]
        out.append(
            [Assignment(skill_ids[j], round(float(row[j]), 4), k == 0) for k, j in enumerate(kept)]
        )
    return out


class ToolClassifier:
    """The offline classifier, with the `classify(items, vectors)` interface `CatalogWriter`
    calls. An item no skill fits is placed nowhere, with what a suggestion needs (`Unplaced`)."""

    def __init__(
        self,
        embedder: Embedder,
        skills: list[SkillProfile],
        calibration: Calibration | None = None,
        min_confidence: float = 0.5,
    ) -> None:
        self.skills = skills
        self.skill_ids = [s.id for s in skills]
        self.features = SkillFeatures(embedder, skills)
        self.calibration = calibration or Calibration.load()
        self.min_confidence = min_confidence

    def confidences(self, items: list[CatalogItem], vectors: Matrix) -> Matrix:
        x = self.features.compute([item_text(i) for i in items], vectors)
        conf = self.calibration.confidence(x.reshape(-1, len(FEATURES))).reshape(x.shape[:2])
        return np.where(candidate_mask(x), conf, np.float32(0.0)).astype(np.float32)

    def classify(self, items: list[CatalogItem], vectors: Matrix) -> list[Placement]:
        """Each item's skills at or above `min_confidence`; an item with none keeps its best fit
        as a tentative primary skill (so hierarchical search reaches it) and is unplaced."""
        if not self.skills:
            return [
                Placement([], Unplaced(i, None, 0.0, vector=np.asarray(v, np.float32)))
                for i, v in zip(items, vectors, strict=True)
            ]
        conf = self.confidences(items, np.asarray(vectors, dtype=np.float32))
        chosen = choose(conf, self.skill_ids, self.min_confidence)
        out = []
        for item, vector, row, assigned in zip(items, vectors, conf, chosen, strict=True):
            if assigned:
                out.append(Placement(assigned))
                continue
            best = int(np.argmax(row))
            skill, confidence = self.skill_ids[best], round(float(row[best]), 4)
            fit = Assignment(skill, confidence, is_primary=True, tentative=True)
            out.append(Placement([fit], Unplaced(item, skill, confidence, vector=vector)))
        return out


async def load_profiles(
    conn: psycopg.AsyncConnection, domain: str = TOOLS_DOMAIN
) -> list[SkillProfile]:
    """The active skills of a domain, in id order."""
    rows = await (
        await conn.execute(
            "select id, name, description, keywords, examples from skills"
            " where is_active and parent_domain = %s order by id",
            (domain,),
        )
    ).fetchall()
    return [SkillProfile(r[0], r[1], r[2], tuple(r[3]), tuple(r[4])) for r in rows]
