"""`catalog_facts`: the agent's second tool. For "how many ...", "who made ..." and "what periods
..." it returns what the catalog's metadata says about the records matching a subject and
filters (`search.facts`: the count, the top creators, the decades and centuries), as a short
text for the model and the facts as the tool's artifact. It is not a search: the refinement
middleware leaves it alone (it wraps `search_archives_db` only)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

from langchain_core.messages import BaseMessage, ToolMessage
from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field

from discovery.agent.tools import SearchArtifact, filters_of
from discovery.db import Database
from discovery.search.facts import WORD_RE, archive_facts
from discovery.search.facts_models import ArchiveFacts, FactsQuery
from discovery.search.facts_terms import swap_words

FACTS_TOOL = "catalog_facts"
DESCRIPTION = (
    "Facts computed from the archive's catalog about the records matching a subject: how many "
    "there are, who made them (top creators with counts) and when (records per decade and "
    "century, earliest and latest year). Use it for questions such as 'how many photographs of "
    "X?', 'who took these?', 'what decades are they from?', 'how old are they?'. A record "
    "matches when its text holds every word of `subject` and it passes the filters; for a "
    "question about the records just shown, repeat that search's subject and filters (after a "
    "similar_to search, which has no subject, give the shown ids as `item_ids`). Answer with "
    "the figures it returns, never with estimates."
)


class FactsArgs(BaseModel):
    subject: str = Field(
        default="",
        description="The subject's key words (names, things, places), without the media type "
        "or the period; empty for the whole archive.",
    )
    media_type: str | None = Field(default=None, description="Only this media type.")
    year_from: int | None = Field(default=None, description="Only records from this year on.")
    year_to: int | None = Field(default=None, description="Only records up to this year.")
    item_ids: list[str] | None = Field(
        default=None,
        description='The ids of shown records, for a question about exactly those ("who took '
        'these?" after a similar_to search, which has no subject); `subject` then only '
        "narrows them (empty, or the words they must also hold).",
    )


class FactsArtifact(BaseModel):
    """What one facts call found (stored with its ToolMessage, as a dict, in the thread)."""

    subject: str = ""
    """The words every counted record holds (fewer than asked when no record held them all)."""
    asked: str = ""
    """The subject as asked, when it differs from `subject` (relaxed)."""
    unquoted: bool = False
    """Whether no record held the asked "phrase" as written, so its words were counted."""
    replaced: dict[str, str] = Field(default_factory=dict)
    """Words asked that no record uses, counted as the catalog's word for them ("sax":
    "saxophone")."""
    filters: dict[str, Any] = Field(default_factory=dict)
    total: int = 0
    creators: list[tuple[str, int]] = Field(default_factory=list)
    decades: list[tuple[int, int]] = Field(default_factory=list)
    centuries: list[tuple[int, int]] = Field(default_factory=list)
    earliest: int | None = None
    latest: int | None = None
    undated: int = 0
    item_ids: list[str] = Field(default_factory=list)
    """The records asked about, when the question named them rather than a subject."""
    error: str | None = None

    @classmethod
    def of(cls, message: BaseMessage) -> FactsArtifact | None:
        """The artifact of a `catalog_facts` result; None for any other message."""
        if not isinstance(message, ToolMessage) or message.name != FACTS_TOOL:
            return None
        if not isinstance(message.artifact, dict):
            return None
        return cls.model_validate(message.artifact)

    def facts(self) -> ArchiveFacts:
        return ArchiveFacts(
            total=self.total,
            creators=[(c, n) for c, n in self.creators],
            decades=[(d, n) for d, n in self.decades],
            century_counts=[(c, n) for c, n in self.centuries],
            earliest=self.earliest,
            latest=self.latest,
            undated=self.undated,
        )


def last_counted(messages: Sequence[BaseMessage]) -> FactsArtifact | None:
    """The facts of the thread's last answer, when that answer was a catalog question about a
    subject or a kind of record ("what's the number of textiles you hold?") and no search came
    after it: "and how many of those date before 1700?" asks about the same records."""
    for message in reversed(messages):
        if SearchArtifact.of(message) is not None:
            return None
        if (artifact := FactsArtifact.of(message)) is not None:
            named = artifact.subject or artifact.filters
            return artifact if named and not artifact.item_ids and not artifact.error else None
    return None


def describe_facts(artifact: FactsArtifact) -> str:
    """The readable text the model gets."""
    if artifact.error:
        return f"The facts could not be computed: {artifact.error}."
    what = f'records matching "{artifact.subject}"' if artifact.subject else "records"
    if artifact.item_ids:
        what = f"of the {len(artifact.item_ids)} records asked about, records"
    if artifact.filters:
        what += " (" + ", ".join(f"{k} {v}" for k, v in artifact.filters.items()) + ")"
    lines = [f"{artifact.total} {what}."]
    if artifact.unquoted:
        lines.insert(0, f"No record holds the phrase {artifact.asked} as written; its words:")
    elif artifact.replaced:
        said, mates = _quoted(artifact.replaced), _quoted(artifact.replaced.values())
        lines.insert(0, f"No record uses {said}; counted as the catalog's word for it, {mates}:")
    elif artifact.asked:
        lines.insert(0, f'No record holds every word of "{artifact.asked}".')
    if artifact.total:
        creators = "; ".join(f"{c} ({n})" for c, n in artifact.creators)
        decades = ", ".join(f"{d}s: {n}" for d, n in artifact.decades)
        lines.append(f"Top creators: {creators or 'none recorded'}.")
        lines.append(f"Records per decade: {decades or 'none dated'}.")
        if artifact.earliest is not None:
            lines.append(f"Earliest {artifact.earliest}, latest {artifact.latest}.")
        if artifact.undated:
            lines.append(f"{artifact.undated} undated.")
    return "\n".join(lines)


def _quoted(words: Iterable[str]) -> str:
    return ", ".join(f'"{w}"' for w in words)


def matched_subject(subject: str, dropped: list[str]) -> str:
    """`subject` as the count used it: its phrases and words without the `dropped` ones."""
    if not dropped:
        return subject
    parts = re.findall(r'"[^"]*"|[^\s"]+', subject)
    gone = set(dropped)
    return " ".join(p for p in parts if not {w.lower() for w in WORD_RE.findall(p)} & gone)


def media_type_named(subject: str, media_types: set[str]) -> str | None:
    """The catalog's media type that `subject` is nothing but the name of ("books" when the
    catalog has records of type "book", "documents", "films"), or None: "how many books does
    the collection hold?" counts the books, not every record whose text says "books"."""
    said = " ".join(subject.lower().split()).strip(" .?!")
    for name in (
        said,
        said[:-1] if said.endswith("s") else "",
        said[:-2] if said.endswith("es") else "",
    ):
        if name and name in media_types:
            return name
    return None


