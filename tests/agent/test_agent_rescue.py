"""The second look (`DISCOVERY_AGENT_RESCUE`) wired into the agent on the real demo database:
off by default; on, the middleware asks the rescuer for probes after an accepted first
attempt, and every turn still answers."""

from __future__ import annotations

import dataclasses

import pytest

from discovery.agent.graph import build_parts
from discovery.agent.offline.lexical import KeyTerms
from discovery.agent.offline.rescue import Evidence, Rescuer
from discovery.agent.planning import Refinement
from discovery.agent.service import open_agent
from discovery.runtime import Runtime, open_runtime

pytestmark = pytest.mark.integration


class CountingRescuer(Rescuer):
    """The real rescuer, counting the first attempts it was asked to probe."""

    def __init__(self, keys: KeyTerms) -> None:
        super().__init__(keys)
        self.asked: list[str] = []

    def probes(self, request: str, query: str, first: Evidence) -> list[Refinement]:
        self.asked.append(query)
        return super().probes(request, query, first)


async def test_the_second_look_is_off_by_default(agent_runtime: Runtime) -> None:
    assert (await build_parts(agent_runtime)).rescuer is None


async def test_with_the_setting_on_the_agent_probes_and_still_answers(
    agent_runtime: Runtime,
) -> None:
    settings = agent_runtime.settings.model_copy(update={"discovery_agent_rescue": True})
    async with open_runtime(settings, agent_runtime.embedder) as rt:
        parts = await build_parts(rt)
        assert isinstance(parts.rescuer, Rescuer)
        counting = CountingRescuer(parts.rescuer.keys)
        parts = dataclasses.replace(parts, rescuer=counting)
        async with open_agent(rt, parts=parts) as agent:
            for text in ("sailboats racing on a lake", "jazz singers on stage"):
                reply = await agent.run(text)
                assert reply.response_type == "results" and reply.total > 0
    assert counting.asked  # the hook ran in the real graph (the async path)
