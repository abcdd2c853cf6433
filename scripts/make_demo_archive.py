"""Build the demo heritage archive: a reproducible, seeded selection from the CMOA collection.

    uv run python scripts/make_demo_archive.py [--source DIR] [--out FILE] [--seed 7]

Writes about 3,000 records, in the ORIGINAL CMOA record format (the source lines verbatim), sorted
by id, to a byte-reproducible gzip file (fixed mtime, no file name in the header):
- 2,200 Teenie Harris photographic negatives: first up to 15 per demo topic (jazz, musicians,
  churches, baseball, basketball, boxing, streetcars, weddings), then a random fill;
- 800 museum objects stratified by classification, allocated in proportion to the square root of
  each classification's size (every classification gets at least one; small ones are taken whole).
Prints the counts by classification as a Markdown table (for data/demo/README.md).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import re
from collections import Counter, defaultdict
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = Path(__file__).resolve().parents[2] / "shared" / "data" / "heritage" / "cmoa"
DEFAULT_OUT = REPO_ROOT / "data" / "demo" / "heritage_demo.jsonl.gz"
TOPIC_QUOTA = 15
TOPICS = {
    "jazz": r"\bjazz\b",
    "musicians": r"\b(musicians?|band|orchestra|trumpet|saxophone|pianist|drummer)\b",
    "churches": r"\bchurch\b",
    "baseball": r"\bbaseball\b",
    "basketball": r"\bbasketball\b",
    "boxing": r"\bbox(er|ers|ing)\b",
    "streetcars": r"\b(streetcars?|trolleys?)\b",
    "weddings": r"\bwedding\b",
}

Record = tuple[str, str, str, str]  # id, classification, title, original line


def load(source: Path, prefix: str) -> list[Record]:
    """Every record of `<prefix>_*.jsonl.gz`, sorted by id."""
    records = []
    for path in sorted(source.glob(f"{prefix}_*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    doc = json.loads(line)
                    cls = doc.get("classification") or "unclassified"
                    records.append((doc["id"], cls, doc.get("title") or "", line.rstrip("\n")))
    return sorted(records)


def pick_teenie(records: list[Record], total: int, rng: random.Random) -> list[Record]:
    """Up to TOPIC_QUOTA records per demo topic, then a random fill up to `total`."""
    chosen: dict[str, Record] = {}
    for pattern in TOPICS.values():
        regex = re.compile(pattern, re.IGNORECASE)
        matches = [r for r in records if regex.search(r[2]) and r[0] not in chosen]
        for record in rng.sample(matches, min(TOPIC_QUOTA, len(matches))):
            chosen[record[0]] = record
    rest = [r for r in records if r[0] not in chosen]
    for record in rng.sample(rest, total - len(chosen)):
        chosen[record[0]] = record
    return list(chosen.values())


def allocate(sizes: dict[str, int], total: int) -> dict[str, int]:
    """Square-root allocation with a floor of one, capped at each stratum's size."""
    alloc: dict[str, int] = {}
    active = dict(sizes)
    while active:
        left = total - sum(alloc.values())
        weight = sum(math.sqrt(n) for n in active.values())
        share = {k: max(1.0, left * math.sqrt(n) / weight) for k, n in active.items()}
        full = [k for k, n in active.items() if share[k] >= n]
        if not full:
            base = {k: int(s) for k, s in share.items()}
            spare = left - sum(base.values())
            by_remainder = sorted(active, key=lambda k: (-(share[k] - base[k]), k))
            for k in by_remainder[: max(0, spare)]:
                base[k] += 1
            for k in sorted(active, key=lambda k: (-base[k], k))[: max(0, -spare)]:
                base[k] -= 1  # the floor of one overshot: take it back from the largest
            alloc.update(base)
            break
        for k in full:
            alloc[k] = active.pop(k)
    return alloc


def pick_museum(records: list[Record], total: int, rng: random.Random) -> list[Record]:
    strata: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        strata[record[1]].append(record)
    alloc = allocate({k: len(v) for k, v in strata.items()}, total)
    return [r for k in sorted(strata) for r in rng.sample(strata[k], alloc[k])]


def write(records: list[Record], out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    with (
        out.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as gz,
    ):
        for record in sorted(records):
            gz.write(record[3].encode("utf-8") + b"\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--teenie", type=int, default=2200)
    parser.add_argument("--museum", type=int, default=800)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    teenie = pick_teenie(load(args.source, "teenie"), args.teenie, rng)
    museum = pick_museum(load(args.source, "cmoa"), args.museum, rng)
    write(teenie + museum, args.out)

    size = args.out.stat().st_size
    print(f"wrote {len(teenie) + len(museum)} records to {args.out} ({size / 1024:.0f} KiB)")
    print("\n| classification | records |\n|---|---:|")
    counts = Counter(r[1] for r in teenie + museum)
    for cls, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"| {cls} | {n} |")
    print("\nTeenie topics (title matches):")
    for topic, pattern in TOPICS.items():
        regex = re.compile(pattern, re.IGNORECASE)
        print(f"- {topic}: {sum(1 for r in teenie if regex.search(r[2]))}")


if __name__ == "__main__":
    main()
