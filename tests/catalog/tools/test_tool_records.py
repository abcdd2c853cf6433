"""Parsing tool catalogs: JSON Lines rows and saved MCP list responses (pure, no database)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from discovery.catalog.records import CatalogItem, RowError
from discovery.catalog.tools.read import humanize, read_tool_rows, tool_item

FIXTURE = Path(__file__).parents[2] / "fixtures" / "tools_small.jsonl"


def test_read_jsonl_gives_items_and_errors_with_file_and_line() -> None:
    rows = list(read_tool_rows(FIXTURE))
    items = [r for _, r in rows if isinstance(r, CatalogItem)]
    errors = [r for _, r in rows if isinstance(r, RowError)]
    assert len(items) == 17
    assert [(e.line, e.source) for e in errors] == [(9, str(FIXTURE)), (10, str(FIXTURE)),
                                                    (11, str(FIXTURE))]  # fmt: skip
    assert "invalid JSON" in errors[0].message
    assert "missing name" in errors[1].message
    assert "input_schema must be an object" in errors[2].message
    kinds = {i.kind for i in items}
    assert kinds == {"tool", "prompt", "resource"}


def test_tool_item_ids_metadata_and_embedding_text() -> None:
    row = {"server": "Git Tools", "name": "git_status", "description": "Show status.",
           "input_schema": {"type": "object"}, "server_category": "Code"}  # fmt: skip
    item = tool_item(row)
    assert item.id == "tool:Git Tools::git_status"
    assert item.metadata == {"server": "Git Tools", "source": "file", "server_category": "Code",
                             "input_schema": {"type": "object"}}  # fmt: skip
    assert item.embedding_text == "git status: Show status."
    resource = tool_item({"server": "s", "uri": "file:///a.txt", "name": "A"}, kind="resource")
    assert (
        resource.id == "resource:s::file:///a.txt" and resource.metadata["uri"] == "file:///a.txt"
    )


def test_parameter_names_are_embedded_as_words() -> None:
    properties = {"repoPath": {"type": "string"}, "max_count": {}}
    schema = {"type": "object", "properties": properties | {f"extra_{i}": {} for i in range(10)}}
    item = tool_item({"server": "Git", "name": "git_log", "description": "Show the log.",
                      "input_schema": schema})  # fmt: skip
    assert item.embedding_text.startswith("git log: Show the log. Parameters: repo path, max count")
    assert item.embedding_text.count(",") == 7  # the first eight names
    arguments = [{"name": "pull_request"}, {"description": "no name"}]
    prompt = tool_item({"server": "s", "name": "review", "item_type": "prompt",
                        "arguments": arguments})  # fmt: skip
    assert prompt.embedding_text == "review. Parameters: pull request"
    odd = tool_item({"server": "s", "name": "t", "input_schema": {"properties": ["x"]}})
    assert odd.embedding_text == "t"


def test_content_hash_changes_with_the_schema_only_when_it_changes() -> None:
    base = {"server": "s", "name": "t", "description": "d", "input_schema": {"type": "object"}}
    same = tool_item(dict(base)).content_hash
    assert tool_item(dict(base)).content_hash == same
    changed = base | {"input_schema": {"type": "object", "properties": {"x": {}}}}
    assert tool_item(changed).content_hash != same


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"name": "t"}, "missing server"),
        ({"server": "s", "name": "t", "item_type": "agent"}, "item_type must be"),
        ({"server": "s", "name": 3}, "name must be a string"),
        ({"server": "s", "name": "p", "item_type": "prompt", "arguments": "x"}, "arguments"),
    ],
)
def test_bad_rows_are_refused_with_a_reason(row: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tool_item(row)


def test_saved_mcp_responses_bare_and_json_rpc(tmp_path: Path) -> None:
    bare = tmp_path / "time-server.json"
    bare.write_text(json.dumps({"tools": [
        {"name": "get_current_time", "description": "Now.", "inputSchema": {"type": "object"}},
        "oops",
    ]}))  # fmt: skip
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text(json.dumps({"jsonrpc": "2.0", "id": 1, "result": {
        "serverInfo": {"name": "docs"},
        "prompts": [{"name": "review", "arguments": [{"name": "code"}]}],
        "resources": [{"uri": "docs://readme", "name": "README", "mimeType": "text/markdown"}],
    }}))  # fmt: skip
    first = list(read_tool_rows(bare))
    assert isinstance(first[0][1], CatalogItem)
    assert first[0][1].id == "tool:time-server::get_current_time"  # server from the file name
    assert first[0][1].metadata["input_schema"] == {"type": "object"}
    assert isinstance(first[1][1], RowError) and first[1][1].source.endswith("#tools")
    second = [r for _, r in read_tool_rows(wrapped) if isinstance(r, CatalogItem)]
    assert [i.id for i in second] == ["prompt:docs::review", "resource:docs::docs://readme"]
    assert second[1].metadata["mime_type"] == "text/markdown"
    override = [r for _, r in read_tool_rows(bare, server="time") if isinstance(r, CatalogItem)]
    assert override[0].id == "tool:time::get_current_time"


def test_a_document_that_is_not_a_list_response_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"hello": 1}')
    [(line, error)] = list(read_tool_rows(path))
    assert line == 1 and isinstance(error, RowError) and "tools/list" in error.message
    path.write_text("{broken")
    [(_, error)] = list(read_tool_rows(path))
    assert isinstance(error, RowError) and "not a JSON document" in error.message


def test_humanize_splits_snake_kebab_and_camel_case() -> None:
    assert humanize("get_stock-priceByDate") == "get stock price By Date"
