"""Reading registration records leniently (the ERC-8004 registration-file shape):
`{chainId, agentId, name, description, image?, endpoints: [{name: "A2A", endpoint, version?,
a2aSkills: [...]}, ...]}`. Seen in the wild and accepted: `services` instead of `endpoints`, the
endpoint name in any case, ids as numbers or strings, `a2aSkills` as one string.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field

from discovery.catalog.a2a.cards import _list, _strings, _text

CARD_PATH_RE = re.compile(r"/\.well-known/(agent-card|agent)\.json$", re.IGNORECASE)


class Endpoint(BaseModel):
    name: str
    endpoint: str
    version: str | None = None
    skills: list[str] = Field(default_factory=list, description="`a2aSkills` (A2A endpoints).")


class Registration(BaseModel):
    chain_id: str | None = None
    agent_id: str | None = None
    name: str = ""
    description: str = ""
    image: str | None = None
    endpoints: list[Endpoint] = Field(default_factory=list)

    @property
    def a2a(self) -> Endpoint | None:
        return next((e for e in self.endpoints if e.name.lower() == "a2a"), None)

    @property
    def card_url(self) -> str | None:
        """The A2A endpoint when it points at an agent card (`.well-known/agent-card.json`, or
        the older `agent.json`)."""
        a2a = self.a2a
        if a2a and re.match(r"^https?://", a2a.endpoint) and CARD_PATH_RE.search(a2a.endpoint):
            return a2a.endpoint
        return None


def is_registration(raw: dict[str, Any]) -> bool:
    """Whether a record is a registration (else it is read as an agent card)."""
    kind = str(raw.get("type", "")).lower()
    return (
        "registration" in kind
        or "endpoints" in raw
        or "services" in raw
        or ("agentId" in raw and "skills" not in raw)
    )


def parse_registration(raw: dict[str, Any]) -> tuple[Registration, list[str]]:
    """The registration, and what was repaired or ignored in it."""
    notes: list[str] = []
    endpoints_raw = raw.get("endpoints")
    if endpoints_raw is None and "services" in raw:
        endpoints_raw = raw["services"]
        notes.append("read `services` as endpoints")
    endpoints = []
    for index, entry in enumerate(_list(endpoints_raw)):
        if not isinstance(entry, dict):
            notes.append(f"endpoint {index + 1} is not an object: ignored")
            continue
        name, url = _text(entry.get("name")), _text(entry.get("endpoint") or entry.get("url"))
        if not name or not url:
            notes.append(f"endpoint {index + 1} has no name or no endpoint: ignored")
            continue
        skills = _strings(entry.get("a2aSkills", entry.get("skills")))
        endpoints.append(
            Endpoint(
                name=name, endpoint=url, version=_text(entry.get("version")) or None, skills=skills
            )
        )
    registration = Registration(
        chain_id=_text(raw.get("chainId", raw.get("chain_id"))) or None,
        agent_id=_text(raw.get("agentId", raw.get("agent_id"))) or None,
        name=_text(raw.get("name")),
        description=_text(raw.get("description")),
        image=_text(raw.get("image")) or None,
        endpoints=endpoints,
    )
    if endpoints and registration.a2a is None:
        notes.append("no A2A endpoint")
    return registration, notes
