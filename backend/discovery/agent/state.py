"""What the agent keeps per thread (saved by the checkpointer with the messages)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NotRequired

from langchain.agents import AgentState
from langchain_core.messages import BaseMessage, HumanMessage


class DiscoveryState(AgentState[Any]):
    intent: NotRequired[str | None]
    """The latest turn's intent."""
    search_attempts: NotRequired[list[dict[str, Any]]]
    """The latest turn's search attempts (`responses.Attempt` as dicts), in order."""
    response: NotRequired[dict[str, Any] | None]
    """The latest turn's answer (`responses.AgentResponse` without the thread id)."""
    spelling: NotRequired[dict[str, Any] | None]
    """The latest turn's spelling correction (`agent.spelling.note`), None without one."""
    turns: NotRequired[list[dict[str, Any]]]
    """The thread's last turns (`DISCOVERY_THREAD_WINDOW_TURNS`), oldest first:
    `{"user": text, "response": {...}}` (its history). Rewritten whole at the end of a turn."""


def latest_turn(messages: Sequence[BaseMessage]) -> tuple[str, list[str], int]:
    """The latest user text, the earlier user texts, and the index of the latest one (the
    length of `messages` when there is none): the one way every part finds them."""
    humans = [(i, m) for i, m in enumerate(messages) if isinstance(m, HumanMessage)]
    if not humans:
        return "", [], len(messages)
    index, last = humans[-1]
    return str(last.text), [str(m.text) for _, m in humans[:-1]], index
