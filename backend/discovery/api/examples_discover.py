"""Examples for `discover`, learned capabilities and tool runs (see `examples.py`)."""

from __future__ import annotations

from discovery.api.examples import Doc

_TOOL_ID = "tool:Files::read_file"
_CAPABILITY_ID = "capability:3f1c2a9b7d4e5f60"
_CODE = "text = read_file(path='notes.txt')\nprint(len(text.splitlines()))"
_STATS = {
    "executions": 8,
    "successes": 7,
    "failures": 1,
    "success_rate": 0.8409,
    "usage_count": 8,
    "mean_duration_ms": 38.2,
    "last_used_at": "2026-11-24T10:15:00Z",
}
_CAPABILITY = {
    "id": _CAPABILITY_ID,
    "name": "read_a_file_and_count_its_lines",
    "description": "read a file and count its lines",
    "code_snippet": _CODE,
    "tools_used": [_TOOL_ID],
    "parameters_schema": None,
    "success_rate": 0.8409,
    "usage_count": 8,
    "created_at": "2026-11-20T09:00:00Z",
    "last_used_at": "2026-11-24T10:15:00Z",
    "is_active": True,
    "stats": _STATS,
}
_CAPABILITY_HIT = {
    "type": "capability",
    "id": _CAPABILITY_ID,
    "name": _CAPABILITY["name"],
    "description": _CAPABILITY["description"],
    "score": 0.8123,
    "semantic_score": 0.8123,
    "reliability": 1.0,
    "success_rate": 0.8409,
    "executions": 8,
    "exact_match": False,
    "code_snippet": _CODE,
    "usage_count": 8,
    "tools_used": [_TOOL_ID],
    "parameters_schema": None,
}
_TOOL_HIT = {
    "type": "tool",
    "id": _TOOL_ID,
    "name": "read_file",
    "description": "Read the complete contents of a file.",
    "score": 0.7015,
    "semantic_score": 0.7015,
    "reliability": 1.0,
    "success_rate": 1.0,
    "executions": 0,
    "exact_match": False,
    "server_id": "Files",
    "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}},
    "related_tools": None,
}
_DISCOVER_META = {
    "query": "read a file and count its lines",
    "filter_type": "all",
    "min_score": 0.2,
    "total_found": 14,
    "returned_count": 2,
    "tools_count": 1,
    "capabilities_count": 1,
    "search_mode": "semantic",
    "fallback_reason": None,
    "tool_strategy": "hybrid",
    "embedding_model": "all-MiniLM-L6-v2",
    "embedding_time_ms": 4.1,
    "total_time_ms": 12.7,
}


DISCOVER_OPERATIONS: dict[str, Doc] = {
    "discover-discover": Doc(
        request={
            "intent": "read a file and count its lines",
            "limit": 2,
            "filter": {"type": "all", "minScore": 0.2},
        },
        response={"results": [_CAPABILITY_HIT, _TOOL_HIT], "meta": _DISCOVER_META},
    ),
    "capabilities-list_all": Doc(params={"limit": 20, "offset": 0}, response=[_CAPABILITY]),
    "capabilities-show": Doc(params={"capability_id": _CAPABILITY_ID}, response=_CAPABILITY),
    "capabilities-create": Doc(
        request={
            "intent": "read a file and count its lines",
            "code_snippet": _CODE,
            "tools_used": [_TOOL_ID],
            "outcome": {"success": True, "duration_ms": 41.5},
        },
        response={"created": True, "capability": _CAPABILITY},
    ),
    "capabilities-record": Doc(
        params={"capability_id": _CAPABILITY_ID},
        request={"success": False, "duration_ms": 12.0, "error": "file not found"},
        response={"item_id": _CAPABILITY_ID, "execution_id": 8, "stats": _STATS},
    ),
    "tools-record": Doc(
        params={"tool_id": _TOOL_ID},
        request={"success": True, "duration_ms": 3.2, "trace_id": "run-2026-11-24-001"},
        response={"item_id": _TOOL_ID, "execution_id": 9, "stats": _STATS},
    ),
}
