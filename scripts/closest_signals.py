"""Turns whose attempts were all rejected: were the records close, and which evidence says so?

Runs the agent (as shipped, with `DISCOVERY_AGENT_CLOSEST=false` to see the old behaviour or
not: the attempts are the same) over the TUNE data only: the conversation sets v2 and v3 (all
splits: both are studied sets) and v4's tune split, and the archive dev sets' tune splits
(`discovery eval archives --reuse` catalogs). For every turn that ends with every attempt
rejected, each attempt is searched again through the agent's own search tool (the same
records, deterministically; `evaluation/first_attempt.py`), its evidence computed
(`agent/offline/closest.py`) and its records judged: the conversation turn's `accept` rule
(a turn whose judge wants a message is labelled `harm`: showing records fails it), or, on an
archive set, whether a relevant record is in the first 10 (and their nDCG@10). One JSON line
per turn, then (with --summary FILE, on stderr) per set: such turns, how many had a relevant
first attempt, a relevant later attempt, and what the shipped rule (`ClosestRecords.close` on
the first attempt) would show: relevant, not relevant, or records where a message was wanted.
The attempts are the same whether `DISCOVERY_AGENT_CLOSEST` is on or off (it changes what is
shown, not what is searched).

    uv run python scripts/closest_signals.py --out /tmp/closest.jsonl
    uv run python scripts/closest_signals.py --only conversations   # or archives
    uv run python scripts/closest_signals.py --summary /tmp/closest.jsonl
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter
from typing import Any

from discovery.agent.graph import build_parts
from discovery.agent.offline.closest import MIN_SCORE, ClosestRecords
from discovery.agent.offline.lexical import KeyTerms
from discovery.agent.responses import ArchiveRecord
from discovery.agent.service import open_agent
from discovery.agent.tools import make_search_tool
from discovery.cli.terminal import load_settings
from discovery.evaluation.archive_sets import DEV_SETS
from discovery.evaluation.archives_eval import eval_settings, ndcg
from discovery.evaluation.conversation_sets import SETS
from discovery.evaluation.conversations import evaluate_conversations, load_conversations, split_of
from discovery.evaluation.relevance import Acceptor
from discovery.runtime import Runtime, load_demo_if_empty, open_runtime

_ARGS = ("media_type", "year_from", "year_to", "leg")
MESSAGE_JUDGES = {"clarify", "decline", "reply", "refuse", "count", "creator", "period"}


def searcher(rt: Runtime, parts: Any) -> Any:
    return make_search_tool(rt.search, parts.reranker, parts.terms).coroutine  # type: ignore[attr-defined]


async def attempts_of(
    search: Any, closest: ClosestRecords, request: str, attempts: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Each attempt searched again, with its evidence and its records."""
    out = []
    for a in attempts:
        filters = a.get("filters") or {}
        args = {"query": a["query"]} | {k: filters[k] for k in _ARGS if filters.get(k)}
        _, art = await search(**args)
        records = [ArchiveRecord.model_validate(r) for r in art["records"]]
        ev = closest.evidence(request, a["query"], records, art.get("text_matched"),
                              art.get("text_only") or [])  # fmt: skip
        out.append({"attempt": a["attempt"], "reason": a["reason"], "best_score": a["best_score"],
                    "evidence": ev.__dict__, "records": art["records"]})  # fmt: skip
    return out


def rejected(attempts: list[dict[str, Any]]) -> bool:
    return (
        bool(attempts)
        and not any(a.get("accepted") for a in attempts)
        and not any((a.get("filters") or {}).get("similar_to") for a in attempts)
    )


