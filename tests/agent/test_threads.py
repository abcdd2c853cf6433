"""Thread ids, owners, the turn cap and idle expiry (`agent/threads.py`) on the real database."""

from __future__ import annotations

import uuid

import pytest
from pydantic import TypeAdapter, ValidationError

from discovery.agent.threads import (
    ThreadId,
    ThreadNotFound,
    ThreadStore,
    TurnLimitReached,
    new_thread_id,
    owner_fingerprint,
    thread_id_problem,
)
from discovery.runtime import Runtime

THREAD_ID: TypeAdapter[str] = TypeAdapter(ThreadId)
ALICE, BOB = owner_fingerprint("alice-key-0123456789"), owner_fingerprint("bob-key-0123456789")


def test_accept_thread_ids_when_random() -> None:
    issued = [new_thread_id() for _ in range(2000)]
    assert len(set(issued)) == 2000
    chosen = [uuid.uuid4().hex, str(uuid.uuid4()), "Kq3xV9mZp2LwR7tA", "chat_8fJ2kLq9Xz4mN1pQ"]
    for value in issued + chosen:
        assert thread_id_problem(value) is None, value
        assert THREAD_ID.validate_python(value) == value


@pytest.mark.parametrize(
    "value",
    [
        "1",
        "42",
        "short-id",
        "0000000000000001",
        "aaaaaaaaaaaaaaaaaaaa",
        "1234567890123456",
        "abcdefghijklmnopqrstuvwxyz",
        "thread-00000000001",
        "has a space in it..",
        "dots.are.not.url.safe.x",
        "x" * 129,
    ],
)
def test_reject_thread_id_when_short_sequential_or_unsafe(value: str) -> None:
    assert thread_id_problem(value) is not None
    with pytest.raises(ValidationError):
        THREAD_ID.validate_python(value)


def test_fingerprint_owner_without_the_key() -> None:
    assert owner_fingerprint(None) == owner_fingerprint("") == ""
    fingerprint = owner_fingerprint("alice-key-0123456789")
    assert "alice" not in fingerprint and len(fingerprint) == 64
    assert fingerprint == ALICE != BOB


@pytest.mark.integration
async def test_begin_turn_keeps_a_thread_to_its_owner(runtime: Runtime) -> None:
    store = ThreadStore(runtime.db, runtime.settings)
    issued = await store.begin_turn(None, ALICE)
    assert thread_id_problem(issued) is None
    assert await store.begin_turn(issued, ALICE) == issued
    with pytest.raises(ThreadNotFound):
        await store.begin_turn(issued, BOB)
    with pytest.raises(ThreadNotFound):
        await store.begin_turn(issued, "")  # no key is not the owner's key either
    assert await store.visible(issued, ALICE)
    assert not await store.visible(issued, BOB) and not await store.visible(issued, "")
    assert not await store.delete(issued, BOB)
    assert await store.delete(issued, ALICE)
    assert not await store.visible(issued, ALICE)


@pytest.mark.integration
async def test_begin_turn_lets_any_client_continue_a_thread_started_without_a_key(
    runtime: Runtime,
) -> None:
    store = ThreadStore(runtime.db, runtime.settings)
    chosen = new_thread_id()
    assert await store.begin_turn(chosen, "") == chosen
    assert await store.begin_turn(chosen, ALICE) == chosen
    assert await store.visible(chosen, "") and await store.visible(chosen, ALICE)


@pytest.mark.integration
async def test_begin_turn_refuses_a_turn_over_the_cap(runtime: Runtime) -> None:
    settings = runtime.settings.model_copy(update={"discovery_thread_max_turns": 3})
    store = ThreadStore(runtime.db, settings)
    thread = await store.begin_turn(None, ALICE)
    await store.begin_turn(thread, ALICE)
    await store.begin_turn(thread, ALICE)
    with pytest.raises(TurnLimitReached, match="limit of 3 turns"):
        await store.begin_turn(thread, ALICE)
    assert await store.begin_turn(None, ALICE) != thread  # a new thread is fine


async def _age(runtime: Runtime, thread_id: str, hours: float) -> None:
    async with runtime.db.connection() as conn:
        await conn.execute(
            "update agent_threads set last_active_at = now() - make_interval(secs => %s)"
            " where thread_id = %s",
            (hours * 3600, thread_id),
        )


@pytest.mark.integration
async def test_purge_expired_deletes_only_idle_threads(runtime: Runtime) -> None:
    store = ThreadStore(runtime.db, runtime.settings)  # TTL: 72 hours by default
    idle, fresh = await store.begin_turn(None, ALICE), await store.begin_turn(None, ALICE)
    await _age(runtime, idle, 73)
    await _age(runtime, fresh, 71)
    assert not await store.visible(idle, ALICE)  # expired: gone already for its owner
    assert await store.purge_expired() == 1
    assert await store.visible(fresh, ALICE)
    async with runtime.db.connection() as conn:
        rows = await (await conn.execute("select thread_id from agent_threads")).fetchall()
    assert [r[0] for r in rows] == [fresh]
    assert await store.purge_expired() == 0


@pytest.mark.integration
async def test_begin_turn_starts_an_expired_thread_over_for_its_new_client(
    runtime: Runtime,
) -> None:
    store = ThreadStore(runtime.db, runtime.settings)
    thread = await store.begin_turn(None, ALICE)
    await _age(runtime, thread, 100)
    assert await store.begin_turn(thread, BOB) == thread  # not purged yet, but expired
    assert await store.visible(thread, BOB) and not await store.visible(thread, ALICE)
