"""Which definition of "matching records" answers catalog questions right?

Reads `data/eval/catalog_questions.jsonl` (15 questions about the demo archive, each with a
hand-written acceptance rule: the records a person counting by hand would count), computes the
true answer from the demo file itself (count; top creators; the decades or centuries holding
80% of the records, placed by the middle of their date range; earliest and latest), then asks
the engine under two definitions, with the subject and filters the local planner parses from
the question:

- `text`: records holding every subject word in the BM25 text index (`search.facts`),
- `dense`: records above the agent's similarity threshold (`match_items`, cosine >= 0.3).

A count passes within max(1, 25%) of the truth (and not 0 when the truth is not); a creator
answer names the top three creators and passes when they include the true top creator (when it
holds half the records) or 2 of the true top 3; a period answer names the span of its core
periods and passes when that span covers the true core and stays inside [earliest, latest].

    uv run python scripts/eval_catalog_questions.py            # both splits
    uv run python scripts/eval_catalog_questions.py --split report
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "data" / "eval"))

from check_agent_queries import as_record, load_catalog  # noqa: E402

from discovery.agent.offline.question_calls import facts_args  # noqa: E402
from discovery.agent.offline.questions import parse_question  # noqa: E402
from discovery.evaluation.relevance import Acceptor  # noqa: E402
from discovery.runtime import load_demo_if_empty, open_runtime  # noqa: E402
from discovery.search.facts import archive_facts  # noqa: E402
from discovery.search.facts_models import ArchiveFacts, FactsQuery  # noqa: E402
from discovery.settings import Settings  # noqa: E402

QUESTIONS = ROOT / "data" / "eval" / "catalog_questions.jsonl"


def truth(question: dict[str, Any], records: list[dict[str, Any]]) -> ArchiveFacts:
    accepted = [r for r in records if Acceptor(question)(r)]
    creators: Counter[str] = Counter()
    decades: Counter[int] = Counter()
    for r in accepted:
        for name in str(r.get("creator") or "").split(";"):
            if name.strip():
                creators[name.strip()] += 1
        years = [int(y) for y in (r.get("date_start"), r.get("date_end")) if y is not None]
        if years:
            decades[(min(years) + max(years)) // 2 // 10 * 10] += 1
    dated = [
        int(y) for r in accepted for y in (r.get("date_start"), r.get("date_end")) if y is not None
    ]
    return ArchiveFacts(
        total=len(accepted),
        creators=sorted(creators.items(), key=lambda c: (-c[1], c[0])),
        decades=sorted(decades.items()),
        earliest=min(dated, default=None),
        latest=max(dated, default=None),
    )


def passes(kind: str, unit: str, true: ArchiveFacts, got: ArchiveFacts) -> bool:
    if kind == "count":
        return abs(got.total - true.total) <= max(1, 0.25 * true.total) and (
            got.total > 0 or true.total == 0
        )
    if kind == "creator":
        named = {c for c, _ in got.creators[:3]}
        top = true.creators[:3]
        if not top:
            return not named
        if top[0][1] * 2 >= true.total:
            return top[0][0] in named
        return len(named & {c for c, _ in top}) >= min(2, len(top))
    core, mine = true.core(unit), got.core(unit)
    if not mine:
        return not core
    lo, hi = min(mine), max(mine)
    step = 10 if unit == "decade" else 100
    inside = true.earliest is not None and true.latest is not None
    inside = inside and lo + step > true.earliest and hi <= true.latest  # type: ignore[operator]
    return all(lo <= p <= hi for p in core) and inside


async def dense_ids(rt: Any, args: dict[str, Any], threshold: float) -> list[str]:
    vector = rt.embedder.embed_query(args["subject"] or "archive")
    sql = (
        "select id from match_items(%(v)s, %(t)s, 1000, array['archive'], null, true,"
        " %(m)s::text[], %(f)s, %(to)s, %(model)s)"
    )
    media = [args["media_type"]] if args.get("media_type") else None
    params = {
        "v": vector,
        "t": threshold,
        "m": media,
        "f": args.get("year_from"),
        "to": args.get("year_to"),
        "model": rt.embedder.model_id,
    }
    async with rt.db.connection() as conn:
        return [r[0] for r in await (await conn.execute(sql, params)).fetchall()]


async def main(split: str | None) -> None:
    questions = [json.loads(line) for line in QUESTIONS.read_text().splitlines() if line]
    questions = [q for q in questions if split is None or q["split"] == split]
    records = [as_record(item) for item in load_catalog()]
    settings = Settings()
    wins: dict[str, Counter[str]] = {"text": Counter(), "dense": Counter()}
    async with open_runtime(settings) as rt:
        await load_demo_if_empty(rt)
        for q in questions:
            parsed = parse_question(q["text"])
            if parsed is None:
                print(f"{q['id']} {q['split']:6} NOT PARSED: {q['text']}")
                continue
            args = facts_args(parsed, None) or {}
            query = FactsQuery(
                subject=args.get("subject", ""),
                media_types=[args["media_type"]] if args.get("media_type") else None,
                date_from=args.get("year_from"),
                date_to=args.get("year_to"),
            )
            unit = q.get("unit", "decade")
            true = truth(q, records)
            async with rt.db.connection() as conn:
                text = await archive_facts(conn, query)
                ids = await dense_ids(rt, args, settings.discovery_agent_match_threshold)
                dense = await archive_facts(conn, FactsQuery(item_ids=ids))
            row = []
            for name, got in (("text", text), ("dense", dense)):
                ok = passes(q["kind"], unit, true, got)
                wins[name][q["split"]] += ok
                wins[name]["all"] += ok
                row.append(f"{name} {got.total:4d} {'ok' if ok else '--'}")
            print(
                f"{q['id']} {q['split']:6} {q['kind']:7} true {true.total:4d} | "
                + " | ".join(row)
                + f" | subject={args.get('subject')!r} {q['text']}"
            )
    n = Counter(q["split"] for q in questions)
    n["all"] = len(questions)
    for name, won in wins.items():
        parts = ", ".join(f"{s} {won[s]}/{n[s]}" for s in ("tune", "report", "all") if n[s])
        print(f"{name:5} passes: {parts}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=["tune", "report"])
    asyncio.run(main(parser.parse_args().split))
