"""What the two scripts that build the CMOA judged archive sets
(`scripts/make_cmoa_withheld_set.py`, `scripts/make_cmoa_places_set.py`) share: where the
museum's records are, reading them, the words a withheld classification is asked by, and the
deterministic hash that orders and words the template requests. The split is the dev sets' own
(`archive_sets.split_of`)."""

from __future__ import annotations

import gzip
import hashlib
import json
from typing import Any

from discovery.settings import REPO_ROOT

SOURCE = next(
    (
        p / "shared" / "data" / "heritage" / "cmoa"
        for p in REPO_ROOT.parents
        if (p / "shared" / "data" / "heritage" / "cmoa").is_dir()
    ),
    REPO_ROOT.parent / "shared" / "data" / "heritage" / "cmoa",
)  # the checkout's parent's (or, for a worktree, a further parent's) shared data
MIN_REL, MAX_REL = 5, 1000  # relevant records a request may have
# A classification as a request says it ("metals" -> "metalwork").
LABELS = {
    "metals": "metalwork", "wood": "wooden objects", "crèches": "crèche figures",
    "lighting devices": "lamps and lighting devices", "tools and equipment": "tools",
    "video": "videos", "sculpture": "sculptures", "costume": "costumes",
    "glass": "glass objects", "mixed media": "mixed media works",
    "weapons and ammunition": "weapons", "recreational artifacts": "toys and games",
    "documents and information artifacts": "documents",
}  # fmt: skip


def stable_hash(text: str) -> int:
    return int(hashlib.sha256(text.encode()).hexdigest(), 16)


def museum_records() -> list[dict[str, Any]]:
    """Every record of `SOURCE`'s `cmoa_*.jsonl.gz` files, by id."""
    rows: list[dict[str, Any]] = []
    for path in sorted(SOURCE.glob("cmoa_*.jsonl.gz")):
        with gzip.open(path, "rt") as fh:
            rows.extend(json.loads(line) for line in fh)
    return sorted(rows, key=lambda r: r["id"])
