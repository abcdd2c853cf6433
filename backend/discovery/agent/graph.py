"""Wiring: the chat model (Gemini or the local planner), the classifier, refiner and grader,
the middleware stack and the checkpointer, assembled into one `create_agent` graph."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import date
from typing import Any

from langchain.agents import create_agent
from langchain.agents.middleware import (
    AgentMiddleware,
    ModelFallbackMiddleware,
    ModelRequest,
    ToolRetryMiddleware,
    dynamic_prompt,
)
from langchain_core.language_models import BaseChatModel
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.graph.state import CompiledStateGraph
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from discovery import prompts
from discovery.agent.domain import DomainConfig, Vocabulary, load_vocabulary
from discovery.agent.facts_tool import make_facts_tool
from discovery.agent.intents import IntentClassifier
from discovery.agent.llm_steps import LLMIntentClassifier, LLMRefiner, LLMRelevanceGrader
from discovery.agent.middleware import AnswerMiddleware, IntentMiddleware
from discovery.agent.offline.catalog_evidence import CatalogEvidence
from discovery.agent.offline.closest import ClosestRecords
from discovery.agent.offline.concepts import CatalogConceptSource
from discovery.agent.offline.intent_model import LocalIntentClassifier
from discovery.agent.offline.lexical import (
    CoverageReranker,
    KeyTerms,
    LexicalGrader,
    LexicalReranker,
)
from discovery.agent.offline.planner import LocalPlanner
from discovery.agent.offline.refiner import LocalRefiner
from discovery.agent.offline.rescue import Rescuer
from discovery.agent.offline.terms import TermStats
from discovery.agent.offline.word_senses import WordSenses
from discovery.agent.planning import Refiner, RelevanceGrader
from discovery.agent.record_tool import make_record_tool
from discovery.agent.references import shown_records_section
from discovery.agent.refinement import SearchRefinementMiddleware
from discovery.agent.spelling import SpellingMiddleware
from discovery.agent.state import DiscoveryState
from discovery.agent.tools import SEARCH_TOOL, Reranker, make_search_tool
from discovery.db import DatabaseUnavailable
from discovery.db.migrate import secure_new_tables
from discovery.embeddings import Embedder
from discovery.embeddings.local import LocalMiniLMEmbedder, model_word_ranks, model_words
from discovery.llm import build_chat_model
from discovery.runtime import Runtime
from discovery.search.models import Strategy
from discovery.search.place_names import load_places, place_synonyms
from discovery.search.spelling import SpellingCorrector
from discovery.settings import EmbeddingModel, Settings


@dataclass
class AgentParts:
    """Everything the graph is built from; tests swap single parts (a fake chat model)."""

    model: BaseChatModel
    classifier: IntentClassifier
    refiner: Refiner
    grader: RelevanceGrader | None
    domain: DomainConfig
    vocab: Vocabulary
    reranker: Reranker | None = None
    fallback: BaseChatModel | None = None
    spelling: SpellingCorrector | None = None
    terms: TermStats | None = None
    """The archive's word counts: "more like" a record searches its uncommon words."""
    catalog: CatalogEvidence | None = None
    """The catalog's words, for catalog questions the router reads alone ("how many films by
    Stan Brakhage?"); None: no such rescue."""
    rescuer: Rescuer | None = None
    """A second look at first attempts the grader accepted (`DISCOVERY_AGENT_RESCUE`)."""
    closest: ClosestRecords | None = None
    """The request's own records when every attempt is rejected (`DISCOVERY_AGENT_CLOSEST`)."""


def intent_embedder(runtime: Runtime) -> Embedder:
    """The local model always embeds for the intent classifier (its training data is local)."""
    if runtime.embedder.model_id == EmbeddingModel.LOCAL_MINILM.value:
        return runtime.embedder
    return LocalMiniLMEmbedder()


