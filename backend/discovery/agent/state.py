"""What the agent keeps per thread (saved by the checkpointer with the messages)."""

from __future__ import annotations

import operator
from typing import Annotated, Any, NotRequired

from langchain.agents import AgentState


class DiscoveryState(AgentState[Any]):
    intent: NotRequired[str | None]
    """The latest turn's intent."""
    search_attempts: NotRequired[list[dict[str, Any]]]
    """The latest turn's search attempts (`responses.Attempt` as dicts), in order."""
    response: NotRequired[dict[str, Any] | None]
    """The latest turn's answer (`responses.AgentResponse` without the thread id)."""
    turns: NotRequired[Annotated[list[dict[str, Any]], operator.add]]
    """Every turn of the thread, appended: `{"user": text, "response": {...}}` (its history)."""
