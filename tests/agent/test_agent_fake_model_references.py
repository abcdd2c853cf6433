"""References with a scripted chat model (a fake of Gemini: the provider cannot be reached here)
on the real database: the model's context lists the records shown, by position and id; its
`similar_to` call searches by that record's vector, leaves out what was shown, and is not judged
by the request's words; `describe_archive_record` answers from the catalog."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.messages import AIMessage, BaseMessage, SystemMessage
from langchain_core.outputs import ChatResult
from pydantic import Field
from tests.llm_fakes import FakeToolModel

from discovery.agent.graph import build_parts
from discovery.agent.record_tool import RECORD_TOOL
from discovery.agent.service import open_agent
from discovery.agent.tools import SEARCH_TOOL
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration


class RecordingToolModel(FakeToolModel):
    """Scripted replies; keeps the system prompt of every call."""

    prompts: list[str] = Field(default_factory=list)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        system = [m for m in messages if isinstance(m, SystemMessage)]
        self.prompts.append(str(system[0].content) if system else "")
        return super()._generate(messages, stop, run_manager, **kwargs)


def call(name: str, **args: Any) -> AIMessage:
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": "c1"}])


async def test_a_model_resolves_a_reference_from_the_shown_records_in_its_context(
    agent_runtime: Runtime,
) -> None:
    parts = await build_parts(agent_runtime)
    first_model = RecordingToolModel(
        messages=iter([call(SEARCH_TOOL, query="boxing match"), AIMessage(content="Boxing.")])
    )
    async with open_agent(agent_runtime, parts=dataclasses.replace(parts, model=first_model)) as a:
        first = await a.run("boxing photos")
    assert first.response_type == "results" and first.total >= 3
    assert "Records shown to the person" not in first_model.prompts[0]  # nothing shown yet
    second = first.archives[1]
    model = RecordingToolModel(
        messages=iter([
            call(SEARCH_TOOL, similar_to=second.id),
            AIMessage(content="More like it."),
            call(RECORD_TOOL, item_id=first.archives[2].id),
            AIMessage(content="It shows a boxing match."),
        ])
    )  # fmt: skip
    async with open_agent(agent_runtime, parts=dataclasses.replace(parts, model=model)) as agent:
        similar = await agent.run("more like the second one", first.thread_id)
        about = await agent.run("who's in the third photo?", first.thread_id)
    assert f"2. [{second.id}]" in model.prompts[0]
    assert "similar_to" in model.prompts[0]
    assert similar.response_type == "results" and len(similar.attempts) == 1
    assert similar.attempts[0].filters == {"similar_to": second.id}
    assert similar.attempts[0].query.startswith("like: ")  # the model gave no query
    assert similar.archives and not {r.id for r in first.archives} & {
        r.id for r in similar.archives
    }
    assert (about.response_type, about.archives) == ("message", [])
    assert about.message == "It shows a boxing match."
