"""Count, for every query of agent_queries.jsonl, the catalog records a person would accept.

Acceptance (see README.md): over the lowercased text
`title + " " + description + " " + creator + " " + place + " " + media_type` of the normalized
item, every group of `accept` has at least one alternative matching the regex `\\b<alt>` (a
whole-word prefix match); when `media_type` is set it equals the item's metadata media_type; when
`year_from`/`year_to` are set the item's [date_start, date_end] overlaps [year_from, year_to].

Usage (from the repository root):
    uv run python data/eval/check_agent_queries.py            # report; exit 1 if any query < 3
    uv run python data/eval/check_agent_queries.py --write    # also store n_accepted in the file
    uv run python data/eval/check_agent_queries.py --show q012 [--show ...]  # list accepted titles
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from discovery.catalog.archives.read import read_archive_rows
from discovery.catalog.records import CatalogItem
from discovery.evaluation.relevance import Acceptor

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
QUERIES = HERE / "agent_queries.jsonl"
CATALOG = ROOT / "data" / "demo" / "heritage_demo.jsonl.gz"
MIN_ACCEPTED = 3
REGEX_SPECIAL = set(".^$*+?{}[]\\|()")


def as_record(item: CatalogItem) -> dict:
    """The fields the acceptance rule reads, as the agent's records carry them."""
    meta = item.metadata
    return {
        "title": item.title,
        "description": item.description,
        **{k: meta.get(k) for k in ("creator", "place", "media_type", "date_start", "date_end")},
    }


def load_catalog(path: Path = CATALOG) -> list[CatalogItem]:
    return [item for _, item in read_archive_rows(path) if isinstance(item, CatalogItem)]


def validate(query: dict) -> list[str]:
    problems = []
    for group in query["accept"]:
        if not group:
            problems.append("empty group")
        for alt in group:
            if set(alt) & REGEX_SPECIAL:
                problems.append(f"regex metacharacter in {alt!r}")
            if alt != alt.lower():
                problems.append(f"not lowercase: {alt!r}")
            if not alt[:1].isalnum():
                problems.append(f"starts with a non-word character: {alt!r}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store n_accepted in the file")
    parser.add_argument("--show", action="append", default=[], help="list accepted titles")
    args = parser.parse_args()

    queries = [json.loads(line) for line in QUERIES.read_text().splitlines() if line.strip()]
    items = load_catalog()
    records = [as_record(item) for item in items]
    failures = 0
    for query in queries:
        accept = Acceptor(query)
        hits = [item for item, record in zip(items, records, strict=True) if accept(record)]
        query["n_accepted"] = len(hits)
        problems = validate(query)
        flag = "  <-- too few" if len(hits) < MIN_ACCEPTED else ""
        if problems or flag:
            failures += 1
        print(f"{query['id']} {len(hits):5d} {query['style']:10s} {query['query'][:80]}{flag}")
        for problem in problems:
            print(f"      {problem}")
        if query["id"] in args.show:
            for item in hits:
                print(f"      - {item.title[:120]}")
    styles = Counter(q["style"] for q in queries)
    print(
        f"{len(queries)} queries in {QUERIES.name} over {len(items)} catalog items; {dict(styles)}"
    )
    if args.write:
        QUERIES.write_text(
            "".join(json.dumps(q, ensure_ascii=False) + "\n" for q in queries), encoding="utf-8"
        )
        print(f"n_accepted written to {QUERIES}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
