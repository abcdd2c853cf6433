"""Build `data/eval/cmoa-withheld/`: a field-withheld judged archive dev set from the Carnegie
Museum of Art's own records (CC0, `../shared/data/heritage/cmoa/cmoa_*.jsonl.gz`, the museum
objects without the Teenie Harris photographs).

The records keep title, creators, dates and medium (the shape of a typical museum export) and
lose their classification, department and creator nationalities and birth places, which become
the judgments: template requests over an object class ("ceramics"), a nationality ("works by
Dutch artists") and their combination ("Japanese prints"). A record is relevant when its
withheld classification is the class and / or its withheld creator nationalities include the
nationality. Deterministic; split tune/report by sha256("split:" + id) parity, fixed before any
tuning. Usage: `uv run python scripts/make_cmoa_withheld_set.py` (writes the folder).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections import Counter, defaultdict

from discovery.evaluation.archive_sets import split_of
from discovery.evaluation.cmoa_records import (
    LABELS,
    MAX_REL,
    MIN_REL,
    museum_records,
    stable_hash,
)
from discovery.settings import REPO_ROOT as ROOT

OUT = ROOT / "data" / "eval" / "cmoa-withheld"
KEPT = ("id", "title", "creators", "creation_date", "date_earliest", "date_latest", "medium",
        "web_url")  # fmt: skip
TEMPLATES = {
    "class": ("{c}", "show me {c}", "{c} in the collection"),
    "class_nationality": ("{n} {c}", "{c} by {n} artists", "{c} made by {n} makers"),
    "nationality": ("works by {n} artists", "{n} art", "art by {n} makers"),
}
QUOTA = {"class": 30, "class_nationality": 110, "nationality": 30}


def main() -> None:
    rows = museum_records()
    by_class: dict[str, set[str]] = defaultdict(set)
    by_nat: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        cls = (r.get("classification") or "").strip().lower()
        if cls:
            by_class[cls].add(r["id"])
        for nat in set(r.get("creator_nationalities") or []):
            if nat and nat not in ("undetermined", "unknown"):
                by_nat[nat].add(r["id"])
    candidates: list[tuple[str, str, str, set[str]]] = []
    for cls, ids in by_class.items():
        candidates.append(("class", cls, "", ids))
        for nat, nat_ids in by_nat.items():
            candidates.append(("class_nationality", cls, nat, ids & nat_ids))
    candidates += [("nationality", "", nat, ids) for nat, ids in by_nat.items()]
    taken: Counter[str] = Counter()
    queries = []
    for kind, cls, nat, ids in sorted(candidates, key=lambda c: stable_hash("|".join(c[:3]))):
        if not MIN_REL <= len(ids) <= MAX_REL or taken[kind] >= QUOTA[kind]:
            continue
        taken[kind] += 1
        qid = f"cmoa-{kind}-{hashlib.sha256('|'.join((kind, cls, nat)).encode()).hexdigest()[:10]}"
        templates = TEMPLATES[kind]
        text = templates[stable_hash(qid) % len(templates)].format(c=LABELS.get(cls, cls), n=nat)
        split = split_of(qid)
        queries.append({"id": qid, "query": text, "kind": kind, "classification": cls,
                        "nationality": nat, "relevant": sorted(ids), "n_relevant": len(ids),
                        "split": split})  # fmt: skip
    OUT.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(OUT / "records.jsonl.gz", "wb", mtime=0) as fh:
        for r in rows:
            kept = {k: r[k] for k in KEPT if r.get(k) not in (None, "", [])}
            fh.write((json.dumps(kept, ensure_ascii=False) + "\n").encode())
    with (OUT / "queries.jsonl").open("w") as fh:
        for q in sorted(queries, key=lambda q: q["id"]):
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"{len(rows)} records, {len(queries)} queries", Counter(q["kind"] for q in queries),
          Counter((q["kind"], q["split"]) for q in queries))  # fmt: skip


if __name__ == "__main__":
    main()
