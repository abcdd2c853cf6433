"""Read tool catalogs into `CatalogItem`s: JSON Lines rows and saved MCP list responses.

Two formats, told apart by the extension (each optionally gzipped):

- JSON Lines (`.jsonl`, `.ndjson`): one object per line with `server`, `name`, `description`
  and `input_schema` (the LiveMCPBench layout); optional `item_type` (tool, prompt, resource),
  `title`, `server_description`, `server_category`, `arguments` (prompts), `uri` and
  `mime_type` (resources).
- A saved MCP response (`.json`): the result of `tools/list`, `prompts/list` or
  `resources/list` (`{"tools": [...]}`), bare or wrapped in JSON-RPC (`{"result": {...}}`); one
  file may hold several lists. The server is `--server`, else `serverInfo.name`, else the file
  name.

Ids are `<item_type>:<server>::<name>` (a resource's name is its URI), so the same tool from the
same server is the same item whatever file or sync it came from.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from discovery.catalog.records import ROW_FAULTS, CatalogItem, RowError, row_problem
from discovery.catalog.sources import Problem, json_document, json_objects
from discovery.catalog.text import humanize
from discovery.db.schema import TOOL_KINDS, ItemKind

_LIST_KEYS: dict[str, ItemKind] = {
    "tools": ItemKind.TOOL,
    "prompts": ItemKind.PROMPT,
    "resources": ItemKind.RESOURCE,
    "resourceTemplates": ItemKind.RESOURCE,
}
_MAX_PARAMETERS = 8
_MAX_TEXT = 2000


class ToolRowInvalid(ValueError):
    """A tool row that cannot become an item; the message says why."""


def item_id(kind: str, server: str, name: str) -> str:
    return f"{kind}:{server}::{name}"


def _text(row: Mapping[str, Any], *keys: str) -> str:
    for key in keys:
        value = row.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            raise ToolRowInvalid(f"{key} must be a string, got {type(value).__name__}")
        if value.strip():
            return value.strip()
    return ""


def tool_item(
    row: Mapping[str, Any],
    *,
    server: str | None = None,
    kind: ItemKind | None = None,
    source: str = "file",
) -> CatalogItem:
    """One tool, prompt or resource (MCP field names or snake_case) as a catalog item."""
    item_type = row.get("item_type", row.get("kind", kind or "tool"))
    if not isinstance(item_type, str) or item_type not in TOOL_KINDS:
        raise ToolRowInvalid(f"item_type must be tool, prompt or resource, got {item_type!r}")
    kind = ItemKind(item_type)
    server_name = _text(row, "server") or (server or "")
    if not server_name:
        raise ToolRowInvalid("missing server (give it in the row or with --server)")
    name = _text(row, "uri", "uriTemplate", "name") if kind == "resource" else _text(row, "name")
    if not name:
        raise ToolRowInvalid("missing name" if kind != "resource" else "missing uri")
    description = _text(row, "description")
    label = _text(row, "title", "name") or name
    metadata: dict[str, Any] = {"server": server_name, "source": source}
    for key, field in (("server_description", "server_description"),
                       ("server_category", "server_category")):  # fmt: skip
        if value := _text(row, field):
            metadata[key] = value[:_MAX_TEXT]
    if kind == "tool":
        schema = row.get("input_schema", row.get("inputSchema"))
        if schema is not None and not isinstance(schema, dict):
            raise ToolRowInvalid(f"input_schema must be an object, got {type(schema).__name__}")
        metadata["input_schema"] = schema or {"type": "object", "properties": {}}
    elif kind == "prompt":
        arguments = row.get("arguments") or []
        if not isinstance(arguments, list) or not all(isinstance(a, dict) for a in arguments):
            raise ToolRowInvalid("arguments must be a list of objects")
        metadata["arguments"] = arguments
    else:
        metadata["uri"] = name
        if mime := _text(row, "mime_type", "mimeType"):
            metadata["mime_type"] = mime
    words = humanize(label if kind != "resource" else _text(row, "name") or label)
    context = metadata.get("server_description", "")
    embedding_text = f"{words}: {description}" if description else words
    if not description and context:
        embedding_text += f". {context[:300]}"
    if parameters := _parameter_words(metadata):
        embedding_text = f"{embedding_text.rstrip('. ')}. Parameters: {parameters}"
    return CatalogItem(
        id=item_id(kind, server_name, name),
        kind=kind,
        name=name,
        title=label,
        description=description[:_MAX_TEXT],
        metadata=metadata,
        embedding_text=embedding_text[:_MAX_TEXT],
    )


def _parameter_words(metadata: Mapping[str, Any]) -> str:
    """The first parameter names of a tool's input schema (or a prompt's arguments) as words.
    Measured on the tune splits (docs/tools-search.md): names help direct search on LiveMCPBench
    (recall@5 0.288 -> 0.320) and change nothing on MetaTool; their descriptions, or the server
    name, helped less or hurt."""
    if isinstance(schema := metadata.get("input_schema"), dict):
        properties = schema.get("properties")
        names = list(properties) if isinstance(properties, dict) else []
    else:
        names = [a.get("name") for a in metadata.get("arguments") or []]
    words = [humanize(n).lower() for n in names[:_MAX_PARAMETERS] if isinstance(n, str)]
    return ", ".join(w for w in words if w)


def read_tool_rows(
    path: Path, server: str | None = None
) -> Iterator[tuple[int, CatalogItem | RowError]]:
    """`(line, item or error)` per row: the line for JSON Lines, the 1-based element index within
    its list for a saved MCP response. A malformed row yields a `RowError` and reading goes on."""
    name = path.name.lower().removesuffix(".gz")
    if name.endswith((".jsonl", ".ndjson")):
        yield from _jsonl(path, server)
    elif name.endswith(".json"):
        yield from _mcp_response(path, server)
    else:
        raise ValueError(f"{path}: expected .jsonl, .ndjson or .json (optionally .gz)")


def _jsonl(path: Path, server: str | None) -> Iterator[tuple[int, CatalogItem | RowError]]:
    source = str(path)
    for line, row in json_objects(path):
        if isinstance(row, Problem):
            yield line, RowError(source, line, row.message)
        else:
            yield line, _item(source, line, row, server=server)


def _item(where: str, line: int, row: Mapping[str, Any], **how: Any) -> CatalogItem | RowError:
    try:
        return tool_item(row, **how)
    except ROW_FAULTS as exc:  # ToolRowInvalid, pydantic's ValidationError (CatalogItem's checks)
        return RowError(where, line, row_problem(exc))


def _mcp_response(path: Path, server: str | None) -> Iterator[tuple[int, CatalogItem | RowError]]:
    source = str(path)
    document = json_document(path)
    if isinstance(document, Problem):
        yield 1, RowError(source, 1, document.message)
        return
    result = document.get("result", document) if isinstance(document, dict) else None
    if not isinstance(result, dict) or not any(k in result for k in _LIST_KEYS):
        message = "expected an MCP tools/list, prompts/list or resources/list result"
        yield 1, RowError(source, 1, message + " (an object with tools, prompts or resources)")
        return
    info = result.get("serverInfo") or (document.get("serverInfo") or {})
    named = info.get("name") if isinstance(info, dict) else None
    server = server or (named if isinstance(named, str) and named.strip() else None) or _stem(path)
    for key, kind in _LIST_KEYS.items():
        rows = result.get(key)
        if rows is None:
            continue
        where = f"{source}#{key}"
        if not isinstance(rows, list):
            yield 1, RowError(where, 1, f"{key} must be a list")
            continue
        for index, row in enumerate(rows, start=1):
            if not isinstance(row, dict):
                yield index, RowError(where, index, "expected a JSON object")
                continue
            yield index, _item(where, index, row, server=server, kind=kind, source="file")


def _stem(path: Path) -> str:
    name = path.name
    for suffix in (".gz", ".json"):
        name = name.removesuffix(suffix)
    return name
