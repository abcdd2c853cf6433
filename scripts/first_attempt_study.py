"""Can the grader see a failed first attempt, and which refinement would rescue it?

For the first turn of every judged search of set 2 (`data/eval/agent_conversations.jsonl`,
judge `accept`; typo conversations left out: this script does not correct spelling) and every
query of set 1 (`data/eval/agent_queries.jsonl`), it writes the query as the local planner does
(`plan_turn`), runs the first attempt through the agent's search tool on the demo archive (the
`-eval` data directory, as `discovery eval ...`), and prints per set:

1. the first attempts the judge accepts or not, against what the lexical grader says (pass, or
   doubt: rejected or support below 0.6, which sends the turn to refinement);
2. for the failed first attempts, how many each single refinement would make relevant: the same
   query on the dense ranking alone, the query's key words (hybrid and dense), the rarest, the
   first, the last and the commonest key word alone (an oracle: any one of them, chosen after
   seeing the judge, is an upper bound for a refiner that tries it).

    uv run python scripts/first_attempt_study.py            # every set
    uv run python scripts/first_attempt_study.py --verbose  # and each failed attempt
"""

from __future__ import annotations

import argparse
import asyncio
from collections import Counter
from typing import Any

from discovery.agent.domain import DomainConfig
from discovery.agent.offline.lexical import KeyTerms, LexicalGrader
from discovery.agent.offline.querying import plan_turn
from discovery.agent.offline.terms import TermStats
from discovery.agent.refinement import MIN_SUPPORT
from discovery.agent.responses import ArchiveRecord
from discovery.agent.tools import make_search_tool
from discovery.cli.terminal import load_settings
from discovery.evaluation.agent import load_queries
from discovery.evaluation.conversations import load_conversations, split_of
from discovery.evaluation.relevance import Acceptor
from discovery.runtime import load_demo_if_empty, open_runtime

SETS = ("set2-tune", "set2-report", "set1")


def requests() -> list[tuple[str, str, str, dict[str, Any]]]:
    """(set, id, text, acceptance rule) of every first search judged by `accept`."""
    conversations = load_conversations()
    split = split_of(conversations)
    out = []
    for conv in conversations:
        turn = conv["turns"][0]
        if conv["category"] != "typo" and turn["expect"].get("judge") == "accept":
            out.append((f"set2-{split[conv['id']]}", conv["id"], turn["text"], turn["expect"]))
    out += [("set1", q["id"], q["query"], q) for q in load_queries()]
    return out


def candidates(query: str, terms: TermStats) -> dict[str, tuple[str, str | None]]:
    keys = [w for w in KeyTerms.specific_words(query) if terms.doc_freq(w) > 0]
    out: dict[str, tuple[str, str | None]] = {"dense": (query, "dense")}
    if keys:
        out |= {
            "keys": (" ".join(keys), None),
            "keys_dense": (" ".join(keys), "dense"),
            "rarest": (min(keys, key=terms.doc_freq), None),
            "first": (keys[0], None),
            "last": (keys[-1], None),
            "commonest": (max(keys, key=terms.doc_freq), None),
        }
    return out


async def main(verbose: bool) -> None:
    settings = load_settings()
    settings = load_settings(discovery_data_dir=settings.discovery_data_dir.with_name(
        settings.discovery_data_dir.name + "-eval"))  # fmt: skip
    seen: Counter[tuple[str, bool, bool]] = Counter()
    rescues: Counter[tuple[str, str]] = Counter()
    async with open_runtime(settings) as rt:
        await load_demo_if_empty(rt)
        terms = TermStats(rt.db)
        await terms.ensure()
        synonyms = DomainConfig.load(settings.discovery_domain_file).synonyms
        grader = LexicalGrader(KeyTerms(terms, synonyms))
        tool = make_search_tool(rt.search, None, terms)
        search = tool.coroutine  # type: ignore[attr-defined]
        for name, rid, text, rule in requests():
            plan = plan_turn(text)
            _, artifact = await search(query=plan.query, **plan.filters)
            records = [ArchiveRecord.model_validate(r) for r in artifact["records"]]
            relevant = bool(records) and Acceptor(rule).relevant(artifact["records"])
            passed = bool(records) and grader.grade(text, plan.query, records)
            if passed:
                share = grader.support(text, plan.query, records, artifact["text_only"])
                passed = share is None or share >= MIN_SUPPORT
            seen[(name, relevant, passed)] += 1
            if relevant or not records:
                continue
            found = []
            for label, (query, leg) in candidates(plan.query, terms).items():
                _, other = await search(query=query, leg=leg, **plan.filters)
                if other["records"] and Acceptor(rule).relevant(other["records"]):
                    rescues[(name, label)] += 1
                    found.append(label)
            if verbose:
                print(f"  {name} {rid} {plan.query!r} grader={'pass' if passed else 'doubt'} "
                      f"rescued by {found or '-'}")  # fmt: skip
    for name in SETS:
        n = {(r, p): seen[(name, r, p)] for r in (True, False) for p in (True, False)}
        failed = n[(False, True)] + n[(False, False)]
        print(
            f"{name}: relevant {n[(True, True)] + n[(True, False)]} (grader doubts "
            f"{n[(True, False)]}), failed {failed} (grader doubts {n[(False, False)]})"
        )
        labels = ("dense", "keys", "keys_dense", "rarest", "first", "last", "commonest")
        print("  failed first attempts made relevant by: " + ", ".join(
            f"{label} {rescues[(name, label)]}" for label in labels))  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", action="store_true", help="print each failed attempt")
    asyncio.run(main(parser.parse_args().verbose))
