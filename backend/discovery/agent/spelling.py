"""Spelling in the query-writing step: `SpellingMiddleware` corrects the search tool's query
against the catalog's vocabulary (`search.spelling`) before the refinement loop runs it, and the
facts tool's subject before it counts ("how many photgraphs of boxng?" counts boxing, as the
search finds it), for the local planner and an LLM alike, and records what it did to the
search.

What the person typed stays searchable exactly: a turn run with `spelling` off (the graph's
config, `configurable.spelling = False`; the API's `spelling: false`) is left alone, and so are
words the person put in "quotes". With a correction the inner steps (refinement, the relevance
grader) read the person's request with the same words corrected, the first attempt records the
query as written (`corrected_from`), and the turn's state keeps a `spelling` note that the
answer turns into "Showing results for ..." (`config/domain.toml`, `messages.corrected`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import HumanMessage, ToolMessage
from langgraph.prebuilt.tool_node import ToolCallRequest
from langgraph.runtime import Runtime
from langgraph.types import Command

from discovery.agent.facts_tool import FACTS_TOOL
from discovery.agent.state import DiscoveryState, latest_turn
from discovery.agent.tools import SEARCH_TOOL
from discovery.logs import log_event, user_text
from discovery.search.spelling import Correction, SpellingCorrector, quoted_words

log = logging.getLogger(__name__)


def spelling_enabled(config: Any) -> bool:
    """Whether this run corrects spelling (`configurable.spelling`, on unless set false)."""
    configurable = (config or {}).get("configurable") or {}
    return configurable.get("spelling", True) is not False


def note(request_text: str, correction: Correction) -> dict[str, Any]:
    """The turn's `spelling` state: what was typed, what was searched and the words changed."""
    return {
        "original": request_text,
        "corrected": correction.apply(request_text),
        "query_from": correction.original,
        "query": correction.query,
        "changes": correction.changes,
    }


class SpellingMiddleware(AgentMiddleware[DiscoveryState]):
    state_schema = DiscoveryState

    def __init__(self, corrector: SpellingCorrector, fields: dict[str, str] | None = None) -> None:
        super().__init__()
        self.corrector = corrector
        # per tool, the argument whose words are corrected
        self.fields = (
            fields if fields is not None else {SEARCH_TOOL: "query", FACTS_TOOL: "subject"}
        )

    def before_agent(self, state: DiscoveryState, runtime: Runtime[Any]) -> dict[str, Any]:
        return {"spelling": None}  # a note is about its own turn only

    async def abefore_agent(self, state: DiscoveryState, runtime: Runtime[Any]) -> dict[str, Any]:
        return {"spelling": None}

    def wrap_tool_call(
        self,
        request: ToolCallRequest,
        handler: Callable[[ToolCallRequest], ToolMessage | Command[Any]],
    ) -> ToolMessage | Command[Any]:
        """Sync runs are passed through: the look-up is async, and so is the search tool
        (`make_search_tool` has no sync function), so a sync run never searches anyway."""
        return handler(request)

    async def awrap_tool_call(
        self,
        request: ToolCallRequest,
        handler: Callable[[ToolCallRequest], Awaitable[ToolMessage | Command[Any]]],
    ) -> ToolMessage | Command[Any]:
        field = self.fields.get(request.tool_call["name"])
        if field is None or not spelling_enabled(getattr(request.runtime, "config", None)):
            return await handler(request)
        args = request.tool_call["args"]
        query = str(args.get(field) or "")
        state = request.state if isinstance(request.state, dict) else {}
        messages = list(state.get("messages") or [])
        text, _, start = latest_turn(messages)
        correction = await self.corrector.correct(query, keep=quoted_words(text))
        if not correction.changed:
            return await handler(request)
        log_event(log, "spelling", query=user_text(query), corrected=user_text(correction.query))
        spelled = note(text or query, correction)
        if start < len(messages):  # the inner steps read the request as corrected
            messages[start] = HumanMessage(content=spelled["corrected"], id=messages[start].id)
        inner = request.override(
            tool_call={**request.tool_call, "args": {**args, field: correction.query}},
            state={**state, "messages": messages},
        )
        if request.tool_call["name"] != SEARCH_TOOL:
            # a count's answer names what it counted; the turn's note is the search's (both
            # tools run in one step, and a step takes one note)
            return await handler(inner)
        return _recorded(await handler(inner), spelled)


def _recorded(result: ToolMessage | Command[Any], spelled: dict[str, Any]) -> Any:
    """The tool's result with the turn's `spelling` note, and the query as written on the first
    attempt (`corrected_from`)."""
    if isinstance(result, ToolMessage):
        return Command(update={"messages": [result], "spelling": spelled})
    update = result.update if isinstance(result.update, dict) else None
    if update is None:
        return result
    update = {**update, "spelling": spelled}
    if update.get("search_attempts"):
        attempts = [dict(a) for a in update["search_attempts"]]
        attempts[0]["corrected_from"] = spelled["query_from"]
        update["search_attempts"] = attempts
    return Command(update=update)
