"""The agent search's request (exactly what the admin console sends, camelCase) and its answer,
and turning a request into what to search for: an intent's required skills and its text."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from discovery.intents import IntentRegistry, IntentType, UnknownIntentError
from discovery.search.models import MAX_QUERY_CHARS, InvalidRequest
from discovery.text import RequestModel

MAX_TOP_K = 200


class _Camel(BaseModel):
    """What the service answers, in the console's camelCase (built from the registry's own rows:
    no request-text check, which cost about half a millisecond a search)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class AgentSearchRequest(RequestModel):
    """An intent (`intentType`, or `intentJson`: `{intentType, action?, query?}`), a text, or
    both: what the admin console sends."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    intent_type: str | None = Field(
        default=None, max_length=200, description="e.g. governance.membership.add"
    )
    intent_json: str | None = Field(
        default=None,
        max_length=4000,
        description='A JSON string: {"intentType": ..., "action"?: ..., "query"?: ...}.',
    )
    text: str | None = Field(
        default=None, max_length=MAX_QUERY_CHARS, description="What the user asked, in words."
    )
    required_skills: list[Annotated[str, Field(max_length=200)]] | None = Field(
        default=None,
        max_length=50,
        description="Overrides the intent's required skills ([] searches without a skill filter).",
    )
    top_k: int | None = Field(default=None, ge=1, le=MAX_TOP_K, description="Default 50.")
    min_score: float | None = Field(default=None, ge=0.0, le=1.0, description="Default 0.")
    require_all_skills: bool = Field(
        default=False, description="An agent must hold every required skill (default: any one)."
    )
    live: bool = Field(
        default=False, description="Only agents whose card was fetched at the last sync."
    )
    verified: bool = Field(default=False, description="Only agents whose card signature verified.")
    chain_id: str | None = Field(
        default=None, max_length=100, description="Only agents on this chain."
    )


class Endpoint(_Camel):
    name: str
    endpoint: str
    version: str | None = None


class AgentOut(_Camel):
    id: str
    chain_id: str | None
    agent_id: str | None
    name: str
    description: str
    image: str | None
    endpoints: list[Endpoint]
    card_url: str | None
    skills: list[str] = Field(description="The agent's indexed skill ids.")


class AgentMatch(_Camel):
    agent: AgentOut
    score: float = Field(description="Cosine similarity with the query text, in [0, 1].")
    matched_skills: list[str]
    missing_skills: list[str]
    coverage: float = Field(description="Share of the required skills the agent holds.")
    match_reasons: list[str]
    live: bool
    last_seen: datetime | None
    verified: bool
    skills_agree: bool | None = Field(
        description="Whether the card's skill ids agree with the registration's (null: one side "
        "is missing)."
    )


class AgentSearchResult(_Camel):
    matches: list[AgentMatch]
    intent_type: str | None
    required_skills: list[str]
    query_text: str
    total: int = Field(description="Every agent that passed the filter and the threshold.")
    by_chain: dict[str, int]
    notice: str | None = Field(
        default=None, description="e.g. an intent with no executable skills."
    )
    time_ms: float


@dataclass(frozen=True)
class AgentQuery:
    """A request resolved: what to embed, which skills to filter on."""

    intent: IntentType | None
    user_text: str
    required_skills: list[str]
    text: str
    notice: str | None
    intent_text: str = ""  # "{label}. {description}" of the intent, when there is one


def resolve(request: AgentSearchRequest, registry: IntentRegistry) -> AgentQuery:
    """The intent, its required skills and the query text `"{label}. {description}. {text}"`;
    `InvalidRequest` for what cannot be understood."""
    payload = _intent_json(request.intent_json)
    intent_type = request.intent_type or payload.get("intentType")
    if request.intent_type and payload.get("intentType") not in (None, request.intent_type):
        raise _invalid("intentJson", "mismatch", "intentType and intentJson.intentType differ")
    user_text = " ".join(
        t.strip() for t in (str(payload.get("query") or ""), request.text or "") if t and t.strip()
    )
    if not intent_type and not user_text:
        raise _invalid("request", "empty_query", "give an intentType, an intentJson or a text")
    intent = None
    if intent_type:
        try:
            intent = registry.get(str(intent_type))
        except UnknownIntentError as exc:
            raise _invalid("intentType", "unknown_intent", str(exc)) from None
    required = request.required_skills
    if required is None:
        required = list(intent.required_skills) if intent else []
    notice = None
    if intent and not intent.executable and request.required_skills is None:
        notice = f"{intent.id} has no executable skills: agents are ranked by meaning alone"
    parts = [intent.label, intent.description] if intent else []
    intent_text = ". ".join(p.strip().rstrip(".") for p in parts if p.strip())
    text = ". ".join(p.strip().rstrip(".") for p in (intent_text, user_text) if p.strip())
    skills = list(dict.fromkeys(required))
    return AgentQuery(intent, user_text, skills, text[:2000], notice, intent_text)


def _intent_json(raw: str | None) -> dict[str, Any]:
    if raw is None or not raw.strip():
        return {}
    try:
        payload = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise _invalid("intentJson", "invalid_json", f"intentJson is not JSON: {exc}") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("intentType"), str):
        raise _invalid("intentJson", "no_intent_type", "intentJson has no intentType (a string)")
    return payload


def _invalid(field: str, kind: str, message: str) -> InvalidRequest:
    return InvalidRequest([{"field": field, "type": kind, "message": message}])
