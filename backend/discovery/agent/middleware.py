"""Intent first (`before_agent`), the typed answer last (`after_agent`).

`IntentMiddleware` classifies the turn; a non-search intent is answered with the configured
message and the run jumps to the end, with no model call and no search. `AnswerMiddleware`
builds the turn's `AgentResponse` from the state: results come from the search tool's artifact
(the best attempt's records), never from the model's text.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from langchain.agents.middleware import AgentMiddleware, hook_config
from langchain_core.messages import AIMessage, BaseMessage
from langgraph.config import get_config
from langgraph.runtime import Runtime

from discovery.agent.domain import DomainConfig, Vocabulary
from discovery.agent.facts_tool import FactsArtifact
from discovery.agent.intents import GUARDRAIL, Classification, Intent, IntentClassifier
from discovery.agent.memory import window_update
from discovery.agent.offline.catalog_evidence import CatalogEvidence
from discovery.agent.offline.thread_turns import (
    asks_for_records,
    names_a_period,
    points_back,
    presidency_request,
)
from discovery.agent.responses import (
    ArchiveRecord,
    Attempt,
    MessageResponse,
    ResultsResponse,
    SpellingNote,
)
from discovery.agent.spelling import spelling_enabled
from discovery.agent.state import DiscoveryState, latest_turn
from discovery.agent.tools import SearchArtifact
from discovery.logs import log_event
from discovery.logs import user_text as loggable
from discovery.search.spelling import SpellingCorrector, quoted_words

log = logging.getLogger(__name__)


class IntentMiddleware(AgentMiddleware[DiscoveryState]):
    state_schema = DiscoveryState

    def __init__(
        self,
        classifier: IntentClassifier,
        domain: DomainConfig,
        vocab: Vocabulary,
        catalog: CatalogEvidence | None = None,
        spelling: SpellingCorrector | None = None,
    ):
        super().__init__()
        self.classifier, self.domain, self.vocab = classifier, domain, vocab
        self.catalog, self.spelling = catalog, spelling

    @hook_config(can_jump_to=["end"])
    def before_agent(self, state: DiscoveryState, runtime: Runtime[Any]) -> dict[str, Any] | None:
        text, history, _ = latest_turn(state["messages"])
        c = in_thread(
            self.classifier.classify(text, history), text, state["messages"], self.catalog
        )
        return self._route(c, runtime)

    @hook_config(can_jump_to=["end"])
    async def abefore_agent(
        self, state: DiscoveryState, runtime: Runtime[Any]
    ) -> dict[str, Any] | None:
        text, history, _ = latest_turn(state["messages"])
        c = await self.classifier.aclassify(text, history)
        c = in_thread(c, text, state["messages"], self.catalog)
        if c.intent is not Intent.SEARCH and c.source != GUARDRAIL.source:
            c = await self._respelled(c, text, history, state["messages"])
        return self._route(c, runtime)

    async def _respelled(
        self, c: Classification, text: str, history: Sequence[str], messages: Sequence[BaseMessage]
    ) -> Classification:
        """SEARCH when the turn, spelled as the catalog spells it, is routed to search ("handbgs
        and glovs", "eldery womin": a sentence model and the catalog evidence read misspelled
        words as unknown ones); else `c`. Only when this run corrects spelling (the query
        writer then corrects the same words); the sync path never looks up (`before_agent`)."""
        if self.spelling is None or not spelling_enabled(_run_config()):
            return c
        correction = await self.spelling.correct(text, keep=quoted_words(text))
        if not correction.changed:
            return c
        again = await self.classifier.aclassify(correction.query, history)
        again = in_thread(again, correction.query, messages, self.catalog)
        if again.intent is not Intent.SEARCH:
            return c
        why = f"respelled ({c.intent})"
        return Classification(Intent.SEARCH, again.confidence, "spelling", why)

    def _route(self, c: Classification, runtime: Runtime[Any]) -> dict[str, Any]:
        log_event(log, "intent", intent=c.intent.value, confidence=c.confidence, source=c.source)
        writer = getattr(runtime, "stream_writer", None)
        if writer is not None:
            writer({"event": "intent", "intent": c.intent.value, "confidence": c.confidence})
        update: dict[str, Any] = {"intent": c.intent.value, "search_attempts": [], "response": None}
        if c.intent is Intent.SEARCH:
            return update
        message = self.vocab.fill(
            getattr(self.domain.messages, c.intent.value), name=self.domain.name
        )
        return update | {"messages": [AIMessage(content=message)], "jump_to": "end"}


def in_thread(
    c: Classification,
    text: str,
    messages: Sequence[BaseMessage],
    catalog: CatalogEvidence | None = None,
) -> Classification:
    """The router's answer, or search for a turn that points back at what the thread showed,
    or asks about the catalog in its words (`offline/thread_turns.py`); a guardrail's answer
    stands."""
    if c.intent is Intent.SEARCH or c.source == GUARDRAIL.source:
        return c
    if points_back(text, messages, catalog):
        return Classification(Intent.SEARCH, c.confidence, "thread", f"points back ({c.intent})")
    if c.intent is Intent.UNCLEAR and names_a_period(text, catalog):  # "medieval objects"
        return Classification(Intent.SEARCH, c.confidence, "thread", "a period (unclear)")
    if presidency_request(text, catalog):  # "things made while Ulysses Grant was president"
        return Classification(Intent.SEARCH, c.confidence, "thread", f"a presidency ({c.intent})")
    if asks_for_records(text, catalog):  # "so basically pics of ppl smoking i guess"
        return Classification(Intent.SEARCH, c.confidence, "thread", f"records of ({c.intent})")
    return c


def _run_config() -> Any:
    """The running graph's config (its `configurable.spelling`), or None outside a run."""
    try:
        return get_config()
    except RuntimeError:
        return None


