"""`LocalPlanner`: the chat model the agent uses when no LLM is configured.

It is an honest heuristic stand-in, not a language model. It plays the model's two moves in the
same graph: for a new request it calls `search_archives_db` once with a query written by
`querying.plan_turn` (content words kept, filler dropped, follow-ups merged with the thread's
previous search); after the tool has answered it replies with a short templated sentence.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import ConfigDict

from discovery.agent.querying import plan_turn
from discovery.agent.tools import SEARCH_TOOL

RESULTS_TEXT = 'Here are {total} records for "{query}".'
NOTHING_TEXT = 'I couldn\'t find relevant material for "{query}".'


class LocalPlanner(BaseChatModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    match_threshold: float = 0.3
    match_count: int = 10

    @property
    def _llm_type(self) -> str:
        return "discovery-local-planner"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> LocalPlanner:
        return self

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self.next_message(messages))])

    def next_message(self, messages: Sequence[BaseMessage]) -> AIMessage:
        humans = [i for i, m in enumerate(messages) if isinstance(m, HumanMessage)]
        if not humans:
            return AIMessage(content="What would you like to find in the archive?")
        start = humans[-1]
        turn = messages[start + 1 :]
        tool = next((m for m in reversed(turn) if isinstance(m, ToolMessage)), None)
        if tool is not None:
            return AIMessage(content=_reply(tool))
        previous, records = _previous_search(messages[:start])
        plan = plan_turn(str(messages[start].text), previous, records)
        args = {
            "query": plan.query,
            "match_threshold": self.match_threshold,
            "match_count": self.match_count,
            **plan.filters,
        }
        call = {"name": SEARCH_TOOL, "args": args, "id": f"call_{uuid.uuid4().hex[:12]}"}
        return AIMessage(content="", tool_calls=[call])


def _reply(tool: ToolMessage) -> str:
    artifact = tool.artifact if isinstance(tool.artifact, dict) else {}
    records, query = artifact.get("records") or [], artifact.get("query", "")
    if not artifact.get("accepted", True) or not records:
        return NOTHING_TEXT.format(query=query)
    return RESULTS_TEXT.format(total=len(records), query=query)


def _previous_search(
    messages: Sequence[BaseMessage],
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The last search's arguments (as actually run: the best attempt's query and filters) and
    its records, from the earlier turns of the thread."""
    for m in reversed(messages):
        if isinstance(m, ToolMessage) and m.name == SEARCH_TOOL and isinstance(m.artifact, dict):
            artifact = m.artifact
            args = {"query": artifact.get("query", ""), **(artifact.get("filters") or {})}
            return args, list(artifact.get("records") or [])
    return None, []
