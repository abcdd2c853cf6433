"""Capabilities are created by their first successful run, through the one write path
(embedded, upserted idempotently); later runs are recorded; a failed first run creates nothing.
Real embedded PostgreSQL and the real local model."""

from __future__ import annotations

import numpy as np
import pytest
from tests.capability_catalog import tools_rt, tools_template, tools_url  # noqa: F401

from discovery.catalog.capabilities.records import CapabilityRun, Outcome, capability_item
from discovery.catalog.capabilities.store import (
    FailedFirstRun,
    UnknownTools,
    create_from_run,
    get_capability,
    list_capabilities,
    write_capabilities,
)
from discovery.db.executions import SuccessPrior
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration

PRIOR = SuccessPrior()  # the defaults: Beta(2.7, 0.3), untried 1.0
CODE = "def count_lines(path):\n    return len(read_file(path=path).splitlines())\n"


def _run(success: bool = True, code: str = CODE, **fields: object) -> CapabilityRun:
    values: dict[str, object] = {
        "intent": "Count the lines of a text file",
        "code_snippet": code,
        "tools_used": ["Files::read_file"],
        "outcome": Outcome(success=success, duration_ms=12.5, error=None if success else "boom"),
    }
    return CapabilityRun.model_validate(values | fields)


async def _count(rt: Runtime, sql: str) -> int:
    async with rt.db.connection() as conn:
        row = await (await conn.execute(sql)).fetchone()
    assert row is not None
    return int(row[0])


async def test_first_successful_run_creates_an_embedded_capability(tools_rt: Runtime) -> None:  # noqa: F811
    capability, created = await create_from_run(tools_rt.db, tools_rt.embedder, _run(), PRIOR)
    assert created
    assert capability.id.startswith("capability:") and len(capability.id) == len("capability:") + 16
    assert capability.name == "count_the_lines_of_a_text_file"
    assert capability.description == "Count the lines of a text file"
    assert capability.tools_used == ["tool:Files::read_file"]  # the catalog's own id
    assert capability.code_snippet == CODE
    assert (capability.usage_count, capability.stats.successes) == (1, 1)
    assert capability.success_rate == pytest.approx(0.925)  # (1 + 2.7) / (1 + 2.7 + 0.3)
    assert capability.last_used_at is not None
    async with tools_rt.db.connection() as conn:
        row = await (
            await conn.execute(
                "select i.embedding_text, e.embedding from items i join item_embeddings e"
                " on e.item_id = i.id where i.id = %s",
                (capability.id,),
            )
        ).fetchone()
    assert row is not None
    text, vector = row
    assert text == (
        "count the lines of a text file: Count the lines of a text file. Tools: read file"
    )
    expected = tools_rt.embedder.embed_documents([text])[0]
    assert float(np.dot(np.asarray(vector.to_numpy()), expected)) > 0.999


async def test_a_failed_first_run_creates_nothing(tools_rt: Runtime) -> None:  # noqa: F811
    with pytest.raises(FailedFirstRun):
        await create_from_run(tools_rt.db, tools_rt.embedder, _run(success=False), PRIOR)
    assert await _count(tools_rt, "select count(*) from items where kind = 'capability'") == 0
    assert await _count(tools_rt, "select count(*) from item_executions") == 0


async def test_a_first_run_that_fails_to_record_leaves_no_capability(tools_rt: Runtime) -> None:  # noqa: F811
    """The item and its first run are one transaction: when the database refuses the run (a
    trigger raising, as a real fault would), no capability remains and the retry creates it."""
    async with tools_rt.db.connection() as conn:
        await conn.execute(
            "create function _refuse_run() returns trigger language plpgsql as"
            " $$ begin raise exception 'disk full'; end $$;"
            " create trigger refuse_run before insert on item_executions"
            " for each row execute function _refuse_run()"
        )
    with pytest.raises(Exception, match="disk full"):
        await create_from_run(tools_rt.db, tools_rt.embedder, _run(), PRIOR)
    assert await _count(tools_rt, "select count(*) from items where kind = 'capability'") == 0
    async with tools_rt.db.connection() as conn:
        await conn.execute("drop trigger refuse_run on item_executions")
    capability, created = await create_from_run(tools_rt.db, tools_rt.embedder, _run(), PRIOR)
    assert created and capability.usage_count == 1


async def test_a_later_run_of_the_same_code_is_recorded_not_duplicated(tools_rt: Runtime) -> None:  # noqa: F811
    first, _ = await create_from_run(tools_rt.db, tools_rt.embedder, _run(), PRIOR)
    again, created = await create_from_run(
        tools_rt.db, tools_rt.embedder, _run(success=False, intent="another intent"), PRIOR
    )
    assert not created and again.id == first.id
    assert again.description == "Count the lines of a text file"  # the first run's, kept
    assert (again.stats.successes, again.stats.failures, again.usage_count) == (1, 1, 2)
    assert again.success_rate == pytest.approx(3.7 / 5, abs=1e-4)  # rounded to 4 places
    assert await _count(tools_rt, "select count(*) from items where kind = 'capability'") == 1


async def test_tools_the_catalog_does_not_hold_are_refused(tools_rt: Runtime) -> None:  # noqa: F811
    run = _run(tools_used=["Files::read_file", "Nowhere::teleport"])
    with pytest.raises(UnknownTools, match="Nowhere::teleport"):
        await create_from_run(tools_rt.db, tools_rt.embedder, run, PRIOR)
    assert await _count(tools_rt, "select count(*) from items where kind = 'capability'") == 0


async def test_writing_the_same_capability_twice_changes_nothing(tools_rt: Runtime) -> None:  # noqa: F811
    item = capability_item(
        _run(tools_used=["tool:Files::read_file"]), {"tool:Files::read_file": "read_file"}
    )
    first = await write_capabilities(tools_rt.db, tools_rt.embedder, [item])
    second = await write_capabilities(tools_rt.db, tools_rt.embedder, [item])
    assert (first.added, second.added, second.unchanged) == (1, 0, 1)


async def test_list_and_get_read_back_the_statistics(tools_rt: Runtime) -> None:  # noqa: F811
    created, _ = await create_from_run(tools_rt.db, tools_rt.embedder, _run(), PRIOR)
    other, _ = await create_from_run(
        tools_rt.db, tools_rt.embedder, _run(code="print('hi')", tools_used=[]), PRIOR
    )
    async with tools_rt.db.connection() as conn:
        listed = await list_capabilities(conn, PRIOR)
        bare = await get_capability(conn, created.id.removeprefix("capability:"), PRIOR)
        missing = await get_capability(conn, "capability:0000", PRIOR)
    assert [c.id for c in listed] == [other.id, created.id]  # most recently used first
    assert bare is not None and bare.id == created.id
    assert missing is None
