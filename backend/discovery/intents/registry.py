"""The registry of intent types (`config/intents.toml`): what an admin console may ask agents
to carry out. Each has an id (the console's `intentType`), a label, a description and the
skills an agent must hold to do it; an empty skill list means the intent has no executable
skill and is searched by meaning alone."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, Field


class IntentType(BaseModel):
    id: str = Field(min_length=1, max_length=200)
    label: str = Field(min_length=1)
    description: str = Field(min_length=1)
    required_skills: list[str] = Field(default_factory=list)

    @property
    def executable(self) -> bool:
        """Whether agents can carry it out through a skill (else: meaning only)."""
        return bool(self.required_skills)


class UnknownIntentError(LookupError):
    """An intent type the registry does not hold; the message lists the known ones."""

    def __init__(self, intent_type: str, known: list[str]) -> None:
        super().__init__(
            f"unknown intent type {intent_type!r}; known intent types: {', '.join(known)}"
        )
        self.intent_type, self.known = intent_type, known


@dataclass(frozen=True)
class IntentRegistry:
    intents: tuple[IntentType, ...]

    @classmethod
    def load(cls, path: Path) -> IntentRegistry:
        """Read and validate the registry file; ids must be unique."""
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        intents = tuple(IntentType.model_validate(row) for row in data.get("intents", []))
        ids = [i.id for i in intents]
        duplicated = sorted({i for i in ids if ids.count(i) > 1})
        if duplicated:
            raise ValueError(f"{path}: intent ids given more than once: {', '.join(duplicated)}")
        return cls(intents)

    @property
    def ids(self) -> list[str]:
        return [i.id for i in self.intents]

    def get(self, intent_type: str) -> IntentType:
        for intent in self.intents:
            if intent.id == intent_type:
                return intent
        raise UnknownIntentError(intent_type, self.ids)

    def skills(self) -> dict[str, IntentType]:
        """Each required skill id and the (first) intent that requires it."""
        out: dict[str, IntentType] = {}
        for intent in self.intents:
            for skill in intent.required_skills:
                out.setdefault(skill, intent)
        return out
