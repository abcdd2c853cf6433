"""The skill classifier with an LLM: one structured-output call per item (prompt
`skill_classifier`), the same `classify(items, vectors)` interface as the offline one.

The model's choices are kept only for known skill ids, clamped to [0, 1], at most 3, and below
`min_confidence` dropped; when the call fails, that item is classified offline instead."""

from __future__ import annotations

import logging
from typing import Any

import numpy as np
from pydantic import BaseModel, Field

from discovery import prompts
from discovery.catalog.records import CatalogItem
from discovery.catalog.skills.placement import Assignment, Matrix, Placement, Unplaced
from discovery.catalog.skills.tool_classifier import MAX_SKILLS, ToolClassifier
from discovery.settings import Settings

log = logging.getLogger(__name__)


class SkillChoice(BaseModel):
    skill_id: str = Field(description="One of the listed category ids, exactly as written.")
    confidence: float = Field(description="0 to 1: how sure you are the tool belongs here.")


class ToolSkills(BaseModel):
    skills: list[SkillChoice] = Field(
        default_factory=list, description="1 to 3 categories, best first; empty if none fits."
    )
    new_skill_name: str | None = Field(
        default=None, description="Only when no category fits: a short name for a new one."
    )
    new_skill_description: str | None = Field(
        default=None, description="Only when no category fits: one sentence describing it."
    )


class LLMToolClassifier(ToolClassifier):
    """Wraps the offline classifier (its skills, threshold and fallback)."""

    def __init__(self, llm: Any, offline: ToolClassifier) -> None:
        self.__dict__.update(offline.__dict__)
        self.offline = offline
        self.structured = llm.with_structured_output(ToolSkills).with_config(tags=["nostream"])
        self.catalog = "\n".join(
            f"- {s.id}: {s.name} - {s.description}; {', '.join(s.keywords)}" for s in self.skills
        )

    @classmethod
    def from_settings(cls, settings: Settings, offline: ToolClassifier) -> LLMToolClassifier:
        from discovery.llm import build_chat_model

        return cls(build_chat_model(settings), offline)

    def prompt(self, item: CatalogItem) -> str:
        return prompts.render(
            "skill_classifier",
            skills=self.catalog,
            tool_name=item.title or item.name,
            server=item.metadata.get("server", ""),
            description=item.description[:1500],
            min_confidence=self.min_confidence,
        )

    def classify(self, items: list[CatalogItem], vectors: Matrix) -> list[Placement]:
        out: list[Placement] = []
        for index, item in enumerate(items):
            try:
                answer = self.structured.invoke(self.prompt(item))
            except Exception as exc:  # any provider error: this item is classified offline
                log.warning("LLM skill classifier failed for %s, using offline: %s", item.id, exc)
                out.extend(self.offline.classify([item], np.asarray(vectors[index : index + 1])))
                continue
            chosen = self._keep(answer)
            if not chosen:  # the offline best fit, tentative, while the suggestion waits
                tentative = self.offline.classify([item], np.asarray(vectors[index : index + 1]))
                chosen = tentative[0].assignments
            unplaced = Unplaced(
                item,
                None,
                0.0,
                answer.new_skill_name,
                answer.new_skill_description,
                np.asarray(vectors[index], np.float32),
            )
            confident = any(not a.tentative for a in chosen)
            out.append(Placement(chosen, None if confident else unplaced))
        return out

    def _keep(self, answer: ToolSkills) -> list[Assignment]:
        known, seen, kept = set(self.skill_ids), set(), []
        for choice in answer.skills:
            confidence = min(max(float(choice.confidence), 0.0), 1.0)
            if choice.skill_id in known and choice.skill_id not in seen:
                seen.add(choice.skill_id)
                if confidence >= self.min_confidence:
                    kept.append((choice.skill_id, confidence))
        kept.sort(key=lambda pair: -pair[1])
        return [
            Assignment(sid, round(c, 4), k == 0) for k, (sid, c) in enumerate(kept[:MAX_SKILLS])
        ]
