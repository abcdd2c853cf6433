"""A leaner way for graphql-core to complete plain leaf fields (same answers, same errors).

graphql-core completes every field of a result the same way: a path entry, a resolve-info
object, the field's resolver, then the general completion (non-null, list, leaf, abstract,
object). A search answer is mostly leaves: ten matches with their agents are about 250 fields,
230 of them strings, numbers and lists of strings that Strawberry reads with plain `getattr`
(its "basic" fields: no resolver of their own, no field extensions). This executor reads and
coerces those in one step; graphql-core completes the other fields of the same object as it
always does, and the answer keeps the query's field order. Completing a search answer of ten
matches costs about a third of what it did (`docs/benchmarks.md`, A2A agents).

Anything else takes graphql-core's own path: fields with a resolver, arguments or directives,
objects, abstract types, every field while an extension wraps resolvers (tracing, custom
directives), and every value the short path does not take as it is (a null in a non-null field,
a list that is not a list, a value the scalar refuses): graphql-core then completes that field
again and reports the error exactly as it would have.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, cast

from graphql import (
    GraphQLBoolean,
    GraphQLField,
    GraphQLLeafType,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLString,
    Undefined,
    is_leaf_type,
    is_list_type,
    is_non_null_type,
)
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext
from strawberry.schema.schema_converter import GraphQLCoreConverter

Reader = Callable[[Any], Any]
_BACKREF = GraphQLCoreConverter.DEFINITION_BACKREF


class _Declined(Exception):
    """The short path does not take this value: graphql-core's own path completes it."""


def _leaf(leaf: GraphQLLeafType, non_null: bool) -> Reader:
    coerce = leaf.coerce_output_value
    # What graphql-core's own String and Boolean give back unchanged, given back at once.
    same = str if leaf is GraphQLString else bool if leaf is GraphQLBoolean else None

    def complete(value: Any) -> Any:
        if type(value) is same:
            return value
        if value is None:
            if non_null:
                raise _Declined
            return None
        if isinstance(value, Exception):
            raise _Declined  # graphql-core raises it as the field's error
        out = coerce(value)
        if out is None or out is Undefined:
            raise _Declined
        return out

    return complete


def _completer(type_: GraphQLOutputType) -> Reader | None:
    """How to complete a value of this type in one step: leaves and lists of leaves only."""
    non_null = is_non_null_type(type_)
    inner = type_.of_type if non_null else type_  # type: ignore[union-attr]
    if is_leaf_type(inner):
        return _leaf(inner, non_null)
    if not is_list_type(inner):
        return None
    item = inner.of_type
    item_non_null = is_non_null_type(item)
    item_type = item.of_type if item_non_null else item
    if not is_leaf_type(item_type):
        return None
    complete_item = _leaf(item_type, item_non_null)

    def complete_list(value: Any) -> Any:
        if value is None:
            if non_null:
                raise _Declined
            return None
        if type(value) is not list and type(value) is not tuple:
            raise _Declined  # sets, generators, async iterables: graphql-core's own path
        return [complete_item(v) for v in value]

    return complete_list


def field_reader(field: GraphQLField) -> Reader | None:
    """A one-step reader for a Strawberry basic field whose type is a leaf or a list of
    leaves (the attribute, read as Strawberry's default resolver reads it, then coerced);
    None for every other field."""
    definition = (field.extensions or {}).get(_BACKREF)
    resolve = field.resolve
    if (
        definition is None
        or resolve is None
        or field.args
        or not getattr(definition, "is_basic_field", False)
        or not getattr(resolve, "_is_default", False)
        or getattr(resolve, "__name__", "") != "_get_basic_result"
    ):
        return None
    complete = _completer(field.type)
    if complete is None:
        return None
    if definition.default_resolver is getattr:
        name = definition.python_name
        return lambda source: complete(getattr(source, name))
    return lambda source: complete(resolve(source, None))  # it ignores the info


_PLANS: dict[int, tuple[GraphQLObjectType, dict[str, Reader]]] = {}


def _readers(parent_type: GraphQLObjectType) -> dict[str, Reader]:
    """The one-step readers of a type's fields, by field name (made once per type)."""
    known = _PLANS.get(id(parent_type))
    if known is not None and known[0] is parent_type:
        return known[1]
    readers = {}
    for name, field in parent_type.fields.items():
        reader = field_reader(field)
        if reader is not None:
            readers[name] = reader
    _PLANS[id(parent_type)] = (parent_type, readers)
    return readers


class LeanExecutionContext(StrawberryGraphQLCoreExecutionContext):
    """Strawberry's execution context, with plain leaf fields completed in one step."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Strawberry always passes a middleware manager; it wraps resolvers only when an
        # extension implements `resolve`, and then every field goes graphql-core's way.
        manager = self.middleware_manager
        self._lean = manager is None or not manager.middlewares
        self._splits: dict[int, tuple[dict[str, Any], list[tuple[str, Reader]], dict[str, Any]]]
        self._splits = {}

    def execute_fields(
        self,
        parent_type: GraphQLObjectType,
        source_value: Any,
        path: Any,
        grouped_field_set: dict[str, Any],
        position_context: Any,
    ) -> Any:
        leaf_fields, rest = self._split(parent_type, grouped_field_set)
        if not leaf_fields:
            return super().execute_fields(
                parent_type, source_value, path, grouped_field_set, position_context
            )
        leaves: dict[str, Any] = {}
        declined: dict[str, Any] = {}
        for response_name, reader in leaf_fields:
            try:
                leaves[response_name] = reader(source_value)
            except Exception:  # graphql-core's own path reports it
                declined[response_name] = grouped_field_set[response_name]
        if declined:
            rest = {name: d for name, d in grouped_field_set.items() if name not in leaves}
        if not rest:
            return leaves
        others = super().execute_fields(parent_type, source_value, path, rest, position_context)
        if self.is_awaitable(others):
            return _merged_later(grouped_field_set, leaves, others)
        return _merged(grouped_field_set, leaves, cast("dict[str, Any]", others))

    def _split(
        self, parent_type: GraphQLObjectType, grouped_field_set: dict[str, Any]
    ) -> tuple[list[tuple[str, Reader]], dict[str, Any]]:
        """The selection's one-step leaves and the rest, worked out once per selection set
        and request (graphql-core hands the ten matches of a page the same grouped set)."""
        key = id(grouped_field_set)
        known = self._splits.get(key)
        if known is not None and known[0] is grouped_field_set:
            return known[1], known[2]
        readers = _readers(parent_type) if self._lean else {}
        leaf_fields: list[tuple[str, Reader]] = []
        rest: dict[str, Any] = {}
        for response_name, details in grouped_field_set.items():
            node = details[0].node
            reader = readers.get(node.name.value)
            if reader is not None and not node.arguments and not _directed(details):
                leaf_fields.append((response_name, reader))
            else:
                rest[response_name] = details
        self._splits[key] = (grouped_field_set, leaf_fields, rest)
        return leaf_fields, rest


def _directed(details: Any) -> bool:
    return any(d.node.directives for d in details)


def _merged(order: dict[str, Any], leaves: dict[str, Any], others: dict[str, Any]) -> Any:
    """One object in the query's field order (graphql-core leaves out undefined fields)."""
    return {
        name: leaves[name] if name in leaves else others[name]
        for name in order
        if name in leaves or name in others
    }


async def _merged_later(
    order: dict[str, Any], leaves: dict[str, Any], others: Awaitable[dict[str, Any]]
) -> Any:
    return _merged(order, leaves, await others)
