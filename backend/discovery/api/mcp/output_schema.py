"""The output schema `discover` publishes over MCP: the response model's own JSON schema, made
cheap to check. MCP clients validate every structured result against the tool's outputSchema
(the SDK's client does, with `jsonschema`); on ten results with related tools that check cost
more than the rest of the client's work. Two things made it slow, and neither changes which
documents the schema accepts:

- `$ref`s: every result, related tool and nullable field went through a reference lookup.
  Here the definitions are written in place (the models are not recursive).
- the results' `oneOf` (pydantic's schema of a union with a discriminator): `oneOf` must try
  every branch of every result to prove that only one matches. The branches' `type` constants
  ("tool", "capability") already exclude each other, so `anyOf` accepts exactly the same
  results and stops at the first branch that matches. The `discriminator` (an OpenAPI
  keyword, which JSON Schema validators skip) keeps its property name; its mapping named the
  definitions, which are gone.

The REST API (OpenAPI) keeps the model's schema as it is; only the MCP tool publishes this
one (`McpDiscoverResponse`, the tool's return annotation)."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from pydantic import BaseModel, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from discovery.search.discover_models import DiscoverResponse

DEFS_PREFIX = "#/$defs/"


def flat_schema(model: type[BaseModel]) -> dict[str, Any]:
    """`model`'s JSON schema (as serialized) with its definitions inlined and discriminated
    `oneOf`s as `anyOf`s."""
    schema = model.model_json_schema(mode="serialization")
    defs = schema.pop("$defs", {})
    return _inline(schema, defs, ())


def _inline(node: Any, defs: dict[str, Any], seen: tuple[str, ...]) -> Any:
    if isinstance(node, list):
        return [_inline(v, defs, seen) for v in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith(DEFS_PREFIX):
        name = ref.removeprefix(DEFS_PREFIX)
        if name in seen:
            raise ValueError(f"{name} is recursive: its schema cannot be inlined")
        siblings = {k: _inline(v, defs, seen) for k, v in node.items() if k != "$ref"}
        return _inline(defs[name], defs, (*seen, name)) | siblings
    out = {k: _inline(v, defs, seen) for k, v in node.items()}
    if "oneOf" in out and isinstance(out.get("discriminator"), dict):
        out["anyOf"] = out.pop("oneOf")
        # its mapping named the definitions, which are gone: the property name stays
        out["discriminator"] = {"propertyName": out["discriminator"]["propertyName"]}
    return out


@cache
def _discover_schema() -> dict[str, Any]:
    return flat_schema(DiscoverResponse)


class McpDiscoverResponse(DiscoverResponse):
    """`DiscoverResponse` with the flat JSON schema above; the same fields and validation."""

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return copy.deepcopy(_discover_schema())
