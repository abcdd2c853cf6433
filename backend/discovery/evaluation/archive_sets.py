"""The judged archive dev sets `discovery eval archives` measures on, each a collection (records
in a file the ingest reads) and requests with the ids of their relevant records:

- `npg`: the National Portrait Gallery set (`data/eval/npg/`): template requests judged by the
  museum's withheld subject and place tags; split tune/report by its own hash rule (frozen).
- `cmoa-withheld`: the Carnegie Museum of Art's objects (`data/eval/cmoa-withheld/`) with their
  classification and creator nationalities withheld as judgments; template requests over object
  classes, nationalities and both.
- `cmoa-places`: the same objects (those whose creators' birth places resolve to a country), each
  creator printed with its nationality ("Utagawa Hiroshige (Japanese)"), classification and
  birth places withheld as judgments; template requests naming a country ("prints from Japan"),
  a class and both (`data/eval/cmoa-places/README.md`).
- `demo-agent`: the agent's 144 judged requests (`data/eval/agent_queries.jsonl`) on the demo
  archive; a record is relevant when the set's acceptance rule accepts it. Written and used while
  the agent was built: optimistic.
- `demo-captions`: word spans cut from the demo archive's captions (a lexical, known-item set);
  relevant: every record whose title contains the span.

Splits other than NPG's are by sha256("split:" + id) parity (even: tune), fixed before tuning.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from discovery.catalog.archives.read import read_archive_rows
from discovery.catalog.records import CatalogItem
from discovery.evaluation.agent import QUERIES as AGENT_QUERIES
from discovery.evaluation.relevance import Acceptor
from discovery.settings import REPO_ROOT, resource

NPG_DIR = REPO_ROOT / "data" / "eval" / "npg"
CMOA_WITHHELD_DIR = REPO_ROOT / "data" / "eval" / "cmoa-withheld"
CMOA_PLACES_DIR = REPO_ROOT / "data" / "eval" / "cmoa-places"
DEMO_ARCHIVE = resource("data/demo/heritage_demo.jsonl.gz")
CAPTION_QUERIES = 150


@dataclass(frozen=True)
class JudgedQuery:
    id: str
    text: str
    kind: str
    split: str
    relevant: frozenset[str]


@dataclass
class DevSet:
    name: str
    files: list[Path]
    queries: list[JudgedQuery]
    mapping: dict[str, str] = field(default_factory=dict)
    note: str = ""


def split_of(query_id: str) -> str:
    """tune when sha256("split:" + id) is even, else report (the NPG set's own rule)."""
    return "tune" if int(hashlib.sha256(f"split:{query_id}".encode()).hexdigest(), 16) % 2 == 0 \
        else "report"  # fmt: skip


def records(dev: DevSet) -> Iterator[CatalogItem]:
    """The collection's records as the ingest normalizes them."""
    for path in dev.files:
        for _, row in read_archive_rows(path, mapping=dev.mapping or None):
            if isinstance(row, CatalogItem):
                yield row


def _judged(directory: Path) -> list[JudgedQuery]:
    queries = []
    for line in (directory / "queries.jsonl").read_text().splitlines():
        q = json.loads(line)
        queries.append(
            JudgedQuery(q["id"], q["query"], q["kind"], q["split"], frozenset(q["relevant"]))
        )
    return queries


def _folder_set(name: str, directory: Path, note: str) -> DevSet:
    """A set kept as a folder: `records.jsonl.gz` and the judged `queries.jsonl`."""
    return DevSet(name, [directory / "records.jsonl.gz"], _judged(directory), note=note)


def npg(directory: Path = NPG_DIR) -> DevSet:
    return _folder_set(
        "npg", directory, "National Portrait Gallery, subject/place tags withheld; knowledge-heavy"
    )


def cmoa_withheld(directory: Path = CMOA_WITHHELD_DIR) -> DevSet:
    return _folder_set(
        "cmoa-withheld",
        directory,
        "CMOA museum objects, classification and creator nationality withheld",
    )


def cmoa_places(directory: Path = CMOA_PLACES_DIR) -> DevSet:
    return _folder_set(
        "cmoa-places",
        directory,
        "CMOA objects, creators with nationality text; requests name countries",
    )


def _acceptance_record(item: CatalogItem) -> dict[str, object]:
    meta = item.metadata
    return {"title": item.title, "description": item.description} | {
        k: meta.get(k) for k in ("creator", "place", "media_type", "date_start", "date_end")
    }


def demo_agent(path: Path = AGENT_QUERIES, archive: Path = DEMO_ARCHIVE) -> DevSet:
    dev = DevSet("demo-agent", [archive], [], note="the agent's judged requests: optimistic")
    items = [_acceptance_record(i) | {"id": i.id} for i in records(dev)]
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        q = json.loads(line)
        accept = Acceptor(q)
        relevant = frozenset(str(r["id"]) for r in items if accept(r))
        if relevant:
            dev.queries.append(
                JudgedQuery(
                    q["id"], q["query"], q.get("style", "agent"), split_of(q["id"]), relevant
                )
            )
    return dev


def demo_captions(archive: Path = DEMO_ARCHIVE, n: int = CAPTION_QUERIES, seed: int = 5) -> DevSet:
    dev = DevSet("demo-captions", [archive], [], note="phrases cut from captions: lexical")
    titles = {i.id: i.title for i in records(dev)}
    lowered = {k: f" {' '.join(v.lower().split())} " for k, v in titles.items()}
    rng = random.Random(seed)
    long = sorted(k for k, v in titles.items() if len(v.split()) >= 6)
    seen: set[str] = set()
    while len(dev.queries) < n:
        words = titles[rng.choice(long)].split()
        start = rng.randrange(0, len(words) - 3)
        span = " ".join(words[start : start + rng.randint(3, 6)])
        key = f" {' '.join(span.lower().split())} "
        if key in seen:
            continue
        seen.add(key)
        qid = "caption-" + hashlib.sha256(span.encode()).hexdigest()[:10]
        relevant = frozenset(k for k, t in lowered.items() if key in t)
        dev.queries.append(JudgedQuery(qid, span, "caption", split_of(qid), relevant))
    return dev


DEV_SETS: dict[str, Callable[[], DevSet]] = {
    "npg": npg,
    "cmoa-withheld": cmoa_withheld,
    "cmoa-places": cmoa_places,
    "demo-agent": demo_agent,
    "demo-captions": demo_captions,
}
