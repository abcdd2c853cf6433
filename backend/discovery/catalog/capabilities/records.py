"""What a capability is made of: the run that creates it (code, the intent it served, the tools
it called, the outcome), its catalog item, and what the store answers."""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, Field, field_validator

from discovery.catalog.records import CatalogItem
from discovery.catalog.text import clip, humanize
from discovery.db.executions import ExecutionStats, SuccessPrior
from discovery.db.schema import ItemKind
from discovery.text import RequestModel

CAPABILITY_PREFIX = "capability:"
MAX_CODE_CHARS = 100_000
MAX_TOOLS = 50
MAX_SCHEMA_CHARS = 20_000
_NAME_WORDS = 8

ToolId = Annotated[str, Field(min_length=1, max_length=500, pattern=r"^[^\x00]+$")]


class Outcome(RequestModel):
    """One run of a tool or a capability."""

    success: bool
    duration_ms: float = Field(ge=0, le=86_400_000, description="How long the run took.")
    error: str | None = Field(
        default=None, max_length=4000, pattern=r"^[^\x00]*$", description="What went wrong."
    )
    trace_id: str | None = Field(
        default=None,
        min_length=1,
        max_length=200,
        pattern=r"^[^\x00]*$",
        description="Runs that share a trace were made together (the co-usage graph).",
    )


class CapabilityDraft(RequestModel):
    """A capability as a client describes it (before it has an id and statistics)."""

    intent: str = Field(
        min_length=1,
        max_length=1000,
        pattern=r"^[^\x00]*\S[^\x00]*$",
        description="The intent the code served; the description when none is given.",
    )
    name: str | None = Field(
        default=None,
        min_length=1,
        max_length=200,
        pattern=r"^[^\x00]*\S[^\x00]*$",
        description="Default: made from the intent's first words (snake_case).",
    )
    description: str | None = Field(default=None, max_length=2000, pattern=r"^[^\x00]*$")
    code_snippet: str = Field(
        min_length=1, max_length=MAX_CODE_CHARS, pattern=r"^[^\x00]*\S[^\x00]*$"
    )
    tools_used: list[ToolId] = Field(
        default_factory=list,
        max_length=MAX_TOOLS,
        description="The ids of the catalog tools it called, in order.",
    )
    parameters_schema: dict[str, Any] | None = Field(
        default=None,
        max_length=100,
        description="A JSON Schema of its parameters, if it takes any (at most "
        f"{MAX_SCHEMA_CHARS:,} characters as JSON).",
    )

    @field_validator("parameters_schema")
    @classmethod
    def _schema_size(cls, schema: dict[str, Any] | None) -> dict[str, Any] | None:
        if schema is not None and len(json.dumps(schema)) > MAX_SCHEMA_CHARS:
            raise ValueError(
                f"the parameters schema is longer than {MAX_SCHEMA_CHARS:,} characters"
            )
        return schema


class CapabilityRun(CapabilityDraft):
    """`POST /api/v1/capabilities`: a run of code that may become a capability."""

    outcome: Outcome


def capability_id(code: str) -> str:
    """The same code is the same capability, whoever ran it for whatever intent."""
    digest = hashlib.sha256(code.strip().encode("utf-8")).hexdigest()
    return CAPABILITY_PREFIX + digest[:16]


def name_from(intent: str) -> str:
    """`Read a file, then count its lines` -> `read_a_file_then_count_its_lines`."""
    words = re.findall(r"[^\W_]+", intent.lower())[:_NAME_WORDS]
    return "_".join(words)[:80] or "capability"


def capability_item(draft: CapabilityDraft, tool_names: dict[str, str]) -> CatalogItem:
    """The catalog item, embedded from its name, description and the names of its tools."""
    name = (draft.name or name_from(draft.intent)).strip()
    description = (draft.description or draft.intent).strip()
    tools = [tool_names[t] for t in draft.tools_used if t in tool_names]
    text = f"{humanize(name)}: {description}"
    if tools:
        text += ". Tools: " + ", ".join(humanize(t) for t in dict.fromkeys(tools))
    metadata: dict[str, Any] = {
        "code_snippet": draft.code_snippet,
        "tools_used": list(dict.fromkeys(draft.tools_used)),
        "intent": draft.intent.strip(),
    }
    if draft.parameters_schema is not None:
        metadata["parameters_schema"] = draft.parameters_schema
    return CatalogItem(
        id=capability_id(draft.code_snippet),
        kind=ItemKind.CAPABILITY,
        name=name,
        title=name,
        description=description,
        summary=clip(description, 240),
        metadata=metadata,
        embedding_text=clip(text, 2000),
    )


class StatsOut(BaseModel):
    """An item's runs: counts, the smoothed success rate, the last use."""

    executions: int = Field(description="Runs recorded (successes + failures).")
    successes: int
    failures: int
    success_rate: float = Field(
        description="Smoothed with a Beta prior (docs); the untried rate when it never ran."
    )
    usage_count: int = Field(description="The same as executions.")
    mean_duration_ms: float | None
    last_used_at: datetime | None

    @classmethod
    def of(cls, stats: ExecutionStats, prior: SuccessPrior) -> StatsOut:
        return cls(
            executions=stats.runs,
            successes=stats.successes,
            failures=stats.failures,
            success_rate=round(stats.success_rate(prior), 4),
            usage_count=stats.runs,
            mean_duration_ms=(
                round(stats.mean_duration_ms, 3) if stats.mean_duration_ms is not None else None
            ),
            last_used_at=stats.last_used_at,
        )


class Capability(BaseModel):
    id: str
    name: str
    description: str
    code_snippet: str
    tools_used: list[str]
    parameters_schema: dict[str, Any] | None
    success_rate: float
    usage_count: int
    created_at: datetime
    last_used_at: datetime | None
    is_active: bool
    stats: StatsOut


class ExecutionRecorded(BaseModel):
    item_id: str
    execution_id: int
    stats: StatsOut
