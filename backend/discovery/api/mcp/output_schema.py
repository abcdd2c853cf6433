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

Two more rewrites cut the validator's steps (each subschema it enters costs it a copy of
itself), again without changing which documents pass:

- a nullable field, `anyOf: [{type: T, ...}, {type: null}]`, becomes `type: [T, null]` with
  the branch's keywords, when those keywords constrain only values of type T (`items`,
  `properties`, `minLength`, ...), which a null never is: one subschema fewer per field, two
  for a null;
- the results' union becomes `if` the discriminator is "tool" `then` the tool's schema, `else
  if` it is "capability" `then` the capability's, `else` the `anyOf` as before. A value with
  `type: "tool"` fails the capability branch's constant, so the `anyOf` could only have
  accepted it by the tool branch (and the other way round); a value without a known `type`
  still meets the `anyOf`. A capability no longer goes through the whole tool branch first
  (jsonschema's `anyOf` collects every error of a failed branch).

The REST API (OpenAPI) keeps the model's schema as it is; only the MCP tool publishes this
one (`McpDiscoverResponse`, the tool's return annotation)."""

from __future__ import annotations

import copy
import json
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
        return _dispatch(out)
    return _nullable(out)


# Keywords that constrain only values of one JSON type (or only annotate): a branch made of
# these and `type` says nothing about a null.
_TYPED = {
    "object": {"properties", "additionalProperties", "required", "patternProperties",
               "propertyNames", "minProperties", "maxProperties", "dependentRequired"},
    "array": {"items", "prefixItems", "contains", "minItems", "maxItems", "uniqueItems",
              "minContains", "maxContains"},
    "string": {"minLength", "maxLength", "pattern", "format"},
    "number": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"},
    "integer": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"},
    "boolean": set(),
}  # fmt: skip
_ANNOTATIONS = {"title", "description", "default", "examples", "deprecated"}


def _nullable(node: dict[str, Any]) -> dict[str, Any]:
    """`anyOf: [{type: T, ...}, {type: null}]` as `type: [T, null]` with the branch's keywords,
    when they constrain only values of type T (a null passes them, as it passed the branch of
    its own); otherwise `node` as it is."""
    branches = node.get("anyOf")
    if not isinstance(branches, list) or len(branches) != 2 or {"type": "null"} not in branches:
        return node
    (typed,) = [b for b in branches if b != {"type": "null"}] or [{}]
    kind = typed.get("type")
    if not isinstance(kind, str) or kind not in _TYPED:
        return node
    keywords = set(typed) - {"type"}
    rest = {k: v for k, v in node.items() if k != "anyOf"}
    if keywords - _TYPED[kind] - _ANNOTATIONS or keywords & set(rest) or "type" in rest:
        return node
    return rest | {k: v for k, v in typed.items() if k != "type"} | {"type": [kind, "null"]}


def _dispatch(node: dict[str, Any]) -> dict[str, Any]:
    """A discriminated `anyOf` as `if` the discriminator has a branch's constant `then` that
    branch, for each branch in turn, `else` the `anyOf` itself; `node` as it is when a branch
    has no constant of its own."""
    name = node["discriminator"]["propertyName"]
    branches = node["anyOf"]
    constants = [b.get("properties", {}).get(name, {}).get("const") for b in branches]
    if None in constants or len(set(map(json.dumps, constants))) != len(constants):
        return node
    rest = {k: v for k, v in node.items() if k != "anyOf"}
    chain: dict[str, Any] = {"anyOf": branches}
    for branch, constant in reversed(list(zip(branches, constants, strict=True))):
        test = {"properties": {name: {"const": constant}}, "required": [name]}
        chain = {"if": test, "then": branch, "else": chain}
    return rest | chain


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