MediaTypes = Callable[[], Awaitable[set[str]]]


def make_facts_tool(db: Database, media_types: MediaTypes | None = None) -> BaseTool:
    """`media_types` gives the catalog's media types: a subject that only names one of them is
    counted as that media type (`media_type_named`)."""

    async def catalog_facts(
        subject: str = "",
        media_type: str | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        item_ids: list[str] | None = None,
    ) -> tuple[str, dict[str, Any]]:
        ids = list(dict.fromkeys(item_ids or []))
        named = (
            media_type_named(subject, await media_types())
            if media_types is not None and not media_type and not ids and subject.strip()
            else None
        )
        if named:
            subject, media_type = "", named
        filters = filters_of({"media_type": media_type, "year_from": year_from, "year_to": year_to})
        try:
            query = FactsQuery(
                subject=subject,
                media_types=[media_type.lower()] if media_type else None,
                date_from=year_from,
                date_to=year_to,
                item_ids=ids or None,
            )
        except ValueError as exc:
            artifact = FactsArtifact(subject=subject, filters=filters, error=str(exc))
            return describe_facts(artifact), artifact.model_dump(mode="json")
        async with db.connection() as conn:
            facts = await archive_facts(conn, query)
        said = query.subject.replace('"', " ").strip() if facts.unquoted else query.subject
        held = matched_subject(swap_words(said, facts.replaced_words), facts.dropped_words)
        artifact = FactsArtifact(
            subject=held,
            asked=query.subject if held != query.subject else "",
            unquoted=facts.unquoted,
            replaced=facts.replaced_words,
            filters=filters,
            item_ids=ids,
            total=facts.total,
            creators=facts.creators,
            decades=facts.decades,
            centuries=facts.centuries,
            earliest=facts.earliest,
            latest=facts.latest,
            undated=facts.undated,
        )
        return describe_facts(artifact), artifact.model_dump(mode="json")

    return StructuredTool.from_function(
        coroutine=catalog_facts,
        name=FACTS_TOOL,
        description=DESCRIPTION,
        args_schema=FactsArgs,
        response_format="content_and_artifact",
    )
