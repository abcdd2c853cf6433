"""Typed requests and responses of the search engine: the query text every interface shares,
the one request type (the body of `POST /api/v1/search`), the plan the service runs, and the
one validation error."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import (
    AfterValidator,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from discovery.db.schema import ItemKind
from discovery.search.fusion import FusionPlan
from discovery.text import RequestModel, text_problem

if TYPE_CHECKING:
    from discovery.settings import Settings

MAX_QUERY_CHARS = 1000
MAX_FILTER_VALUES = 50
"""A list filter (media types, skill ids) holds at most this many values, each at most
`MAX_FILTER_CHARS` characters."""
MAX_FILTER_CHARS = 200
MAX_EXCLUDED = 100
"""Ids a caller may leave out at once (the records it already shows)."""


class Strategy(StrEnum):
    DIRECT = "direct"
    HIERARCHICAL = "hierarchical"
    HYBRID = "hybrid"


def _query_text(value: str) -> str:
    value = value.strip()
    if not value:
        raise PydanticCustomError("empty_query", "the query is empty")
    if len(value) > MAX_QUERY_CHARS:
        raise PydanticCustomError(
            "too_long", "the query is longer than {limit} characters", {"limit": MAX_QUERY_CHARS}
        )
    if "\x00" in value:
        raise PydanticCustomError("nul_character", "the query cannot contain NUL characters")
    return value


QueryText = Annotated[
    str,
    AfterValidator(_query_text),
    Field(
        description=f"Plain words, 1 to {MAX_QUERY_CHARS:,} characters (surrounding spaces "
        "are dropped).",
        json_schema_extra={"minLength": 1, "maxLength": MAX_QUERY_CHARS},
    ),
]
"""The text a person or an agent searches with: the search query, an agent message, a chat
turn. Empty (after stripping) is the error type `empty_query` (a 400 from the API)."""


FilterValue = Annotated[str, Field(max_length=MAX_FILTER_CHARS)]


class InvalidRequest(ValueError):
    """A request that cannot be run: `errors` as `{field, type, message}`. An empty query is a
    400 for the API (`is_empty_query`); anything else a 422."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{e['field']}: {e['message']}" for e in errors))

    @classmethod
    def from_pydantic(cls, exc: ValidationError) -> InvalidRequest:
        return cls([error_detail(e) for e in exc.errors()])

    @property
    def is_empty_query(self) -> bool:
        return any(e["type"] == "empty_query" for e in self.errors)


def error_detail(error: Any) -> dict[str, Any]:
    """One pydantic error as `{field, type, message}`."""
    field = ".".join(str(p) for p in error["loc"]) or "request"
    message = str(error["msg"]).removeprefix("Value error, ")
    kind = error["type"]
    if kind == "string_unicode":  # a constrained str met a lone surrogate before our check
        problem = text_problem(error.get("input"))
        kind, message = "invalid_text", f"the text {problem or 'is not valid Unicode'}"
    return {"field": field, "type": kind, "message": message}


_QUERY_TEXT: TypeAdapter[str] = TypeAdapter(QueryText)


def query_text(value: str, field: str = "query") -> str:
    """`value` as a valid query text (stripped), else `InvalidRequest`."""
    try:
        return _QUERY_TEXT.validate_python(value)
    except ValidationError as exc:
        errors = [error_detail(e) | {"field": field} for e in exc.errors()]
        raise InvalidRequest(errors) from None


@dataclass(frozen=True)
class SearchFilters:
    """What the items must be: kinds, skills, media types, a period (years, inclusive)."""

    kinds: tuple[ItemKind, ...] | None = None
    skill_ids: tuple[str, ...] | None = None
    media_types: tuple[str, ...] | None = None
    date_from: int | None = None
    date_to: int | None = None

    def sql_args(self) -> dict[str, Any]:
        """The arguments of the SQL search functions (`match_items`, `match_items_text`)."""
        return {
            "filter_kinds": [k.value for k in self.kinds] if self.kinds else None,
            "filter_skill_ids": list(self.skill_ids) if self.skill_ids else None,
            "active_only": True,
            "filter_media_types": list(self.media_types) if self.media_types else None,
            "date_from": self.date_from,
            "date_to": self.date_to,
        }


@dataclass(frozen=True)
class SearchPlan:
    """A request with every default filled in: what the service runs."""

    query: str
    strategy: Strategy
    limit: int
    fusion: FusionPlan
    skill_limit: int
    skill_threshold: float
    tool_threshold: float
    include_schemas: bool
    filters: SearchFilters


