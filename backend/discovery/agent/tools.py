"""`search_archives_db`: the agent's one tool. It returns a short readable text for the model and
the archive records as the tool's artifact (what the answer is built from)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Protocol

from langchain_core.messages import BaseMessage, ToolMessage
from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field

from discovery.agent.more_like import DocFreq, more_like
from discovery.agent.offline.lexical import COVERAGE_POOL, stand_ins
from discovery.agent.offline.querying import content_words
from discovery.agent.offline.terms import stem, stems
from discovery.agent.responses import ArchiveRecord
from discovery.db import ItemKind
from discovery.search import word_forms
from discovery.search.models import MAX_EXCLUDED, InvalidRequest, SearchRequest, Strategy
from discovery.search.service import SearchService
from discovery.search.similar import UnknownItem

SEARCH_TOOL = "search_archives_db"
DESCRIPTION = (
    "Search the heritage archive by meaning. Give ONE concise query with the person's key "
    "concepts (object type, subject, people, place, period). Optional filters narrow by media "
    "type (photograph, painting, print, drawing, sculpture, decorative art, textile) and years. "
    "To find records like one already shown, give its id as `similar_to` (query may be empty)."
)


class SearchArgs(BaseModel):
    query: str = Field(
        default="", description="One concise search query, 2 to 8 words (empty with similar_to)."
    )
    similar_to: str | None = Field(
        default=None,
        description="The id of a shown record: find records like it (by its own vector) "
        "instead of searching the query's words.",
    )
    exclude_ids: list[str] | None = Field(
        default=None,
        description="With similar_to: ids to leave out (shown again only when too few others "
        "share the record's subject words). Default: every record already shown.",
    )
    match_threshold: float = Field(
        default=0.3, ge=0.0, le=1.0, description="Minimum similarity of a record, 0 to 1."
    )
    match_count: int = Field(default=10, ge=1, le=50, description="How many records at most.")
    media_type: str | None = Field(default=None, description="Only this media type.")
    year_from: int | None = Field(default=None, description="Only records from this year on.")
    year_to: int | None = Field(default=None, description="Only records up to this year.")
    leg: Literal["dense"] | None = Field(
        default=None,
        description="Usually left out. 'dense': rank by meaning alone, whatever words the "
        "records share with the query (when records matching one word crowd out the rest).",
    )
    require: list[str] | None = Field(
        default=None,
        description="Words a narrowing adds, which the records shown first must hold (any "
        "singular or plural form): 'woman' for 'only the ones with a woman in them'.",
    )


class SearchArtifact(BaseModel):
    """What one search attempt found (stored with its ToolMessage, as a dict, in the thread)."""

    query: str
    filters: dict[str, Any] = Field(default_factory=dict)
    records: list[ArchiveRecord] = Field(default_factory=list)
    best_score: float | None = None
    text_matched: bool | None = Field(
        default=None,
        description="Whether the BM25 ranking found one of the first records (hybrid only).",
    )
    text_only: list[str] = Field(
        default_factory=list,
        description="Hybrid only: the ids of the shown records that the BM25 ranking found and "
        "the dense ranking did not (not within its depth): held up by their words alone.",
    )
    accepted: bool = True
    closest: bool = Field(
        default=False,
        description="Every attempt was rejected and these are the closest records "
        "(agent/offline/closest.py): shown with a hedged message.",
    )
    error: str | None = None

    @classmethod
    def of(cls, message: BaseMessage) -> SearchArtifact | None:
        """The artifact of a `search_archives_db` result (a tool message named so, or unnamed);
        None for any other message."""
        if not isinstance(message, ToolMessage) or message.name not in (None, SEARCH_TOOL):
            return None
        if not isinstance(message.artifact, dict):
            return None
        return cls.model_validate(message.artifact)


class Reranker(Protocol):
    """Re-orders the records a search found (the offline planner's lexical reranker)."""

    pool: int

    async def rerank(self, query: str, records: list[ArchiveRecord]) -> list[ArchiveRecord]: ...


def held_first(
    records: list[ArchiveRecord],
    required: list[str],
    query: str = "",
    synonyms: Mapping[str, list[str]] | None = None,
) -> list[ArchiveRecord]:
    """The records whose title or description holds every required word (in any singular or
    plural form, by English stem, or a word `synonyms` gives for it: "army" for "soldier")
    first, those holding more of the query's other words before the rest of them, each part
    otherwise in its order; all as they were when none or every one holds them ("smiling
    camera soldier" narrowed to soldiers: the smiling soldiers first)."""
    keys = [_forms(w.lower(), synonyms or {}) for w in required if w.strip()]
    found = {r.id: stems(f"{r.title} {r.description}") for r in records}
    holding = [r for r in records if all(k & found[r.id] for k in keys)]
    if not keys or not holding or len(holding) == len(records):
        return records
    others = stems(" ".join(content_words(query))) - set().union(*keys)
    holding.sort(key=lambda r: -len(others & found[r.id]))  # stable: the order within a share
    ids = {r.id for r in holding}
    return holding + [r for r in records if r.id not in ids]


def _forms(word: str, synonyms: Mapping[str, list[str]]) -> set[str]:
    """The stems that hold `word`: its singular and plural, and its stand-ins' (`stand_ins`:
    the domain's synonyms, the everyday words' list; a phrase by its last word, as the lexical
    grader reads it)."""
    said = [word, *(m.split()[-1] for m in stand_ins(word, synonyms) if m.strip())]
    return {stem(f) for w in said for f in word_forms.forms(w)}


def with_word(query: str, word: str) -> str:
    """`query` with `word` added, unless it holds the word or another form of it (by English
    stem, as the text ranking reads it: "textiles" holds textile, "architectural" architecture)."""
    if stem(word) in stems(query):
        return query
    return f"{query} {word}".strip()


def filters_of(args: dict[str, Any]) -> dict[str, Any]:
    """The filter arguments of a tool call that are set."""
    keys = ("media_type", "year_from", "year_to", "similar_to", "leg")
    return {k: args[k] for k in keys if args.get(k) is not None}


def describe(artifact: SearchArtifact, limit: int = 5) -> str:
    """The readable text the model gets: counts, best score and the first few titles."""
    if artifact.error:
        return f"The search could not run: {artifact.error}."
    if not artifact.records:
        return f'No records matched "{artifact.query}".'
    lines = [
        f'{len(artifact.records)} records for "{artifact.query}" '
        f"(best similarity {artifact.best_score:.2f}). The first ones:"
    ]
    for i, r in enumerate(artifact.records[:limit], 1):
        facts = ", ".join(x for x in (r.date, r.media_type, r.place) if x)
        lines.append(f"{i}. {r.title[:140]} ({facts})" if facts else f"{i}. {r.title[:140]}")
    return "\n".join(lines)


def make_search_tool(
    search: SearchService,
    reranker: Reranker | None = None,
    terms: DocFreq | None = None,
    synonyms: Mapping[str, list[str]] | None = None,
) -> BaseTool:
    """The tool over the engine's archive search (the strategy a client gets by default:
    `DISCOVERY_ARCHIVE_STRATEGY`). With a reranker, the first `reranker.pool` records are
    re-ordered by it and cut to `match_count` (the graph gives hybrid search its own,
    `CoverageReranker`), except a search by a record's vector, and over hybrid search one on
    the dense ranking alone (a refinement that asks for it). A call's `require` puts the
    records holding those words first (`held_first`; `synonyms`: the domain's, which hold a
    word too)."""
    hybrid = search.settings.discovery_archive_strategy.value == Strategy.HYBRID.value

    async def search_archives_db(
        query: str = "",
        match_threshold: float = 0.3,
        match_count: int = 10,
        media_type: str | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        similar_to: str | None = None,
        exclude_ids: list[str] | None = None,
        leg: str | None = None,
        require: list[str] | None = None,
    ) -> tuple[str, dict[str, Any]]:
        if media_type and media_type.lower() not in await search.archive_media_types():
            # A type the archive's records do not carry would filter every record out: search
            # for its word instead (measured: the CMOA set without classifications), unless the
            # query says it already ("textiles" for textile: twice would weigh it double).
            query, media_type = with_word(query, media_type), None
        args = {"media_type": media_type, "year_from": year_from, "year_to": year_to}
        args["similar_to"], args["leg"] = similar_to, leg
        dense = {"strategy": Strategy.DIRECT} if leg == "dense" and not similar_to else {}
        asked_dense = hybrid and leg == "dense"
        rerank = reranker if not similar_to and not asked_dense else None
        # the records re-ordered before the cut: the reranker's pool, or what `require` sorts
        pool = rerank.pool if rerank else COVERAGE_POOL if require else 0
        try:
            given = {"query": query} if query.strip() or not similar_to else {}
            request = SearchRequest.build(
                **given,
                similar_to=similar_to or None,
                exclude_ids=(exclude_ids or [])[:MAX_EXCLUDED] if similar_to else None,
                item_type=ItemKind.ARCHIVE,  # the archive's default strategy (a setting)
                limit=max(match_count, pool),
                tool_threshold=match_threshold,
                media_types=[media_type.lower()] if media_type else None,
                date_from=year_from,
                date_to=year_to,
                **dense,
            )
        except InvalidRequest as exc:
            artifact = SearchArtifact(query=query, filters=filters_of(args), error=str(exc))
            return describe(artifact), artifact.model_dump()
        try:
            if similar_to:  # its vector and its words (more_like.py)
                response = await more_like(
                    search, similar_to, limit=request.limit or match_count,
                    threshold=match_threshold, media_types=request.media_types,
                    year_from=year_from, year_to=year_to, exclude_ids=request.exclude_ids or (),
                    terms=terms,
                )  # fmt: skip
            else:
                response = await search.search(request)
        except UnknownItem as exc:  # a similar_to id that is not (or no longer) in the catalog
            artifact = SearchArtifact(query=query, filters=filters_of(args), error=str(exc))
            return describe(artifact), artifact.model_dump()
        records = [ArchiveRecord.from_hit(hit) for hit in response.items]
        if rerank is not None:
            records = await rerank.rerank(request.query, records)
        if require and not similar_to:  # "only the ones with a woman in them"
            records = held_first(records, require, request.query, synonyms)
        records = records[:match_count]
        ranks = response.metadata.leg_ranks
        artifact = SearchArtifact(
            query=response.query,
            filters=filters_of(args),
            records=records,
            best_score=max((r.score for r in records), default=None),
            text_matched=None
            if ranks is None
            else any(ranks[r.id].text is not None for r in records[:3] if r.id in ranks),
            text_only=[
                r.id for r in records if (legs := (ranks or {}).get(r.id)) and legs.dense is None
            ],
        )
        return describe(artifact), artifact.model_dump()

    return StructuredTool.from_function(
        coroutine=search_archives_db,
        name=SEARCH_TOOL,
        description=DESCRIPTION,
        args_schema=SearchArgs,
        response_format="content_and_artifact",
    )
