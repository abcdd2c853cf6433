"""Reading A2A agent cards leniently (versions 0.1 to 1.0 as seen in the wild).

What can be understood is kept; what cannot is noted per card (`notes`), never fatal: a missing
`protocolVersion`, a 1.0 card with no top-level `url` (its `supportedInterfaces` instead), modes
as bare words ("text") rather than MIME types, `capabilities` as a list, `tags` as a string,
unknown top-level fields. Only a card that is not an object or has no name is refused.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field

KNOWN_FIELDS = frozenset(
    """name description url version protocolVersion protocolVersions provider capabilities
    defaultInputModes defaultOutputModes skills supportedInterfaces preferredTransport
    additionalInterfaces securitySchemes security securityRequirements documentationUrl iconUrl
    signatures supportsAuthenticatedExtendedCard supportsExtendedAgentCard authentication
    metadata""".split()
)
MODE_WORDS = {
    "text": "text/plain",
    "json": "application/json",
    "data": "application/json",
    "file": "application/octet-stream",
    "image": "image/*",
    "audio": "audio/*",
    "video": "video/*",
}


class CardInvalid(ValueError):
    """A card that cannot be read at all (not an object, no name)."""


class CardSkill(BaseModel):
    id: str
    name: str
    description: str = ""
    tags: list[str] = Field(default_factory=list)
    examples: list[str] = Field(default_factory=list)


class AgentCard(BaseModel):
    name: str
    description: str = ""
    url: str | None = Field(
        default=None, description="The agent's service URL (or first interface's)."
    )
    version: str | None = None
    protocol_version: str | None = None
    provider: str | None = None
    capabilities: dict[str, Any] = Field(default_factory=dict)
    input_modes: list[str] = Field(default_factory=list)
    output_modes: list[str] = Field(default_factory=list)
    skills: list[CardSkill] = Field(default_factory=list)
    signatures: list[dict[str, Any]] = Field(default_factory=list)


def parse_card(raw: Any) -> tuple[AgentCard, list[str]]:
    """The card, and what was ignored or repaired in it (one short note each)."""
    if not isinstance(raw, dict):
        raise CardInvalid(f"an agent card must be a JSON object, got {type(raw).__name__}")
    notes: list[str] = []
    name = _text(raw.get("name"))
    if not name:
        raise CardInvalid("the agent card has no name")
    interfaces = [i for i in _list(raw.get("supportedInterfaces")) if isinstance(i, dict)]
    url = _text(raw.get("url")) or next(
        (_text(i.get("url")) for i in interfaces if i.get("url")), ""
    )
    if not _text(raw.get("url")) and url:
        notes.append("no top-level url: took the first supportedInterfaces url")
    if url and not re.match(r"^https?://", url):
        notes.append(f"url is not absolute: {url[:80]}")
    protocol = _text(raw.get("protocolVersion")) or next(
        (_text(i.get("protocolVersion")) for i in interfaces if i.get("protocolVersion")), ""
    )
    if not protocol:
        notes.append("no protocolVersion")
    unknown = sorted(k for k in raw if k not in KNOWN_FIELDS)
    if unknown:
        notes.append(f"ignored fields: {', '.join(unknown[:10])}")
    card = AgentCard(
        name=name,
        description=_text(raw.get("description")),
        url=url or None,
        version=_text(raw.get("version")) or None,
        protocol_version=protocol or None,
        provider=_provider(raw.get("provider")),
        capabilities=_capabilities(raw.get("capabilities"), notes),
        input_modes=_modes(raw.get("defaultInputModes"), notes),
        output_modes=_modes(raw.get("defaultOutputModes"), notes),
        skills=_skills(raw.get("skills"), notes),
        signatures=[s for s in _list(raw.get("signatures")) if isinstance(s, dict)],
    )
    return card, notes


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return ""


def _list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _strings(value: Any) -> list[str]:
    """A list of strings from a list, or from one string (comma-separated)."""
    if isinstance(value, str):
        return [p.strip() for p in value.split(",") if p.strip()]
    return [t for v in _list(value) if (t := _text(v))]


def _provider(value: Any) -> str | None:
    if isinstance(value, dict):
        return _text(value.get("organization")) or _text(value.get("name")) or None
    return _text(value) or None


def _capabilities(value: Any, notes: list[str]) -> dict[str, Any]:
    if isinstance(value, dict):
        return value
    if isinstance(value, list):
        notes.append("capabilities is a list: read as flags")
        return {t: True for t in _strings(value)}
    return {}


def _modes(value: Any, notes: list[str]) -> list[str]:
    out = []
    for mode in _strings(value):
        if "/" in mode:
            out.append(mode.lower())
        elif mode.lower() in MODE_WORDS:
            out.append(MODE_WORDS[mode.lower()])
        else:
            notes.append(f"unknown mode {mode!r} kept as is")
            out.append(mode)
    return list(dict.fromkeys(out))


def _skills(value: Any, notes: list[str]) -> list[CardSkill]:
    out: list[CardSkill] = []
    for index, raw in enumerate(_list(value)):
        if isinstance(raw, str):  # a bare skill id
            raw = {"id": raw}
        if not isinstance(raw, dict):
            notes.append(f"skill {index + 1} is not an object: ignored")
            continue
        name = _text(raw.get("name"))
        skill_id = _text(raw.get("id")) or re.sub(r"\W+", "_", name.lower()).strip("_")
        if not skill_id:
            notes.append(f"skill {index + 1} has neither id nor name: ignored")
            continue
        out.append(
            CardSkill(
                id=skill_id,
                name=name or skill_id,
                description=_text(raw.get("description")),
                tags=_strings(raw.get("tags")),
                examples=_strings(raw.get("examples")),
            )
        )
    return out
