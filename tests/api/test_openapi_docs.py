"""The API's documentation: every operation has a description and an example, lists only the
error statuses it can return (all in the one error body), and states the limits of its inputs;
`/docs` and `/redoc` load nothing from another origin."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

pytestmark = pytest.mark.integration

# Inputs whose models are owned by other modules being changed elsewhere (search/models.py's
# SearchRequest lists; the agent search's skill lists), and the ingest body (bounded by 413).
UNBOUNDED_ALLOWED = {
    "post /api/v1/ingest/archives body",  # a file: its own 50 MB limit
}


def _operations(schema: dict) -> list[tuple[str, str, dict]]:
    return [(m, p, o) for p, ops in schema["paths"].items() for m, o in ops.items()]


def test_every_operation_has_a_description_and_an_example(app: FastAPI) -> None:
    missing = []
    for method, path, op in _operations(app.openapi()):
        media = [
            *op.get("requestBody", {}).get("content", {}).values(),
            *(c for r in op["responses"].values() for c in r.get("content", {}).values()),
        ]
        example = any("example" in p for p in op.get("parameters", [])) or any(
            "example" in m for m in media
        )
        if not op.get("description") or not example:
            missing.append(f"{method} {path}")
    assert missing == []


def test_operations_list_only_the_errors_they_can_return(app: FastAPI) -> None:
    ops = {f"{m} {p}": o for m, p, o in _operations(app.openapi())}
    statuses = {name: sorted(op["responses"]) for name, op in ops.items()}
    assert statuses["get /healthz"] == ["200"]
    assert statuses["get /readyz"] == ["200", "503"]
    assert statuses["get /api/config"] == ["200", "401"]
    assert statuses["post /api/v1/search"] == [
        "200", "400", "401", "404", "409", "413", "422", "429", "503",  # 404: similar_to
    ]  # fmt: skip
    assert "429" in statuses["post /api/ai-search/stream"]
    assert "429" not in statuses["get /api/v1/items/{item_id}/similar"]
    assert "400" not in statuses["get /api/v1/items/{item_id}/similar"]
    assert "404" in statuses["get /api/v1/items/{item_id}/similar"]
    assert {"200", "304", "404", "502"} <= set(statuses["get /api/images/{item_id}"])
    for name, op in ops.items():
        for status, response in op["responses"].items():
            if int(status) >= 400 and name != "get /readyz":
                schema = response["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/ErrorBody"}, (name, status)


def _unbounded(schema: dict, where: str, defs: dict, found: list[str]) -> None:
    while "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    for key in ("anyOf", "oneOf", "allOf"):
        for part in schema.get(key, []):
            _unbounded(part, where, defs, found)
    kind = schema.get("type")
    if where in UNBOUNDED_ALLOWED:
        return
    if kind == "string" and not ({"enum", "const", "maxLength"} & set(schema)):
        found.append(f"{where}: string without maxLength")
    if kind in ("integer", "number") and not {"minimum", "maximum"} <= set(schema):
        found.append(f"{where}: {kind} without a range")
    if kind == "array":
        if "maxItems" not in schema:
            found.append(f"{where}: array without maxItems")
        _unbounded(schema.get("items", {}), where, defs, found)
    for name, part in schema.get("properties", {}).items():
        _unbounded(part, f"{where}.{name}", defs, found)


def test_inputs_state_their_limits_in_the_schema(app: FastAPI) -> None:
    schema = app.openapi()
    defs: dict[str, Any] = schema["components"]["schemas"]
    found: list[str] = []
    for method, path, op in _operations(schema):
        for param in op.get("parameters", []):
            if param["in"] in ("query", "path"):
                _unbounded(param["schema"], f"{method} {path} ?{param['name']}", defs, found)
        for media in op.get("requestBody", {}).get("content", {}).values():
            _unbounded(media.get("schema", {}), f"{method} {path} body", defs, found)
    assert found == []


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
async def test_the_docs_pages_load_only_from_the_app(client: httpx.AsyncClient, page: str) -> None:
    response = await client.get(page)
    assert response.status_code == 200
    html = response.text
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html), html
    assets = re.findall(r"""(?:src|href)=["']?(/docs-assets/[^"' >]+)""", html)
    assert len(assets) >= 2 if page == "/docs" else len(assets) >= 1
    for asset in assets:
        loaded = await client.get(asset)
        assert loaded.status_code == 200, asset
        assert len(loaded.content) > 1000


def test_document_skill_conflict_and_optional_key_on_open_reads(app: FastAPI) -> None:
    ops = {f"{m} {p}": o for m, p, o in _operations(app.openapi())}
    created = ops["post /api/v1/skills"]["responses"]["409"]
    assert created["description"] == "A skill with this id already exists."
    assert "409" in ops["post /api/v1/skills/suggestions/{suggestion_id}/approve"]["responses"]
    for read in ("post /api/v1/search", "get /api/v1/skills", "get /api/config"):
        assert ops[read]["security"] == [{}, {"HTTPBearer": []}], read
    for write in ("post /api/v1/skills", "delete /api/v1/skills/{skill_id}"):
        assert ops[write]["security"] == [{"HTTPBearer": []}], write