async def build_parts(runtime: Runtime, llm: BaseChatModel | None = None) -> AgentParts:
    settings = runtime.settings
    domain = DomainConfig.load(settings.discovery_domain_file)
    local_embedder = intent_embedder(runtime)  # the packaged model, whatever the search uses
    async with runtime.db.connection() as conn:
        vocab = await load_vocabulary(conn)
    terms = TermStats(runtime.db)
    concepts = (
        CatalogConceptSource(runtime.db, terms, local_embedder.model_id,
                             local_embedder.embed_documents, local_embedder.embed_query)
        if settings.discovery_agent_concepts
        else None
    )  # fmt: skip
    local_classifier = LocalIntentClassifier.train(
        local_embedder, domain, cache_dir=settings.discovery_data_dir / "cache",
        catalog=await CatalogEvidence.of_archive(terms),
    )  # fmt: skip
    # the grader and the reranker read a country as the BM25 leg does (its adjectives too)
    places = load_places(settings.discovery_places_file)
    folds = place_synonyms(places) if settings.discovery_archive_place_weight > 0 else {}
    keys = KeyTerms(terms, {**folds, **domain.synonyms})
    hybrid = settings.discovery_archive_strategy.value == Strategy.HYBRID.value
    reranker: Reranker = CoverageReranker(keys) if hybrid else LexicalReranker(keys)
    senses = WordSenses(terms, local_embedder.embed_documents)
    local_refiner = LocalRefiner(
        domain.synonyms, terms, english=model_words(), senses=senses, concepts=concepts
    )
    planner = LocalPlanner(
        match_threshold=settings.discovery_agent_match_threshold,
        match_count=settings.discovery_agent_match_count,
    )
    spelling = spelling_corrector(runtime)
    rescuer = Rescuer(keys) if settings.discovery_agent_rescue else None
    closest = (
        ClosestRecords(keys, settings.discovery_agent_closest_min_score)
        if settings.discovery_agent_closest
        else None
    )
    if llm is None and settings.uses_llm:
        llm = build_chat_model(settings)
    if llm is None:
        grader = LexicalGrader(keys)
        return AgentParts(
            planner,
            local_classifier,
            local_refiner,
            grader,
            domain,
            vocab,
            reranker,
            spelling=spelling,
            terms=terms,
            catalog=local_classifier.catalog,
            rescuer=rescuer,
            closest=closest,
        )
    return AgentParts(
        model=llm,
        classifier=LLMIntentClassifier(llm, local_classifier, domain),
        refiner=LLMRefiner(llm, local_refiner, domain),
        grader=LLMRelevanceGrader(llm, domain),
        domain=domain,
        vocab=vocab,
        reranker=reranker,
        fallback=planner,
        spelling=spelling,
        terms=terms,
        catalog=local_classifier.catalog,
        rescuer=rescuer,
        closest=closest,
    )


def spelling_corrector(runtime: Runtime) -> SpellingCorrector | None:
    """The archive's spelling corrector (`DISCOVERY_SPELLING`); words the local embedding model
    knows whole are never corrected."""
    settings = runtime.settings
    if not settings.discovery_spelling:
        return None
    return SpellingCorrector(
        runtime.db,
        min_count=settings.discovery_spelling_min_count,
        known=model_words(),
        synonyms=settings.discovery_spelling_synonyms,
        vocabulary=model_word_ranks(),
    )


def system_prompt(settings: Settings, domain: DomainConfig) -> AgentMiddleware[Any]:
    @dynamic_prompt
    def render(request: ModelRequest) -> str:  # filled at call time: the date never goes stale
        rules = prompts.render(
            "query_writer",
            match_threshold=settings.discovery_agent_match_threshold,
            match_count=settings.discovery_agent_match_count,
        )
        text = prompts.render(
            "system",
            domain_name=domain.name,
            domain_description=domain.description,
            date=date.today().isoformat(),
            query_rules=rules,
        )
        shown = shown_records_section(request.state.get("messages", []))
        return f"{text}\n\n{shown}" if shown else text

    return render


def build_graph(
    runtime: Runtime, parts: AgentParts, checkpointer: Any = None
) -> CompiledStateGraph[Any, Any, Any, Any]:
    settings = runtime.settings
    middleware: list[AgentMiddleware[Any]] = [
        IntentMiddleware(
            parts.classifier, parts.domain, parts.vocab, parts.catalog, parts.spelling
        ),
        system_prompt(settings, parts.domain),
        *([SpellingMiddleware(parts.spelling)] if parts.spelling is not None else []),
        SearchRefinementMiddleware(
            parts.refiner,
            min_score=settings.discovery_agent_min_score,
            max_attempts=settings.discovery_agent_max_attempts,
            grader=parts.grader,
            rescuer=parts.rescuer,
            closest=parts.closest,
        ),
        ToolRetryMiddleware(
            max_retries=2,
            tools=[SEARCH_TOOL],
            retry_on=(DatabaseUnavailable,),
            on_failure="error",
            initial_delay=0.2,
        ),
        AnswerMiddleware(parts.domain, parts.vocab, settings.discovery_thread_window_turns),
    ]
    if parts.fallback is not None:
        middleware.append(ModelFallbackMiddleware(parts.fallback))
    return create_agent(
        parts.model,
        tools=[
            make_search_tool(runtime.search, parts.reranker, parts.terms, parts.domain.synonyms),
            make_record_tool(runtime.search.similar),
            make_facts_tool(runtime.db, runtime.search.archive_media_types),
        ],
        middleware=middleware,
        state_schema=DiscoveryState,
        checkpointer=checkpointer,
        name="discovery_agent",
    )


@asynccontextmanager
async def open_checkpointer(
    conninfo: str, timeout: float = 5.0
) -> AsyncIterator[AsyncPostgresSaver]:
    """The LangGraph PostgreSQL checkpointer on the catalog's own database."""
    prepare = None if ":6543" in conninfo else 0  # transaction poolers cannot prepare
    async with AsyncConnectionPool(
        conninfo,
        min_size=1,
        max_size=4,
        kwargs={"autocommit": True, "prepare_threshold": prepare, "row_factory": dict_row},
        check=AsyncConnectionPool.check_connection,
        timeout=timeout,
        open=False,
    ) as pool:
        saver = AsyncPostgresSaver(pool)  # type: ignore[arg-type]
        await saver.setup()
        async with pool.connection() as conn:
            await secure_new_tables(conn)  # row level security on its tables (Supabase)
        yield saver
