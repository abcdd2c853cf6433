"""`LocalPlanner`: the chat model the agent uses when no LLM is configured.

It is an honest heuristic stand-in, not a language model. It plays the model's two moves in the
same graph: for a new request it calls `search_archives_db` once with a query written by
`querying.plan_turn` (content words kept, filler dropped, follow-ups merged with the thread's
previous search); after the tool has answered it replies with a short templated sentence. A
question about the catalog ("how many ...", "who took these?", "what decades ...?",
`questions.py`) calls `catalog_facts` instead (with a search showing the records when the
question names its own subject), and the reply states the computed figure (`answers.py`).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import ConfigDict

from discovery.agent.facts_tool import FACTS_TOOL, FactsArtifact
from discovery.agent.offline.answers import answer
from discovery.agent.offline.querying import plan_turn
from discovery.agent.offline.questions import parse_question, question_calls
from discovery.agent.state import latest_turn
from discovery.agent.tools import SEARCH_TOOL, SearchArtifact

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
        text, _, start = latest_turn(messages)
        if start == len(messages):
            return AIMessage(content="What would you like to find in the archive?")
        turn = messages[start + 1 :]
        if any(isinstance(m, ToolMessage) for m in turn):  # the tool has answered: reply
            facts = next((a for m in turn if (a := FactsArtifact.of(m)) is not None), None)
            if facts is not None and (question := parse_question(text)) is not None:
                return AIMessage(content=answer(question, facts))
            return AIMessage(content=_reply(_last_search(turn)))
        earlier = _last_search(messages[:start])
        previous = {"query": earlier.query, **earlier.filters} if earlier else None
        if (question := parse_question(text)) is not None:  # "how many ...", "who took these?"
            search = {"match_threshold": self.match_threshold, "match_count": self.match_count}
            calls = question_calls(question, previous, SEARCH_TOOL, FACTS_TOOL, search)
            return AIMessage(content="", tool_calls=calls)
        plan = plan_turn(text, previous, earlier.records if earlier else [])
        args = {
            "query": plan.query,
            "match_threshold": self.match_threshold,
            "match_count": self.match_count,
            **plan.filters,
        }
        call = {"name": SEARCH_TOOL, "args": args, "id": f"call_{uuid.uuid4().hex[:12]}"}
        return AIMessage(content="", tool_calls=[call])


def _reply(artifact: SearchArtifact | None) -> str:
    if artifact is None or not artifact.accepted or not artifact.records:
        return NOTHING_TEXT.format(query=artifact.query if artifact else "")
    return RESULTS_TEXT.format(total=len(artifact.records), query=artifact.query)


def _last_search(messages: Sequence[BaseMessage]) -> SearchArtifact | None:
    """The last search among `messages` (as actually run: the best attempt's query, filters
    and records)."""
    for message in reversed(messages):
        if (artifact := SearchArtifact.of(message)) is not None:
            return artifact
    return None
