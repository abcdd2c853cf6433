"""The archive benchmark's queries: 31 hand-written ones, then word spans cut from real Teenie
Harris captions (every one a different text, so no embedding comes from a cache)."""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Iterator
from pathlib import Path

from discovery.settings import REPO_ROOT

CMOA_DIR = REPO_ROOT.parent / "shared" / "data" / "heritage" / "cmoa"
HAND_WRITTEN = [
    "jazz musicians performing",
    "baseball team portrait",
    "church choir singing",
    "children playing in the street",
    "woman in office at desk",
    "boxing match",
    "Hill District street scene",
    "wedding party",
    "nurses in a hospital",
    "streetcar",
    "portrait of a soldier in uniform",
    "family at home in living room",
    "civil rights march",
    "steel mill workers",
    "basketball players",
    "porcelain teapot",
    "oil painting of a landscape",
    "etching of a harbor",
    "silver candlestick",
    "textile fragment with velvet",
    "architectural drawing of a house",
    "gelatin silver print",
    "graduation ceremony",
    "men playing cards",
    "car dealership",
    "beauty pageant contestants",
    "band on stage",
    "Crawford Grill",
    "Pittsburgh Courier newspaper",
    "barber shop",
    "picnic in the park",
]


def gzip_lines(files: list[Path]) -> Iterator[str]:
    for path in files:
        with gzip.open(path, "rt") as f:
            yield from f


def bench_queries(n: int, seed: int = 11) -> list[str]:
    """Hand-written queries plus word spans cut from real Teenie Harris captions."""
    rng = random.Random(seed)
    titles = [
        json.loads(line)["title"] for line in gzip_lines(sorted(CMOA_DIR.glob("teenie_0*"))[:3])
    ]
    out = list(HAND_WRITTEN)
    while len(out) < n:
        words = rng.choice(titles).split()
        if len(words) >= 6:
            start = rng.randrange(0, len(words) - 4)
            out.append(" ".join(words[start : start + rng.randint(3, 6)]))
    return out[:n]
