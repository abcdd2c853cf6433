"""A description (where the route's docstring has none) and an example for every operation of
the API, by operation id; `openapi.py` puts them into the OpenAPI document, and a test checks
that no operation goes without. Those of `discover`, capabilities and tool runs are in
`examples_discover.py`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Doc:
    description: str | None = None
    request: Any = None
    response: Any = None
    params: dict[str, Any] = field(default_factory=dict)


_ID = "cmoa:things/88d10b8c-367c-45f8-835b-f0e483fdb06a"
_RECORD = {
    "id": _ID,
    "kind": "archive",
    "title": "Boxing match in Centre Avenue YMCA gym",
    "description": 'Photographic negative by Charles "Teenie" Harris, c. 1950-1960.',
    "summary": 'Boxing match with referee. Charles "Teenie" Harris, c. 1950-1960; photograph.',
    "creator": 'Charles "Teenie" Harris',
    "date": "c. 1950-1960",
    "date_start": 1950,
    "date_end": 1960,
    "place": "",
    "media_type": "photograph",
    "url": "http://teenie.cmoa.org/CollectionSearch.aspx?itemIRN=67017",
    "thumbnail": "http://collection.cmoa.org/CollectionImage.aspx?irn=76784&size=ZoomLarge",
    "score": 0.6834,
}
_METADATA = {
    "creator": _RECORD["creator"],
    "date": "c. 1950-1960",
    "date_start": 1950,
    "date_end": 1960,
    "place": "",
    "media_type": "photograph",
    "tags": ["Photographic Negative", "Fine Arts"],
    "url": _RECORD["url"],
    "thumbnail": _RECORD["thumbnail"],
    "source": {"accession_number": "2001.35.52769", "credit_line": "Heinz Family Fund"},
}
_ITEM = {
    "id": _ID,
    "kind": "archive",
    "name": "Boxing match in Centre Avenue YMCA gym",
    "title": _RECORD["title"],
    "description": _RECORD["description"],
    "summary": _RECORD["summary"],
    "metadata": _METADATA,
    "skill_ids": ["heritage.photograph", "heritage.sports"],
    "primary_skill_id": "heritage.sports",
}
_HIT = _ITEM | {"score": 0.6834, "rank_score": None}
_TIMINGS = {
    "strategy_used": "hierarchical",
    "skill_ids_used": ["heritage.sports"],
    "fallback_reason": None,
    "embedding_model": "all-MiniLM-L6-v2",
    "query_embedding_time_ms": 2.1,
    "skill_search_time_ms": 1.4,
    "tool_search_time_ms": 3.2,
    "total_time_ms": 7.0,
    "stage1_skill_count": 1,
    "stage2_candidate_count": 61,
    "final_count": 1,
}
_SKILL = {
    "id": "heritage.sports",
    "name": "Sports",
    "description": "Athletes, games, boxing, baseball and other sports.",
    "parent_domain": "heritage",
    "tool_count": 61,
    "score": 0.61,
}
_SKILL_OUT = {k: v for k, v in _SKILL.items() if k != "score"} | {
    "keywords": ["boxing", "baseball"],
    "examples": ["boxers in a ring"],
    "is_active": True,
}
_ATTEMPT = {
    "attempt": 1,
    "query": "boxing match",
    "filters": {},
    "count": 10,
    "best_score": 0.68,
    "reason": "ok",
    "strategy": "initial",
    "accepted": True,
}
_ANSWER = {
    "response_type": "results",
    "archives": [_RECORD],
    "total": 1,
    "query": "boxing match",
    "message": 'Here are 1 records for "boxing match".',
    "intent": "search",
    "attempts": [_ATTEMPT],
    "thread_id": "2f1c6c1e-5b0e-4a58-9f59-1d1b1d0f7a10",
}
_ASK = {"query": "boxing matches in the 1950s"}
_STREAM = (
    'event: intent\ndata: {"event": "intent", "intent": "search", "confidence": 0.97}\n\n'
    'event: query\ndata: {"event": "query", "query": "boxing match", "filters": {}}\n\n'
    'event: results\ndata: {"event": "results", "response": {"response_type": "results", ...}}\n\n'
    'event: done\ndata: {"event": "done", "thread_id": "2f1c6c1e-5b0e-4a58-9f59-1d1b1d0f7a10"}\n\n'
)
_JOB = {"state": "running", "started_at": "2026-11-24T10:00:00Z", "finished_at": None}
_SUGGESTION = {
    "id": 7,
    "item_id": "tool:weather.get_forecast",
    "suggested_name": "Weather",
    "status": "pending",
}
_AGENT = {
    "id": "agent:delegatedesk",
    "name": "DelegateDesk",
    "description": "Delegate and revoke voting power for token holders.",
    "score": 0.71,
}

OPERATIONS: dict[str, Doc] = {
    "health-healthz": Doc(
        "Liveness: the process answers. Never touches the database (use `/readyz`).",
        response={"status": "ok"},
    ),
    "health-readyz": Doc(
        response={
            "status": "ok",
            "database": True,
            "embedder": True,
            "embedding_model": "all-MiniLM-L6-v2",
        }
    ),
    "search-search": Doc(
        "The engine's search contract: items of every kind by meaning, in one stage (`direct`), "
        "two (`hierarchical`: skills, then their items) or fused with full-text (`hybrid`), with "
        "per-stage timings. Archive records are among the `tools` (the contract's name) with "
        "`kind: archive`.",
        request={"query": "boxing match", "limit": 1, "strategy": "hierarchical"},
        response={"query": "boxing match", "tools": [_HIT], "matched_skills": [_SKILL]}
        | {"metadata": _TIMINGS},
    ),
    "search-search_skills": Doc(
        params={"query": "oil painting of a landscape", "limit": 3},
        response={"query": "oil painting", "skills": [_SKILL], "metadata": _TIMINGS},
    ),
    "search-search_tools": Doc(
        params={"query": "boxing match", "skill_ids": "heritage.sports", "limit": 5},
        response={"query": "boxing match", "tools": [_HIT], "matched_skills": []}
        | {"metadata": _TIMINGS},
    ),
    "skills-list_suggestions": Doc(params={"status": "pending"}, response=[_SUGGESTION]),
    "skills-approve": Doc(
        params={"suggestion_id": 7},
        request={"id": "tools.weather", "name": "Weather"},
        response={"skill": _SKILL_OUT, "reclassified": 12},
    ),
    "skills-reject": Doc(
        "Reject a pending skill suggestion (API key); the item keeps its current skills.",
        params={"suggestion_id": 7},
        response=_SUGGESTION | {"status": "rejected"},
    ),
    "skills-reclassify_items": Doc(
        params={"only_unplaced": True}, response={"items": 250, "changed": 12}
    ),
    "skills-list_skills": Doc(
        "The skills (categories) of the catalog, optionally of one parent domain or state.",
        params={"parent_domain": "heritage"},
        response=[_SKILL_OUT],
    ),
    "skills-create_skill": Doc(
        request={
            "id": "tools.weather",
            "name": "Weather",
            "description": "Forecasts and current conditions.",
            "keywords": ["weather", "forecast"],
        },
        response=_SKILL_OUT,
    ),
    "skills-get_skill": Doc(
        "One skill with its keywords and examples.",
        params={"skill_id": "heritage.sports"},
        response=_SKILL_OUT,
    ),
    "skills-replace_skill": Doc(
        "Replace a skill's fields (API key); its centroid and item counts follow.",
        params={"skill_id": "heritage.sports"},
        request={"name": "Sports", "description": "Athletes and games.", "parent_domain": "h"},
        response=_SKILL_OUT,
    ),
    "skills-update_skill": Doc(
        "Change some of a skill's fields (API key).",
        params={"skill_id": "heritage.sports"},
        request={"keywords": ["boxing", "baseball", "track"]},
        response=_SKILL_OUT,
    ),
    "skills-delete_skill": Doc(params={"skill_id": "tools.weather"}),
    "admin-ingest": Doc(
        request='{"id": "my:1", "title": "Streetcar in the snow", "creation_date": "c. 1950"}\n',
        response={"added": 1, "updated": 0, "unchanged": 0, "skipped": 0, "errors": []},
        params={"map": ["title=Heading"]},
    ),
    "admin-reindex_status": Doc(
        "The progress of the background reindex (API key): state, done and total items.",
        response=_JOB | {"total": 3000, "done": 1200},
    ),
    "admin-start_reindex": Doc(response=_JOB | {"total": 3000, "done": 0}),
    "intents-list_intents": Doc(
        response=[
            {
                "id": "governance.membership.add",
                "label": "Add a member",
                "description": "Add an account or agent as a member of a group.",
                "requiredSkills": ["governance_and_trust/membership/add_member"],
                "executable": True,
            }
        ]
    ),
    "items-similar_items": Doc(
        params={"item_id": _ID, "limit": 10, "media_type": ["photograph"], "exclude": [_ID]},
        response={
            "item": _ITEM,
            "items": [_HIT | {"id": "cmoa:things/a0f86af4", "score": 0.91}],
            "metadata": {
                "embedding_model": "all-MiniLM-L6-v2",
                "search_time_ms": 4.2,
                "excluded_count": 0,
                "final_count": 1,
            },
        },
    ),
    "items-get_item": Doc(params={"item_id": _ID}, response=_ITEM),
    "agents-semantic_search": Doc(
        request={"intentType": "governance.membership.add", "topK": 5},
        response={"agents": [_AGENT], "total": 1},
    ),
    "agents-list_agents": Doc(
        params={"first": 20, "nameContains": "desk"}, response={"agents": [_AGENT], "total": 1}
    ),
    "agents-sync_status": Doc(
        "The progress of the background card sync (API key).",
        response=_JOB | {"agents": 120, "fetched": 80, "unchanged": 30, "failed": 10},
    ),
    "agents-start_sync": Doc(response=_JOB | {"agents": 0, "fetched": 0}),
    "agent-ask": Doc(
        "One turn of the conversational agent, answered whole: `results` (records from the best "
        "search attempt) or a `message`, with what it understood and every search attempt. Send "
        "the `thread_id` of the previous answer to continue the conversation.",
        request=_ASK,
        response=_ANSWER,
    ),
    "agent-ask_stream": Doc(
        "The same turn as server-sent events (`intent`, `query`, `attempt`..., `results` or "
        "`message`, `done`); what the web UI uses. Closing the connection cancels the turn.",
        request=_ASK | {"thread_id": "2f1c6c1e-5b0e-4a58-9f59-1d1b1d0f7a10"},
        response=_STREAM,
    ),
    "chat-chat": Doc(
        "The same turn in the Vercel AI SDK UI message stream protocol (`useChat`): the body is "
        "what `DefaultChatTransport` posts; only the last user message is read.",
        request={
            "id": "2f1c6c1e-5b0e-4a58-9f59-1d1b1d0f7a10",
            "messages": [{"id": "m1", "role": "user", "parts": [{"type": "text", "text": "jazz"}]}],
        },
        response='data: {"type": "start"}\n\ndata: {"type": "text-delta", ...}\n\ndata: [DONE]\n\n',
    ),
    "threads-get_thread": Doc(
        "A conversation's turns, oldest first: each person's message and the agent's answer.",
        params={"thread_id": "2f1c6c1e-5b0e-4a58-9f59-1d1b1d0f7a10"},
        response={
            "thread_id": "2f1c6c1e-5b0e-4a58-9f59-1d1b1d0f7a10",
            "turns": [{"user": "boxing match", "response": _ANSWER}],
        },
    ),
    "threads-delete_thread": Doc(
        "Forget a conversation (API key).",
        params={"thread_id": "2f1c6c1e-5b0e-4a58-9f59-1d1b1d0f7a10"},
    ),
    "config-config": Doc(
        "What the web UI needs before the first question: the archive's name and description, "
        "the quick searches, the limits it must respect, and who plans the turns.",
        response={
            "name": "Discovery heritage archive",
            "description": "a heritage archive of about three thousand records",
            "quick_searches": [{"label": "Jazz musicians", "query": "jazz musicians in a club"}],
            "limits": {"max_query_chars": 1000, "max_attempts": 3, "match_count": 10},
            "planner": "local",
        },
    ),
    "images-thumbnail": Doc(params={"item_id": _ID}),
}