async def conversations(out: Any) -> None:
    settings = load_settings()
    settings = load_settings(discovery_data_dir=settings.discovery_data_dir.with_name(
        settings.discovery_data_dir.name + "-eval"))  # fmt: skip
    async with open_runtime(settings) as rt:
        await load_demo_if_empty(rt)
        parts = await build_parts(rt)
        await parts.terms.ensure()  # type: ignore[union-attr]
        closest = ClosestRecords(KeyTerms(parts.terms, parts.domain.synonyms))  # type: ignore[arg-type]
        for name, splits in (("v2", ("tune", "report")), ("v3", ("tune", "report")),
                             ("v4", ("tune",))):  # fmt: skip
            everything = load_conversations(SETS[name].path)
            split = split_of(everything)
            chosen = [c for c in everything if split[c["id"]] in splits]
            async with open_agent(rt, parts=parts) as agent:
                turns = await evaluate_conversations(agent, chosen, split)
            for t in turns:
                if t.intent != "search" or not rejected(t.attempts):
                    continue
                found = await attempts_of(searcher(rt, parts), closest, t.text, t.attempts)
                accept = t.expected.get("accept")
                for a in found:
                    a["relevant"] = (
                        bool(a["records"]) and Acceptor(t.expected).relevant(a["records"])
                        if accept else None
                    )  # fmt: skip
                    a["titles"] = [r["title"][:60] for r in a["records"][:3]]
                    del a["records"]
                row = {"set": f"{name}-{t.split}", "id": f"{t.conversation}/{t.turn}",
                       "text": t.text, "judge": t.judge, "passed": t.verdict.passed,
                       "harm": t.judge in MESSAGE_JUDGES, "attempts": found}  # fmt: skip
                print(json.dumps(row), file=out, flush=True)


async def archives(out: Any) -> None:
    base = load_settings()
    for name, make in DEV_SETS.items():
        dev = make()
        tune = [q for q in dev.queries if q.split == "tune"]
        async with open_runtime(eval_settings(base, dev.name, reuse=True)) as rt:
            parts = await build_parts(rt)
            await parts.terms.ensure()  # type: ignore[union-attr]
            closest = ClosestRecords(KeyTerms(parts.terms, parts.domain.synonyms))  # type: ignore[arg-type]
            async with open_agent(rt, parts=parts) as agent:
                for q in tune:
                    response = await agent.run(q.text)
                    attempts = [a.model_dump(mode="json") for a in response.attempts]
                    if not rejected(attempts):
                        continue
                    found = await attempts_of(searcher(rt, parts), closest, q.text, attempts)
                    for a in found:
                        ids = [r["id"] for r in a["records"]]
                        a["relevant"] = bool(set(ids[:10]) & q.relevant)
                        a["ndcg"] = round(ndcg(ids, q.relevant), 4)
                        a["titles"] = [r["title"][:60] for r in a["records"][:3]]
                        del a["records"]
                    row = {"set": f"{name}-tune", "id": q.id, "text": q.text, "judge": "ndcg",
                           "harm": False, "attempts": found}  # fmt: skip
                    print(json.dumps(row), file=out, flush=True)


def summary(path: str, min_score: float) -> None:
    """Per set, from the JSON lines of a run: the turns, relevant first and later attempts, and
    what the rule on the first attempt shows (`min_score`: the rule's similarity floor)."""
    rows: dict[str, Counter[str]] = {}
    for line in open(path, encoding="utf-8"):  # noqa: SIM115
        row = json.loads(line)
        c = rows.setdefault(row["set"], Counter())
        first, later = row["attempts"][0], row["attempts"][1:]
        e = first["evidence"]
        shown = (e["count"] > 0 and e["text_top3"] and e["text_only_top3"] <= 1
                 and e["top_score"] >= min_score)  # fmt: skip
        c["turns"] += 1
        c["first relevant"] += bool(first.get("relevant"))
        c["a later attempt relevant"] += any(a.get("relevant") for a in later)
        if shown:
            key = "harm" if row["harm"] else "relevant" if first.get("relevant") else "not relevant"
            c[f"shown: {key}"] += 1
    for name, c in rows.items():
        print(name, dict(c), file=sys.stderr)


async def main(only: str | None, out_path: str | None) -> None:
    out = open(out_path, "w") if out_path else sys.stdout  # noqa: SIM115
    if only in (None, "conversations"):
        await conversations(out)
    if only in (None, "archives"):
        await archives(out)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", choices=("conversations", "archives"))
    parser.add_argument("--out")
    parser.add_argument("--summary", help="Summarize the JSON lines of an earlier run.")
    parser.add_argument("--min-score", type=float, default=MIN_SCORE)
    args = parser.parse_args()
    if args.summary:
        summary(args.summary, args.min_score)
    else:
        asyncio.run(main(args.only, args.out))
