"""Ingesting tools: skills assigned, schemas stored apart, idempotent, suggestions, centroids.

Real embedded PostgreSQL and the real local model, with the small fixture catalog."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from discovery.catalog.skills.store import refresh_skill_vectors
from discovery.catalog.tools.ingest import ingest_tools
from discovery.catalog.writer import IngestReport
from discovery.runtime import Runtime
from discovery.settings import SkillProposals

pytestmark = pytest.mark.integration

FIXTURE = Path(__file__).parents[2] / "fixtures" / "tools_small.jsonl"


async def _ingest(runtime: Runtime, *paths: Path) -> IngestReport:
    return await ingest_tools(runtime.db, runtime.embedder, runtime.settings, list(paths))


async def _rows(runtime: Runtime, sql: str, *args: object) -> list[tuple]:
    async with runtime.db.connection() as conn:
        return await (await conn.execute(sql, args)).fetchall()  # type: ignore[arg-type]


async def test_ingest_tools_assigns_skills_and_reports_bad_rows(runtime: Runtime) -> None:
    report = await _ingest(runtime, FIXTURE)
    assert (report.added, report.updated, report.unchanged, report.skipped) == (17, 0, 0, 3)
    assert [e.line for e in report.errors] == [9, 10, 11]
    rows = dict(
        (r[0], r[1:])
        for r in await _rows(runtime, "select id, primary_skill_id, skill_ids from items")
    )
    assert rows["tool:Weather Now::get_forecast"][0] == "tools.weather"
    assert rows["tool:Git Tools::git_commit"][0] == "tools.version_control"
    assert rows["tool:Stocks::get_stock_price"][0] == "tools.finance_markets"
    assert rows["tool:Charts::generate_bar_chart"][0] == "tools.charts"
    for primary, skills in rows.values():
        assert len(skills) <= 3 and (primary is None) == (not skills)
        assert primary is None or primary == skills[0]
    confident = await _rows(
        runtime,
        "select confidence from item_skills where not tentative and skill_id not like"
        " 'tools.catalog.%%'",
    )
    assert confident and all(c >= 0.5 for (c,) in confident)
    # The qubit tool fits no seed skill: by default a skill proposed from the catalog takes it.
    assert report.suggested >= 1 and report.skills_created == report.suggested
    skill = rows["tool:Qubit Lab::calibrate_pulse"][0]
    assert skill is not None and skill.startswith("tools.catalog.")
    [(status, source)] = await _rows(
        runtime,
        "select status, source from skill_suggestions where skill_id = %s",
        skill,
    )
    assert (status, source) == ("approved", "catalog")
    for tool in ("tool:Weather Now::get_forecast", "tool:Git Tools::git_commit"):
        assert not rows[tool][0].startswith("tools.catalog.")


async def test_proposals_in_review_mode_wait_with_a_tentative_best_fit(
    runtime: Runtime,
) -> None:
    settings = runtime.settings.model_copy(
        update={"discovery_skill_proposals": SkillProposals.REVIEW}
    )
    report = await ingest_tools(runtime.db, runtime.embedder, settings, [FIXTURE])
    assert report.suggested >= 1 and report.skills_created == 0
    [(name, keywords)] = await _rows(
        runtime,
        "select name, keywords from skill_suggestions where status = 'pending'"
        " and source = 'catalog' and 'tool:Qubit Lab::calibrate_pulse' = any(example_item_ids)",
    )
    assert keywords and name
    # No tool is left without a skill: the qubit tool has its best fit, marked tentative.
    [(primary, tentative, confidence)] = await _rows(
        runtime,
        "select i.primary_skill_id, x.tentative, x.confidence from items i join item_skills x"
        " on x.item_id = i.id and x.is_primary where i.id = 'tool:Qubit Lab::calibrate_pulse'",
    )
    assert primary is not None and tentative and confidence < 0.5
    unplaced = await _rows(runtime, "select id from items where primary_skill_id is null")
    assert unplaced == []


async def test_proposals_off_files_one_suggestion_per_unplaced_tool(runtime: Runtime) -> None:
    settings = runtime.settings.model_copy(update={"discovery_skill_proposals": SkillProposals.OFF})
    report = await ingest_tools(runtime.db, runtime.embedder, settings, [FIXTURE])
    assert report.suggested >= 1 and report.skills_created == 0
    [(name, keywords)] = await _rows(
        runtime,
        "select name, keywords from skill_suggestions where status = 'pending'"
        " and source = 'ingest' and 'tool:Qubit Lab::calibrate_pulse' = any(example_item_ids)",
    )
    assert "pulse" in keywords and "pulse" in name.lower()


async def test_schemas_live_apart_from_metadata(runtime: Runtime) -> None:
    await _ingest(runtime, FIXTURE)
    [(metadata, schema)] = await _rows(
        runtime,
        "select i.metadata, s.input_schema from items i join item_schemas s on s.item_id = i.id"
        " where i.id = 'tool:Git Tools::git_status'",
    )
    assert "input_schema" not in metadata and metadata["server"] == "Git Tools"
    assert schema["required"] == ["repo_path"]


async def test_ingest_is_idempotent_and_sees_changes(runtime: Runtime, tmp_path: Path) -> None:
    await _ingest(runtime, FIXTURE)
    report = await _ingest(runtime, FIXTURE)
    assert (report.added, report.updated, report.unchanged) == (0, 0, 17)
    assert report.suggested == 0
    changed = tmp_path / "changed.jsonl"
    schema = {"type": "object", "properties": {"path": {"type": "string"}}}
    row = {"server": "Git Tools", "name": "git_status", "description": "Show status."}
    row["input_schema"] = schema
    changed.write_text(json.dumps(row) + "\n")
    report = await _ingest(runtime, changed)
    assert (report.added, report.updated) == (0, 1)
    [(schema,)] = await _rows(
        runtime,
        "select input_schema from item_schemas where item_id = 'tool:Git Tools::git_status'",
    )
    assert "path" in schema["properties"]


async def test_skill_vector_is_the_weighted_centroid_of_its_tools(runtime: Runtime) -> None:
    await _ingest(runtime, FIXTURE)
    members = await _rows(
        runtime,
        "select x.confidence, e.embedding from item_skills x"
        " join item_embeddings e on e.item_id = x.item_id"
        " where x.skill_id = 'tools.version_control'",
    )
    assert len(members) >= 3
    expected = sum(c * e.to_numpy() for c, e in members)
    expected /= np.linalg.norm(expected)
    [(source, vector, count)] = await _rows(
        runtime,
        "select e.source, e.embedding, s.tool_count from skill_embeddings e"
        " join skills s on s.id = e.skill_id where e.skill_id = 'tools.version_control'",
    )
    assert source == "centroid" and count == len(members)
    assert np.allclose(vector.to_numpy(), expected, atol=1e-5)
    [(empty_source,)] = await _rows(
        runtime, "select source from skill_embeddings where skill_id = 'tools.crypto'"
    )
    assert empty_source == "description"  # no tools yet


async def test_a_skill_that_loses_its_tools_goes_back_to_its_description(
    runtime: Runtime,
) -> None:
    await _ingest(runtime, FIXTURE)
    async with runtime.db.connection() as conn:
        await conn.execute(
            "update items set is_active = false where metadata->>'server' = 'Git Tools'"
        )
    async with runtime.db.connection() as conn:
        await refresh_skill_vectors(conn, runtime.embedder)
    [(source, count)] = await _rows(
        runtime,
        "select e.source, s.tool_count from skill_embeddings e join skills s on s.id = e.skill_id"
        " where e.skill_id = 'tools.version_control'",
    )
    assert (source, count) == ("description", 0)
