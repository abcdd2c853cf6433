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
import re
import sys
from collections import Counter
from pathlib import Path

from discovery.catalog.archives import read_archive_rows
from discovery.catalog.records import CatalogItem

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
QUERIES = HERE / "agent_queries.jsonl"
CATALOG = ROOT / "data" / "demo" / "heritage_demo.jsonl.gz"
MIN_ACCEPTED = 3
REGEX_SPECIAL = set(".^$*+?{}[]\\|()")


def acceptance_text(item: CatalogItem) -> str:
    meta = item.metadata
    parts = [item.title, item.description, meta.get("creator") or "", meta.get("place") or ""]
    return " ".join([*parts, meta.get("media_type") or ""]).lower()


def load_catalog(path: Path = CATALOG) -> list[CatalogItem]:
    return [item for _, item in read_archive_rows(path) if isinstance(item, CatalogItem)]


def overlaps(item: CatalogItem, year_from: int | None, year_to: int | None) -> bool:
    if year_from is None and year_to is None:
        return True
    start, end = item.metadata.get("date_start"), item.metadata.get("date_end")
    if start is None and end is None:
        return False  # an undated item cannot be shown to fall in the period
    start = end if start is None else start
    end = start if end is None else end
    return (year_to is None or start <= year_to) and (year_from is None or end >= year_from)


class Acceptor:
    """The acceptance test of one query, compiled once."""

    def __init__(self, query: dict) -> None:
        self.groups = [
            [re.compile(r"\b" + alt.lower()) for alt in group] for group in query["accept"]
        ]
        self.media_type = query.get("media_type")
        self.year_from, self.year_to = query.get("year_from"), query.get("year_to")

    def __call__(self, item: CatalogItem, text: str | None = None) -> bool:
        if self.media_type and item.metadata.get("media_type") != self.media_type:
            return False
        if not overlaps(item, self.year_from, self.year_to):
            return False
        text = acceptance_text(item) if text is None else text
        return all(any(p.search(text) for p in group) for group in self.groups)


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
    texts = [acceptance_text(item) for item in items]
    failures = 0
    for query in queries:
        accept = Acceptor(query)
        hits = [item for item, text in zip(items, texts, strict=True) if accept(item, text)]
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
