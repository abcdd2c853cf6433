"""The lean executor answers exactly what Strawberry's own answers (data, errors, their paths
and order), and takes its short path for plain leaf fields. No database: a small schema of its
own, with the shapes the agent search has (leaves, lists of leaves, nested objects, lists of
objects, a resolver) and values the short path must hand back to graphql-core."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
import strawberry
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from discovery.api.graphql import execution
from discovery.api.graphql.execution import LeanExecutionContext, field_reader


@strawberry.type
class Endpoint:
    name: str
    version: str | None


@strawberry.type
class Thing:
    id: str
    score: float
    count: int
    live: bool
    note: str | None
    tags: list[str]
    maybe_tags: list[str | None] | None
    endpoints: list[Endpoint]

    @strawberry.field
    def shout(self) -> str:
        return self.id.upper()


def _thing(i: int, **changes: Any) -> Thing:
    values: dict[str, Any] = {
        "id": f"t{i}",
        "score": 0.5 + i,
        "count": i,
        "live": i % 2 == 0,
        "note": None if i % 2 else "ñote",
        "tags": [f"a{i}", "b"],
        "maybe_tags": None if i == 1 else ["x", None],
        "endpoints": [Endpoint(name="A2A", version=None), Endpoint(name="MCP", version="1")],
    }
    return Thing(**(values | changes))


@dataclass
class Box:
    """What the resolver hands over: sometimes values a field's type does not allow."""

    things: list[Any]


BOX = Box([_thing(i) for i in range(4)])


@strawberry.type
class Query:
    @strawberry.field
    def things(self) -> list[Thing]:
        return BOX.things

    @strawberry.field
    def nullable_things(self) -> list[Thing | None] | None:
        return BOX.things


def _schemas() -> tuple[strawberry.Schema, strawberry.Schema]:
    stock = strawberry.Schema(
        query=Query, execution_context_class=StrawberryGraphQLCoreExecutionContext
    )
    lean = strawberry.Schema(query=Query, execution_context_class=LeanExecutionContext)
    return stock, lean


FIELDS = "id score count live note tags maybeTags shout __typename endpoints { name version }"
QUERIES = [
    "{ things { " + FIELDS + " } }",
    "{ nullableThings { " + FIELDS + " } }",
    "{ things { a: id b: id score ...F } } fragment F on Thing { count tags }",
    "query($s: Boolean!) { things { id note @skip(if: $s) tags @include(if: $s) } }",
]
BAD_VALUES = [
    {},
    {"note": 12},  # an int in a String field: coerced the same way
    {"id": None},  # null in a non-null leaf: an error, the null goes up
    {"count": "many"},  # a value Int refuses
    {"count": 2**40},  # out of Int's range
    {"score": float("nan")},  # Float refuses it
    {"tags": ("x", "y")},  # a tuple: a list as well
    {"tags": {"only"}},  # a set: graphql-core's own path
    {"tags": ["x", None]},  # null inside [String!]!
    {"tags": "abc"},  # a string is not a list
    {"endpoints": [Endpoint(name=None, version=None)]},  # type: ignore[arg-type]
    {"live": 1},  # an int in a Boolean field
]


@pytest.mark.parametrize("changes", BAD_VALUES)
@pytest.mark.parametrize("query", QUERIES)
async def test_lean_answers_exactly_what_strawberry_answers(
    query: str, changes: dict[str, Any]
) -> None:
    stock, lean = _schemas()
    BOX.things = [_thing(i) for i in range(4)]
    BOX.things[2] = _thing(2, **changes)
    variables = {"s": False}
    expected = await stock.execute(query, variable_values=variables)
    got = await lean.execute(query, variable_values=variables)
    assert got.data == expected.data
    assert list(got.data or {}) == list(expected.data or {})  # the same field order
    assert [e.formatted for e in got.errors or []] == [e.formatted for e in expected.errors or []]


async def test_lean_reads_plain_leaves_without_graphql_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only the fields that are not plain leaves reach graphql-core's `execute_field`."""
    BOX.things = [_thing(i) for i in range(4)]
    seen: list[str] = []
    general = StrawberryGraphQLCoreExecutionContext.execute_field

    def spy(self: Any, parent_type: Any, source: Any, details: Any, *rest: Any) -> Any:
        seen.append(details[0].node.name.value)
        return general(self, parent_type, source, details, *rest)

    monkeypatch.setattr(StrawberryGraphQLCoreExecutionContext, "execute_field", spy)
    _, lean = _schemas()
    result = await lean.execute("{ things { " + FIELDS + " } }")
    assert not result.errors
    assert sorted(set(seen)) == ["__typename", "endpoints", "shout", "things"]


def test_only_basic_leaf_fields_get_a_reader() -> None:
    _, lean = _schemas()
    thing = lean._schema.type_map["Thing"]
    with_reader = {name for name, f in thing.fields.items() if field_reader(f) is not None}
    assert with_reader == {"id", "score", "count", "live", "note", "tags", "maybeTags"}
    assert execution._readers(thing).keys() == with_reader
