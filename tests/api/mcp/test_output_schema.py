"""The output schema `discover` publishes over MCP: the model's schema without `$ref`s and with
`anyOf` for the results' union, accepting and refusing exactly what the model's own does."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from discovery.api.mcp.output_schema import McpDiscoverResponse, flat_schema
from discovery.search.discover_models import DiscoverResponse

TOOL = {
    "id": "tool:Charts::generate_column_chart", "name": "generate_column_chart",
    "description": "Generate a column chart.", "score": 0.59, "semantic_score": 0.49,
    "reliability": 1.2, "success_rate": 1.0, "executions": 0, "exact_match": False,
    "type": "tool", "server_id": "Charts",
    "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}},
    "related_tools": [{"tool_id": "tool:Charts::generate_flow_diagram",
                       "name": "generate_flow_diagram", "relation": "capability", "score": 0.69}],
}  # fmt: skip
CAPABILITY = {
    "id": "capability:f3c4", "name": "workflow_0779", "description": "Chart a series.",
    "score": 0.47, "semantic_score": 0.39, "reliability": 1.2, "success_rate": 0.95,
    "executions": 3, "exact_match": False, "type": "capability", "code_snippet": "chart(x)",
    "usage_count": 3, "tools_used": ["tool:Charts::generate_line_chart"],
    "parameters_schema": None,
}  # fmt: skip
META = {
    "query": "plot a chart", "filter_type": "all", "min_score": 0.0, "total_found": 2,
    "returned_count": 2, "tools_count": 1, "capabilities_count": 1, "search_mode": "semantic",
    "fallback_reason": None, "tool_strategy": "hybrid", "embedding_model": "all-MiniLM-L6-v2",
    "embedding_time_ms": 5.0, "total_time_ms": 9.0,
}  # fmt: skip
VALID = {"results": [TOOL, CAPABILITY], "meta": META}


def _bad(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(VALID)
    node = doc
    for key in path[:-1]:
        node = node[key]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return doc


INVALID = [
    _bad(("results", 0, "type"), "prompt"),  # neither branch
    _bad(("results", 1, "code_snippet"), KeyError),  # a capability without its code
    _bad(("results", 0, "related_tools", 0, "score"), "high"),  # inside a related tool
    _bad(("results", 0, "server_id"), 3),
    _bad(("meta", "returned_count"), KeyError),
    _bad(("results", 0, "type"), "capability"),  # a tool that says it is a capability
    _bad(("results", 1, "type"), "tool"),  # and the other way round
    _bad(("results", 0, "related_tools"), {"tool_id": "x"}),  # nullable, but not any type
    _bad(("results", 0, "input_schema"), "{}"),
    _bad(("results", 0), None),
]
# Passed by both: nulls where a field is nullable, and results without their `type` (it has a
# default, so the schema does not require it: such a result meets whichever branch fits).
ALSO_VALID = [
    _bad(("results", 0, "related_tools"), None),
    _bad(("results", 0, "input_schema"), None),
    _bad(("results", 0, "server_id"), None),
    _bad(("results", 1, "parameters_schema"), {"type": "object"}),
    _bad(("results", 0, "type"), KeyError),
    _bad(("results", 1, "type"), KeyError),
    _bad(("meta", "fallback_reason"), "embedder_failed: OSError"),
]


def _mutations(count: int, seed: int = 15) -> list[dict[str, Any]]:
    """`count` documents, each `VALID` with one value replaced by one of a few of every JSON
    type, or removed, at a random place (seeded)."""
    values = [None, 3, 0.5, "x", True, [], {}, ["x"], {"type": "tool"}, "tool", KeyError]
    rng = random.Random(seed)
    paths: list[tuple[Any, ...]] = []

    def walk(node: Any, path: tuple[Any, ...]) -> None:
        if path:
            paths.append(path)
        if isinstance(node, dict | list):
            for key, child in node.items() if isinstance(node, dict) else enumerate(node):
                walk(child, (*path, key))

    walk(VALID, ())
    return [_bad(rng.choice(paths), rng.choice(values)) for _ in range(count)]


def test_the_flat_schema_has_no_refs_and_no_one_of() -> None:
    text = json.dumps(flat_schema(DiscoverResponse))
    assert "$ref" not in text and "oneOf" not in text and "$defs" not in text
    Draft202012Validator.check_schema(flat_schema(DiscoverResponse))


@pytest.mark.parametrize("doc", [VALID, *INVALID, *ALSO_VALID])
def test_the_flat_schema_judges_a_result_as_the_models_own_schema_does(
    doc: dict[str, Any],
) -> None:
    model = Draft202012Validator(DiscoverResponse.model_json_schema(mode="serialization"))
    flat = Draft202012Validator(flat_schema(DiscoverResponse))
    assert flat.is_valid(doc) == model.is_valid(doc) == (doc is VALID or doc in ALSO_VALID)


def test_the_flat_schema_judges_random_changes_as_the_models_own_schema_does() -> None:
    model = Draft202012Validator(DiscoverResponse.model_json_schema(mode="serialization"))
    flat = Draft202012Validator(flat_schema(DiscoverResponse))
    docs = _mutations(600)
    verdicts = [model.is_valid(doc) for doc in docs]
    assert [flat.is_valid(doc) for doc in docs] == verdicts
    assert 50 < sum(verdicts) < 550  # both kinds of verdict are tried


def test_the_flat_schema_dispatches_on_the_type_and_merges_nullable_fields() -> None:
    schema = flat_schema(DiscoverResponse)
    results = schema["properties"]["results"]["items"]
    assert results["if"]["properties"]["type"] == {"const": "tool"}
    assert results["else"]["if"]["properties"]["type"] == {"const": "capability"}
    tool = results["then"]["properties"]
    assert tool["server_id"]["type"] == ["string", "null"] and "anyOf" not in tool["server_id"]
    assert tool["related_tools"]["type"] == ["array", "null"]


def test_the_mcp_model_validates_as_the_response_model_and_publishes_the_flat_schema() -> None:
    assert McpDiscoverResponse.model_validate(VALID).model_dump(mode="json") == VALID
    assert McpDiscoverResponse.model_json_schema() == flat_schema(DiscoverResponse)


def test_a_recursive_model_is_refused() -> None:
    from pydantic import BaseModel

    class Node(BaseModel):
        children: list[Node]

    with pytest.raises(ValueError, match="recursive"):
        flat_schema(Node)