class AnswerMiddleware(AgentMiddleware[DiscoveryState]):
    state_schema = DiscoveryState

    def __init__(self, domain: DomainConfig, vocab: Vocabulary, window: int = 10) -> None:
        super().__init__()
        self.domain, self.vocab, self.window = domain, vocab, window

    def after_agent(self, state: DiscoveryState, runtime: Runtime[Any]) -> dict[str, Any] | None:
        response = self.answer(state)
        log_event(
            log,
            "outcome",
            response_type=response.response_type,
            intent=response.intent.value,
            total=response.total,
            attempts=len(response.attempts),
            query=loggable(response.query),
        )
        stored = response.model_dump(mode="json", exclude={"thread_id"})
        messages = state["messages"]
        user_text, _, start = latest_turn(messages)
        turns = [*(state.get("turns") or []), {"user": user_text, "response": stored}]
        return {
            "response": stored,
            "turns": turns[-self.window :],
            "messages": window_update(messages, start, self.window),
        }

    async def aafter_agent(
        self, state: DiscoveryState, runtime: Runtime[Any]
    ) -> dict[str, Any] | None:
        return self.after_agent(state, runtime)

    def answer(self, state: DiscoveryState) -> ResultsResponse | MessageResponse:
        messages = state["messages"]
        _, _, start = latest_turn(messages)
        turn = messages[start + 1 :]
        intent = Intent(state.get("intent") or Intent.SEARCH)
        attempts = [Attempt.model_validate(a) for a in state.get("search_attempts") or []]
        final_text = next(
            (str(m.text) for m in reversed(turn) if isinstance(m, AIMessage) and m.text), ""
        )
        artifact = next(
            (a for m in reversed(turn) if (a := SearchArtifact.of(m)) is not None), None
        )
        if intent is not Intent.SEARCH or artifact is None:
            return MessageResponse(intent=intent, message=final_text, attempts=attempts)
        records, query = artifact.records, artifact.query
        spelled = state.get("spelling")
        spelling = SpellingNote.model_validate(spelled) if spelled else None
        if (not artifact.accepted or not records) and _answered_facts(turn):
            # a catalog question whose records search found nothing: the figures still stand
            return MessageResponse(
                intent=intent, message=final_text, query=query, attempts=attempts,
                spelling=spelling,
            )  # fmt: skip
        if artifact.closest and records:  # every attempt rejected; these are the closest
            message = self.vocab.fill(self.domain.messages.closest, query=query)
            return self._results(intent, records, query, message, attempts, spelling)
        if not artifact.accepted or not records:
            best_query = query or (attempts[-1].query if attempts else "")
            message = self.vocab.fill(self.domain.messages.no_results, query=best_query)
            return MessageResponse(
                intent=intent, message=message, query=query, attempts=attempts, spelling=spelling
            )
        message = final_text or self.domain.messages.results.format(total=len(records), query=query)
        return self._results(intent, records, query, message, attempts, spelling)

    def _results(
        self,
        intent: Intent,
        records: list[ArchiveRecord],
        query: str,
        message: str,
        attempts: list[Attempt],
        spelling: SpellingNote | None,
    ) -> ResultsResponse:
        if spelling is not None:
            shown = self.domain.messages.corrected.format(query=spelling.corrected)
            message = f"{shown} {message}"
        return ResultsResponse(
            intent=intent,
            archives=records,
            total=len(records),
            query=query,
            message=message,
            attempts=attempts,
            spelling=spelling,
        )


def _answered_facts(turn: Sequence[BaseMessage]) -> bool:
    """Whether the turn called `catalog_facts` (its answer states the catalog's figures)."""
    return any(FactsArtifact.of(m) is not None for m in turn)
