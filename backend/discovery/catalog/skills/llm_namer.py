"""Naming a proposed skill with an LLM (prompt `skill_proposal`): one structured-output call per
group, starting from the offline name; when the call fails the offline name stands."""

from __future__ import annotations

import logging
from typing import Any

from pydantic import BaseModel, Field

from discovery import prompts
from discovery.catalog.records import CatalogItem
from discovery.catalog.skills.clusters import GroupName
from discovery.settings import Settings

log = logging.getLogger(__name__)
SHOWN = 12  # members shown to the model


class ProposedSkill(BaseModel):
    name: str = Field(description="Two to five words.")
    description: str = Field(description="One sentence.")
    keywords: list[str] = Field(default_factory=list, description="Up to eight keywords.")


class LLMGroupNamer:
    def __init__(self, llm: Any) -> None:
        self.structured = llm.with_structured_output(ProposedSkill).with_config(tags=["nostream"])

    @classmethod
    def from_settings(cls, settings: Settings) -> LLMGroupNamer:
        from discovery.llm import build_chat_model

        return cls(build_chat_model(settings))

    def prompt(self, members: list[CatalogItem], offline: GroupName) -> str:
        tools = "\n".join(f"- {m.title or m.name} - {m.description[:300]}" for m in members[:SHOWN])
        return prompts.render(
            "skill_proposal", tools=tools, keywords=", ".join(offline.keywords) or "-"
        )

    def __call__(self, members: list[CatalogItem], offline: GroupName) -> GroupName:
        try:
            answer = self.structured.invoke(self.prompt(members, offline))
        except Exception as exc:  # any provider error: the offline name stands
            log.warning("LLM skill naming failed, keeping %r: %s", offline.name, exc)
            return offline
        name = answer.name.strip()[:200]
        if not name:
            return offline
        keywords = [k.strip().lower() for k in answer.keywords if k.strip()][:8]
        return GroupName(
            name, (answer.description.strip() or offline.description)[:2000],
            keywords or offline.keywords,
        )  # fmt: skip
