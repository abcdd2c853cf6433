"""One agent from what is known of it: a registration, a card, or both merged. Its id is
`agent:<chainId>:<agentId>` when it is registered on a chain, else its card URL and its name
(one endpoint can serve several agents, so a URL alone is not an identity)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from discovery.catalog.a2a.cards import AgentCard
from discovery.catalog.a2a.registrations import Registration
from discovery.catalog.checks import value_problem
from discovery.catalog.records import CatalogItem
from discovery.catalog.text import clip
from discovery.db import ItemKind

EMBEDDING_TEXT_MAX = 1500


class AgentInvalid(ValueError):
    """A record that cannot become an agent (no name, nothing to identify it by)."""


@dataclass
class AgentRecord:
    """An agent ready to write: the catalog item and what `agent_cards` keeps beside it."""

    item: CatalogItem
    chain_id: str | None
    agent_id: str | None
    card_url: str | None
    registration: dict[str, Any]
    card: dict[str, Any] | None
    skills_agree: bool | None
    ignored_skills: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        """What is kept beside the item passes the item's checks too (`catalog/checks.py`)."""
        for where, value in (("registration", self.registration), ("card", self.card)):
            if problem := value_problem(value, where):
                raise AgentInvalid(problem)


def agent_record(
    registration: Registration | None,
    card: AgentCard | None,
    prefixes: tuple[str, ...],
    *,
    raw_card: dict[str, Any] | None = None,
    card_url: str | None = None,
    notes: list[str] | None = None,
) -> AgentRecord:
    """Merge what is known; only skill ids under `prefixes` are indexed, the rest are ignored
    (and reported)."""
    notes = list(notes or [])
    name = (card.name if card else "") or (registration.name if registration else "")
    if not name:
        raise AgentInvalid("the agent has no name")
    reg_skills = registration.a2a.skills if registration and registration.a2a else []
    card_skills = [s.id for s in card.skills] if card else []
    declared = list(dict.fromkeys([*reg_skills, *card_skills]))
    indexed = [s for s in declared if s.startswith(prefixes)]
    ignored = [s for s in declared if not s.startswith(prefixes)]
    if ignored:
        notes.append(f"skill ids outside the indexed prefixes: {', '.join(ignored[:8])}")
    agree = None
    if reg_skills and card_skills:
        agree = {s for s in reg_skills if s.startswith(prefixes)} == {
            s for s in card_skills if s.startswith(prefixes)
        }
    card_url = card_url or (registration.card_url if registration else None)
    item_id = _identity(registration, card, card_url, name)
    description = (registration.description if registration else "") or (
        card.description if card else ""
    )
    metadata = _metadata(registration, card, card_url, indexed, declared, notes)
    return AgentRecord(
        item=CatalogItem(
            id=item_id,
            kind=ItemKind.AGENT,
            name=clip(name, 200),
            title=clip(name, 200),
            description=clip(description, 2000),
            metadata=metadata,
            embedding_text=embedding_text(name, description, card, indexed),
        ),
        chain_id=registration.chain_id if registration else None,
        agent_id=registration.agent_id if registration else None,
        card_url=card_url,
        registration=registration.model_dump(mode="json") if registration else {},
        card=raw_card,
        skills_agree=agree,
        ignored_skills=ignored,
        notes=notes,
    )


def _identity(
    registration: Registration | None, card: AgentCard | None, card_url: str | None, name: str
) -> str:
    if registration and registration.chain_id and registration.agent_id:
        return f"agent:{registration.chain_id}:{registration.agent_id}"
    url = (card.url if card else None) or card_url
    if not url:
        raise AgentInvalid("no on-chain id (chainId, agentId) and no card URL to identify it")
    return f"{url}#{name}"


def embedding_text(name: str, description: str, card: AgentCard | None, indexed: list[str]) -> str:
    """Name, description, the card skills' names and descriptions, and the indexed skill ids."""
    parts = [name, description]
    for skill in card.skills if card else []:
        repeats = skill.description in ("", description)  # most cards repeat the description
        parts.append(skill.name if repeats else f"{skill.name}: {skill.description}")
    if indexed:
        parts.append("Skills: " + ", ".join(indexed))
    kept = dict.fromkeys(p.strip().rstrip(".") for p in parts if p.strip())
    return clip(". ".join(kept), EMBEDDING_TEXT_MAX)


def _metadata(
    registration: Registration | None,
    card: AgentCard | None,
    card_url: str | None,
    indexed: list[str],
    declared: list[str],
    notes: list[str],
) -> dict[str, Any]:
    meta: dict[str, Any] = {
        "a2aSkills": indexed,
        "declaredSkills": declared,
        "cardUrl": card_url,
    }
    if registration:
        meta |= {
            "chainId": registration.chain_id,
            "agentId": registration.agent_id,
            "image": registration.image,
            "endpoints": [e.model_dump(exclude={"skills"}) for e in registration.endpoints],
        }
    if card:
        meta |= {
            "url": card.url,
            "version": card.version,
            "protocolVersion": card.protocol_version,
            "provider": card.provider,
            "inputModes": card.input_modes,
            "outputModes": card.output_modes,
            "cardSkills": [
                s.model_dump(include={"id", "name", "description", "tags"}) for s in card.skills
            ],
        }
    if notes:
        meta["notes"] = notes
    return {k: v for k, v in meta.items() if k == "a2aSkills" or v not in (None, [], {})}
