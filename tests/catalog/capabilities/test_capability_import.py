"""`capabilities import`: JSON Lines through the one write pipeline, with run histories; bad
rows reported by line; importing twice records nothing twice. Real embedded PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.capability_catalog import tools_rt, tools_template, tools_url  # noqa: F401

from discovery.catalog.capabilities.importer import import_capabilities
from discovery.catalog.capabilities.store import list_capabilities
from discovery.db.executions import SuccessPrior
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration

PRIOR = SuccessPrior()  # the defaults: Beta(2.7, 0.3), untried 1.0


def _history(*outcomes: bool) -> list[dict]:
    return [
        {"success": ok, "duration_ms": 10 * (i + 1), "at": f"2026-01-0{i + 1}T12:00:00+00:00"}
        for i, ok in enumerate(outcomes)
    ]


ROWS = [
    {
        "name": "forecast_chart",
        "description": "Chart the weather forecast of a city",
        "code_snippet": "chart(get_forecast(city))",
        "tools_used": ["Weather Now::get_forecast", "tool:Charts::generate_bar_chart"],
        "executions": list(reversed(_history(True, False, True))),
    },  # out of order on purpose
    {
        "name": "no_history",
        "description": "Show the git status",
        "code_snippet": "git_status()",
        "tools_used": ["Git Tools::git_status"],
    },
    {"name": "teleporter", "description": "x", "code_snippet": "t()", "tools_used": ["Nowhere::t"]},
    {
        "name": "bad_start",
        "description": "y",
        "code_snippet": "b()",
        "tools_used": [],
        "executions": _history(False, True),
    },
    {"name": "no_code", "description": "z", "tools_used": []},
]


def _write(path: Path) -> Path:
    lines = [json.dumps(r) for r in ROWS[:2]] + ["{not json"] + [json.dumps(r) for r in ROWS[2:]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


async def test_import_writes_capabilities_with_their_history_and_reports_bad_rows(
    tools_rt: Runtime,  # noqa: F811
    tmp_path: Path,
) -> None:
    path = _write(tmp_path / "caps.jsonl")
    report = await import_capabilities(tools_rt.db, tools_rt.embedder, path)
    assert (report.items.added, report.histories, report.executions) == (2, 1, 3)
    problems = {e.line: e.message for e in report.errors}
    assert sorted(problems) == [3, 4, 5, 6]
    assert "not JSON" in problems[3]
    assert "Nowhere::t" in problems[4]
    assert "first run failed" in problems[5]
    assert "code_snippet" in problems[6]
    async with tools_rt.db.connection() as conn:
        caps = {c.name: c for c in await list_capabilities(conn, PRIOR)}
    chart = caps["forecast_chart"]
    assert chart.tools_used == ["tool:Weather Now::get_forecast", "tool:Charts::generate_bar_chart"]
    assert (chart.stats.successes, chart.stats.failures) == (2, 1)
    assert chart.last_used_at is not None and chart.last_used_at.day == 3
    assert caps["no_history"].usage_count == 0
    assert caps["no_history"].success_rate == 1.0  # untried

    again = await import_capabilities(tools_rt.db, tools_rt.embedder, path)
    assert (again.items.added, again.items.unchanged, again.executions) == (0, 2, 0)


def test_an_intent_made_from_a_long_description_is_cut_to_fit() -> None:
    from discovery.catalog.capabilities.importer import ImportRow

    row = ImportRow.model_validate(
        {"description": "word " * 300, "code_snippet": "x()", "tools_used": []}
    )
    assert len(row.intent) <= 1000 and row.intent.startswith("word word")
    assert row.description == ("word " * 300)  # the description itself is kept whole
