"""The agent's typed answer: results (records from the best search attempt's artifact, never
written by the model) or a message. Both carry the same fields, told apart by `response_type`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from discovery.agent.intents import Intent
from discovery.search.results import ItemHit


class ArchiveRecord(BaseModel):
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    id: str
    kind: str = "archive"
    title: str
    description: str
    summary: str
    creator: str = ""
    date: str = ""
    date_start: int | None = None
    date_end: int | None = None
    place: str = ""
    media_type: str = ""
    url: str = ""
    thumbnail: str = ""
    score: float = Field(description="Cosine similarity with the query that found it.")

    @classmethod
    def from_hit(cls, hit: ItemHit) -> ArchiveRecord:
        meta: dict[str, Any] = hit.metadata
        return cls(
            id=hit.id,
            kind=hit.kind.value,
            title=hit.title,
            description=hit.description,
            summary=hit.summary,
            creator=str(meta.get("creator") or ""),
            date=str(meta.get("date") or ""),
            date_start=meta.get("date_start"),
            date_end=meta.get("date_end"),
            place=str(meta.get("place") or ""),
            media_type=str(meta.get("media_type") or ""),
            url=str(meta.get("url") or ""),
            thumbnail=str(meta.get("thumbnail") or ""),
            score=round(hit.score, 4),
        )


AttemptReason = Literal["ok", "empty", "weak", "irrelevant"]
Strategy = Literal["initial", "broaden", "specify", "synonyms", "feedback", "dense", "llm"]


class Attempt(BaseModel):
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    attempt: int
    query: str
    filters: dict[str, Any] = Field(default_factory=dict)
    count: int
    best_score: float | None
    reason: AttemptReason = Field(description="ok, or why the attempt was not good enough.")
    strategy: Strategy = Field(description="How this attempt's query was written.")
    accepted: bool
    corrected_from: str | None = Field(
        default=None, description="The query as written, when its spelling was corrected."
    )


class SpellingNote(BaseModel):
    """What the person typed and what was searched instead (spelling corrected)."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    original: str = Field(description="The person's text as typed.")
    corrected: str = Field(description="The same text with its misspellings corrected.")
    changes: dict[str, str] = Field(description="Each corrected word and its correction.")


class _Response(BaseModel):
    # Every field is always sent: the OpenAPI output schema says so (generated clients rely on it).
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    archives: list[ArchiveRecord] = Field(default_factory=list)
    total: int = 0
    query: str | None = None
    message: str | None = None
    intent: Intent
    attempts: list[Attempt] = Field(default_factory=list)
    spelling: SpellingNote | None = Field(
        default=None,
        description="Set when the search ran with corrected spelling; ask again with "
        "`spelling: false` to search exactly what was typed.",
    )
    thread_id: str | None = None


class ResultsResponse(_Response):
    response_type: Literal["results"] = "results"


class MessageResponse(_Response):
    response_type: Literal["message"] = "message"


AgentResponse = Annotated[ResultsResponse | MessageResponse, Field(discriminator="response_type")]
AGENT_RESPONSE: TypeAdapter[ResultsResponse | MessageResponse] = TypeAdapter(AgentResponse)