class SearchRequest(RequestModel):
    """A search as a client asks for it. Fields left out take the configured defaults (a
    search of a tool catalog, `item_type` given and not archive, takes the tool skill ones)."""

    query: QueryText = Field(
        default="", description="What to search for; may be left out when `similar_to` is given."
    )
    similar_to: FilterValue | None = Field(
        default=None,
        description="An item id: rank by that item's own stored vector (more like this; no text "
        "is embedded, the item itself is left out), with the same filters. 404 if unknown.",
    )
    exclude_ids: list[FilterValue] | None = Field(
        default=None,
        max_length=MAX_EXCLUDED,
        description="With similar_to: ids to leave out (those already shown).",
    )
    item_type: ItemKind | None = Field(
        default=None, description="Only items (and skills) of this kind."
    )
    strategy: Strategy | None = Field(
        default=None,
        description="hierarchical (skills, then items in them), direct, or hybrid (dense and "
        "BM25 rankings fused). Default: the best measured for the kind (archives: hybrid; "
        "tool catalogs: hierarchical; settings DISCOVERY_ARCHIVE_STRATEGY, "
        "DISCOVERY_TOOL_STRATEGY).",
    )
    limit: int | None = Field(
        default=None, ge=1, le=100, description="How many items at most; default 5 (a setting)."
    )
    skill_limit: int | None = Field(
        default=None,
        ge=1,
        le=50,
        description="Stage 1's skills at most; default 3, or 8 with an item_type other than "
        "archive.",
    )
    skill_threshold: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        description="Stage 1's similarity floor; default 0.4, or 0.1 with an item_type other "
        "than archive.",
    )
    tool_threshold: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        description="Stage 2's similarity floor; default 0.3, or 0 with an item_type other "
        "than archive.",
    )
    include_schemas: bool = Field(
        default=False,
        description="Load tools' input schemas into metadata.input_schema, only for the "
        "returned tools (null when the load fails).",
    )
    media_types: list[FilterValue] | None = Field(
        default=None, max_length=MAX_FILTER_VALUES, description="Archive media types."
    )
    date_from: int | None = Field(
        default=None, ge=-10000, le=10000, description="From this year, inclusive."
    )
    date_to: int | None = Field(
        default=None, ge=-10000, le=10000, description="To this year, inclusive."
    )
    skill_ids: list[FilterValue] | None = Field(
        default=None, max_length=MAX_FILTER_VALUES, description="Items in any of these skills."
    )

    @model_validator(mode="after")
    def _query_or_similar_to(self) -> SearchRequest:
        if not self.query and not self.similar_to:
            raise PydanticCustomError(
                "query_or_similar_to", "give a query, or an item id as similar_to"
            )
        return self

    @field_validator("media_types", "skill_ids", "exclude_ids")
    @classmethod
    def _no_nul(cls, values: list[str] | None) -> list[str] | None:
        if values and any("\x00" in v for v in values):
            raise ValueError("text cannot contain NUL characters")
        return values

    @classmethod
    def build(cls, **fields: Any) -> SearchRequest:
        """Validate, raising `InvalidRequest` (never pydantic's own error)."""
        try:
            return cls(**fields)
        except ValidationError as exc:
            raise InvalidRequest.from_pydantic(exc) from None

    @property
    def tool_catalog(self) -> bool:
        """A search of a tool catalog: an item kind given, and not archive."""
        return self.item_type is not None and self.item_type is not ItemKind.ARCHIVE

    def plan(self, settings: Settings) -> SearchPlan:
        """Every field left out (None) filled from `settings`."""
        if self.tool_catalog:
            skill_limit, skill_threshold = (
                settings.discovery_tool_skill_limit,
                settings.discovery_tool_skill_threshold,
            )
            default = settings.discovery_tool_strategy
            fusion = FusionPlan.for_tools(settings)
        else:
            skill_limit, skill_threshold = (
                settings.discovery_skill_limit,
                settings.discovery_skill_threshold,
            )
            default = settings.discovery_archive_strategy
            fusion = FusionPlan.for_archives(settings)
        return SearchPlan(
            query=self.query,
            strategy=self.strategy or Strategy(default.value),
            fusion=fusion,
            limit=_given(self.limit, settings.discovery_tool_limit),
            skill_limit=_given(self.skill_limit, skill_limit),
            skill_threshold=_given(self.skill_threshold, skill_threshold),
            tool_threshold=_given(
                self.tool_threshold,
                settings.discovery_tool_catalog_threshold
                if self.tool_catalog
                else settings.discovery_tool_threshold,
            ),
            include_schemas=self.include_schemas,
            filters=SearchFilters(
                kinds=(self.item_type,) if self.item_type else None,
                skill_ids=tuple(self.skill_ids) if self.skill_ids else None,
                media_types=tuple(self.media_types) if self.media_types else None,
                date_from=self.date_from,
                date_to=self.date_to,
            ),
        )


def _given(value: Any, default: Any) -> Any:
    return default if value is None else value
