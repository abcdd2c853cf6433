"""Which query-time evidence tells a failed first attempt from a passed one, and would the
rescuer's probes (`agent/offline/rescue.py`) fix the failed ones without losing passed ones?

For the first turn of every judged search (`accept`) of sets 2 and 3 (typo conversations left
out: spelling is a separate step) and every query of set 1, it plans the query as the local
planner does (`plan_turn`), runs it through the agent's search tool on the demo archive (the
`-eval` data directory, as `discovery eval ...`), judges its records (the label) and runs every
probe the rescuer would try, judged too. One JSON line per first attempt, then (on stderr) per
set: failures, what the rescuer would show instead, rescues and losses.

    uv run python scripts/rescue_signals.py --out /tmp/signals.jsonl
    uv run python scripts/rescue_signals.py --sets v1,v2-tune,v2-report,v3-tune   # tune only
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter
from dataclasses import asdict
from typing import Any

from discovery.agent.domain import DomainConfig
from discovery.agent.offline.lexical import KeyTerms, LexicalGrader
from discovery.agent.offline.querying import plan_turn
from discovery.agent.offline.rescue import Rescuer
from discovery.agent.offline.terms import TermStats
from discovery.agent.refinement import MIN_SUPPORT
from discovery.agent.responses import ArchiveRecord
from discovery.agent.tools import make_search_tool
from discovery.cli.terminal import load_settings
from discovery.evaluation.agent import load_queries
from discovery.evaluation.conversation_sets import SETS as CONVERSATION_SETS
from discovery.evaluation.conversations import load_conversations, split_of
from discovery.evaluation.relevance import Acceptor
from discovery.runtime import load_demo_if_empty, open_runtime


def requests(wanted: set[str]) -> list[tuple[str, str, str, dict[str, Any]]]:
    """(set, id, text, acceptance rule) of every first search judged by `accept`."""
    out = []
    for name in ("v2", "v3"):
        conversations = load_conversations(CONVERSATION_SETS[name].path)
        split = split_of(conversations)
        for conv in conversations:
            turn, label = conv["turns"][0], f"{name}-{split[conv['id']]}"
            judged = turn["expect"].get("judge") == "accept"
            if label in wanted and conv["category"] != "typo" and judged:
                out.append((label, conv["id"], turn["text"], turn["expect"]))
    if "v1" in wanted:
        out += [("v1", q["id"], q["query"], q) for q in load_queries()]
    return out


async def main(wanted: set[str], out_path: str | None) -> None:
    settings = load_settings()
    settings = load_settings(discovery_data_dir=settings.discovery_data_dir.with_name(
        settings.discovery_data_dir.name + "-eval"))  # fmt: skip
    counts: Counter[tuple[str, str]] = Counter()
    out = open(out_path, "w") if out_path else sys.stdout  # noqa: SIM115
    async with open_runtime(settings) as rt:
        await load_demo_if_empty(rt)
        terms = TermStats(rt.db)
        await terms.ensure()
        keys = KeyTerms(terms, DomainConfig.load(settings.discovery_domain_file).synonyms)
        grader, rescuer = LexicalGrader(keys), Rescuer(keys)
        search = make_search_tool(rt.search, None, terms).coroutine  # type: ignore[attr-defined]
        for name, rid, text, rule in requests(wanted):
            plan, accept = plan_turn(text), Acceptor(rule)
            _, art = await search(query=plan.query, **plan.filters)
            records = [ArchiveRecord.model_validate(r) for r in art["records"]]
            relevant = bool(records) and accept.relevant(art["records"])
            passed = bool(records) and grader.grade(text, plan.query, records)
            share = grader.support(text, plan.query, records, art["text_only"]) if passed else None
            first = rescuer.evidence(text, plan.query, records)
            row: dict[str, Any] = {
                "set": name, "id": rid, "text": text, "query": plan.query, "relevant": relevant,
                "grader": passed and (share is None or share >= MIN_SUPPORT),
                "text_only5": sum(r["id"] in art["text_only"] for r in art["records"][:5]) / 5,
                "first": asdict(first), "probes": [],
            }  # fmt: skip
            shown = None
            for probe in rescuer.probes(text, plan.query, first) if records else []:
                _, other = await search(query=probe.query, leg=probe.leg, **plan.filters)
                found = [ArchiveRecord.model_validate(r) for r in other["records"]]
                evidence = rescuer.evidence(text, plan.query, found)
                prefers = bool(found) and rescuer.prefers(first, probe, evidence)
                ok = bool(found) and accept.relevant(other["records"])
                row["probes"].append(
                    {"query": probe.query, "leg": probe.leg, "relevant": ok, "prefers": prefers,
                     "evidence": asdict(evidence)}
                )  # fmt: skip
                if prefers and shown is None:
                    shown = ok
            counts[(name, "attempts")] += 1
            counts[(name, "failed")] += not relevant
            counts[(name, "switched")] += shown is not None
            counts[(name, "rescued")] += shown is True and not relevant
            counts[(name, "lost")] += shown is False and relevant
            print(json.dumps(row), file=out, flush=True)
    for name in sorted(wanted):
        print(name, {k: counts[(name, k)] for k in ("attempts", "failed", "switched", "rescued",
              "lost")}, file=sys.stderr)  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", default="v1,v2-tune,v2-report,v3-tune")
    parser.add_argument("--out", help="write the JSON lines here (default: stdout)")
    args = parser.parse_args()
    asyncio.run(main(set(args.sets.split(",")), args.out))
