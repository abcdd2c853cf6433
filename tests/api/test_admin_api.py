"""Write and admin endpoints on a fresh database: ingest over HTTP (JSON Lines, CSV, a JSON
array; malformed rows reported and skipped; idempotent), the background reindex, and the key
that both need."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from pydantic import SecretStr
from tests.api.conftest import asgi_client, running_app
from tests.conftest import settings_for
from tests.fixtures.bad_files import BadFile, archive_files, count_items, pick

from discovery.settings import Settings

pytestmark = pytest.mark.integration

KEY = {"Authorization": "Bearer admin-key"}
JSONL = "\n".join(
    [
        json.dumps(
            {"id": "a1", "title": "Jazz band on stage", "date": "1950", "medium": "photograph"}
        ),
        "{not json",
        json.dumps({"id": "a2", "title": "Church choir singing", "date": "c. 1948"}),
        json.dumps(["not", "an", "object"]),
    ]
)


@pytest.fixture
async def admin_client(
    empty_db_settings: Settings, agent_data_dir: Path
) -> AsyncIterator[httpx.AsyncClient]:
    settings = settings_for(
        empty_db_settings.database_url.get_secret_value(),  # type: ignore[union-attr]
        agent_data_dir,
        discovery_api_keys=SecretStr("admin-key"),
        discovery_agent_planner="local",
    )
    async with running_app(settings) as app, asgi_client(app) as client:
        yield client


async def test_ingest_reports_bad_rows_and_is_idempotent(
    admin_client: httpx.AsyncClient,
) -> None:
    headers = KEY | {"content-type": "application/x-ndjson"}
    first = await admin_client.post("/api/v1/ingest/archives", content=JSONL, headers=headers)
    assert first.status_code == 200
    report = first.json()
    assert (report["added"], report["skipped"]) == (2, 2)
    assert [e["line"] for e in report["errors"]] == [2, 4]
    again = (
        await admin_client.post("/api/v1/ingest/archives", content=JSONL, headers=headers)
    ).json()
    assert (again["added"], again["unchanged"], again["skipped"]) == (0, 2, 2)
    found = (
        await admin_client.post("/api/v1/search", json={"query": "jazz band", "strategy": "direct"})
    ).json()
    assert found["tools"][0]["id"].endswith("a1")


async def test_ingest_csv_and_json_array_with_a_column_map(
    admin_client: httpx.AsyncClient,
) -> None:
    csv_body = "ref,Heading,Year\nc1,Steel mill workers,1951\nc2,Boxers training,1949\n"
    response = await admin_client.post(
        "/api/v1/ingest/archives",
        params=[("map", "id=ref"), ("map", "title=Heading"), ("map", "date=Year")],
        content=csv_body,
        headers=KEY | {"content-type": "text/csv"},
    )
    assert response.status_code == 200 and response.json()["added"] == 2
    array = [{"id": "j1", "title": "Portrait of a nurse"}, {"id": "j2", "title": "Streetcar"}]
    response = await admin_client.post("/api/v1/ingest/archives", json=array, headers=KEY)
    assert response.status_code == 200 and response.json()["added"] == 2


@pytest.mark.parametrize(
    ("headers", "params", "status"),
    [
        ({}, {}, 401),
        ({"Authorization": "Bearer wrong"}, {}, 401),
        (KEY | {"content-type": "application/pdf"}, {}, 415),
        (KEY | {"content-type": "text/csv"}, {"map": "nonsense"}, 422),
        (KEY | {"content-type": "text/csv"}, {"map": "colour=Heading"}, 422),
    ],
)
async def test_bad_ingest_requests_get_4xx(
    admin_client: httpx.AsyncClient, headers: dict, params: dict, status: int
) -> None:
    response = await admin_client.post(
        "/api/v1/ingest/archives", content="a,b\n1,2\n", headers=headers, params=params
    )
    assert response.status_code == status
    assert response.json()["error"]["message"]


async def test_reindex_runs_in_the_background(admin_client: httpx.AsyncClient) -> None:
    assert (await admin_client.post("/api/v1/reindex")).status_code == 401
    idle = (await admin_client.get("/api/v1/reindex", headers=KEY)).json()
    assert idle["state"] == "idle"
    await admin_client.post(
        "/api/v1/ingest/archives",
        content=JSONL,
        headers=KEY | {"content-type": "text/plain"},
        params={"format": "jsonl"},
    )
    started = await admin_client.post("/api/v1/reindex", headers=KEY)
    assert started.status_code == 202 and started.json()["state"] == "running"
    for _ in range(100):
        status = (await admin_client.get("/api/v1/reindex", headers=KEY)).json()
        if status["state"] != "running":
            break
        await asyncio.sleep(0.05)
    assert status["state"] == "done", status
    assert status["done"] == status["total"] == 0  # every item already has a current vector


@pytest.mark.parametrize(
    "bad",
    pick(
        archive_files(),
        "surrogates.jsonl",
        "nul.jsonl",
        "wrong_types.jsonl",
        "overlong.jsonl",
        "binary.jsonl",
        "broken_quote.csv",
    ),
    ids=lambda b: b.name,
)
async def test_ingest_keeps_good_rows_and_reports_bad_ones_by_line(
    admin_client: httpx.AsyncClient, empty_db_settings: Settings, bad: BadFile
) -> None:
    kind = "text/csv" if bad.name.endswith(".csv") else "application/x-ndjson"
    headers = KEY | {"content-type": kind}
    response = await admin_client.post("/api/v1/ingest/archives", content=bad.data, headers=headers)
    assert response.status_code == 200, response.text
    report = response.json()
    assert [e["line"] for e in report["errors"]] == list(bad.bad_lines)
    assert (report["added"], report["skipped"]) == (bad.kept, len(bad.bad_lines))
    assert count_items(empty_db_settings) == bad.kept
    assert "/tmp" not in response.text  # the upload's temporary path is not the client's business


async def test_ingest_of_compressed_bytes_as_json_lines_is_a_report_not_a_500(
    admin_client: httpx.AsyncClient,
) -> None:
    [bad] = pick(archive_files(), "truncated.jsonl.gz")
    headers = KEY | {"content-type": "application/x-ndjson"}
    response = await admin_client.post("/api/v1/ingest/archives", content=bad.data, headers=headers)
    assert response.status_code == 200
    assert response.json()["added"] == 0 and response.json()["skipped"] > 0
