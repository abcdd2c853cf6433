"""What a thread keeps after a turn (`agent/memory.py`): the last turns, compact search records;
and, end to end, that the storage of a thread does not grow with its length."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langgraph.graph.message import add_messages

from discovery.agent.memory import compacted, forgotten, window_update
from discovery.agent.responses import ArchiveRecord
from discovery.agent.service import open_agent
from discovery.agent.tools import SEARCH_TOOL, SearchArtifact
from discovery.runtime import Runtime


def _record(i: int) -> ArchiveRecord:
    return ArchiveRecord(
        id=f"r{i}",
        title=f"Title {i}",
        description="d" * 500,
        summary="s" * 200,
        creator="Teenie Harris",
        media_type="photograph",
        place="Hill District",
        score=0.5,
    )


def _turn(i: int) -> list[BaseMessage]:
    call = {"name": SEARCH_TOOL, "args": {"query": f"q{i}"}, "id": f"call{i}"}
    artifact = SearchArtifact(query=f"q{i}", records=[_record(i), _record(i + 100)])
    return [
        HumanMessage(content=f"turn {i}", id=f"h{i}"),
        AIMessage(content="", tool_calls=[call], id=f"a{i}"),
        ToolMessage(
            content="2 records",
            artifact=artifact.model_dump(mode="json"),
            tool_call_id=f"call{i}",
            name=SEARCH_TOOL,
            id=f"t{i}",
        ),
        AIMessage(content=f"answer {i}", id=f"f{i}"),
    ]


def test_forget_turns_before_the_window_whole() -> None:
    messages = [m for i in range(5) for m in _turn(i)]
    removed = {m.id for m in forgotten(messages, window=2)}
    assert removed == {f"{p}{i}" for p in "hatf" for i in range(3)}
    assert forgotten(messages, window=5) == []


def test_compact_search_records_to_id_title_creator_type_and_score() -> None:
    messages = _turn(7)
    (tool,) = compacted(messages, start=0)
    assert tool.id == "t7"
    artifact = SearchArtifact.of(tool)
    assert artifact is not None and artifact.query == "q7"
    assert [(r.id, r.title, r.score) for r in artifact.records] == [
        ("r7", "Title 7", 0.5),
        ("r107", "Title 107", 0.5),
    ]
    assert all(r.description == r.summary == r.place == "" for r in artifact.records)
    # "the one by Teenie Harris", "that photo" read these in a later turn
    assert {(r.creator, r.media_type) for r in artifact.records} == {
        ("Teenie Harris", "photograph")
    }


def test_window_update_keeps_the_state_bounded_through_the_reducer() -> None:
    state: list[BaseMessage] = []
    sizes = []
    for i in range(30):
        state = add_messages(state, _turn(i))  # type: ignore[assignment]
        start = len(state) - 4
        state = add_messages(state, window_update(state, start, window=3))  # type: ignore[assignment]
        sizes.append(sum(len(m.model_dump_json()) for m in state))
    assert [m.id for m in state if isinstance(m, HumanMessage)] == ["h27", "h28", "h29"]
    assert sizes[12] == sizes[29]  # turns 10-12 and 27-29: ids of the same lengths


async def _thread_bytes(runtime: Runtime, thread_id: str) -> tuple[int, int]:
    """(bytes stored for the thread in the checkpointer's tables, its checkpoints)."""
    async with runtime.db.connection() as conn:
        row = await (
            await conn.execute(
                "select (select coalesce(sum(pg_column_size(c.*)), 0) from checkpoints c"
                "        where thread_id = %(t)s)"
                " + (select coalesce(sum(pg_column_size(b.*)), 0) from checkpoint_blobs b"
                "        where thread_id = %(t)s)"
                " + (select coalesce(sum(pg_column_size(w.*)), 0) from checkpoint_writes w"
                "        where thread_id = %(t)s),"
                " (select count(*) from checkpoints where thread_id = %(t)s)",
                {"t": thread_id},
            )
        ).fetchone()
    assert row is not None
    return int(row[0]), int(row[1])


@pytest.mark.integration
async def test_storage_of_a_thread_stays_flat_as_it_grows(agent_runtime: Runtime) -> None:
    runtime = agent_runtime
    runtime.settings = runtime.settings.model_copy(update={"discovery_thread_window_turns": 2})
    texts = ["photos of jazz musicians", "only paintings", "boxing match", "church choirs"]
    stored = {}
    async with open_agent(runtime) as agent:
        thread = (await agent.run("hello")).thread_id
        assert thread is not None
        for turn in range(2, 15):
            await agent.run(texts[turn % len(texts)], thread)
            stored[turn] = await _thread_bytes(runtime, thread)
        history = await agent.history(thread)
    assert len(history) == 2  # the window
    assert all(count == 1 for _, count in stored.values())  # only the latest checkpoint
    # The same four texts in turn: the same state, give or take a few bytes of ids and scores.
    assert abs(stored[14][0] - stored[6][0]) < 0.1 * stored[6][0]
