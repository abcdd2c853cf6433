"""Generate the intent router's extra training lines (data/intents/generated_train.jsonl).

Every line carries a `source`, the group of the router's grouped cross-validation:

- `clinc`: more CLINC150 lines (CC BY 3.0) from its train AND validation splits, never a line of
  `clinc_train.jsonl` or `clinc_heldout.jsonl` (the old held-out split stays unseen). Labels as
  in `make_intent_data.py`.
- `metatool` (MIT) and `livemcpbench` (Apache-2.0): tool-use requests, all `unrelated` for an
  archive assistant. Questions that name archive material (photo, painting, museum, ...) are
  dropped, since they could be searches here.
- `catalog-titles`, `catalog-creators`, `catalog-facets`: short entity searches (1-4 words) cut
  from the demo catalog's titles, creators and classifications / nationalities / birth places,
  lowercased, some with a typo or a decade: `search`.
- `catalog-framed`: the same kinds of words inside a request's frame, as people ask a museum's
  assistant ("i'd like to see your ceramics", "let me see some jazz musicians", "may i look at
  the quilts"): `search`. Drawn with their own random generator (seed + 1), so the lines above
  stay as they were.

Sampled with a fixed seed, so the file is reproducible and small enough to commit:

    uv run python scripts/make_intent_training.py [--seed 11]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
from collections import defaultdict
from pathlib import Path

from make_intent_data import per_intent

REPO = Path(__file__).resolve().parents[1]
_SHARED = [REPO.parent / "shared" / "data", Path("/work/shared/data")]
SHARED = next((p for p in _SHARED if p.is_dir()), _SHARED[0])
CLINC = SHARED / "intents" / "clinc150" / "train_val.json"
METATOOL = SHARED / "tools" / "metatool" / "queries_single.jsonl.gz"
LIVEMCP = SHARED / "tools" / "livemcpbench" / "tasks.jsonl"
CATALOG = REPO / "data" / "demo" / "heritage_demo.jsonl.gz"
OUT = REPO / "data" / "intents" / "generated_train.jsonl"

PER_INTENT = {"greeting": 30, "unclear": 30, "unrelated": 6}  # on top of clinc_train.jsonl
OOS = 60
N_METATOOL, N_TITLES, N_CREATORS, N_FACETS = 300, 420, 200, 120
ARCHIVE_WORDS = re.compile(
    r"\b(photo\w*|pictures?|images?|paint\w*|museum\w*|art\w*|archiv\w*|galler\w*|histor\w*|"
    r"collection\w*|sculpt\w*|drawings?|prints?|portraits?)\b",
    re.I,
)
STOP = set(
    "a an the of in on at and or with to for from by his her their its including wearing "
    "holding standing seated sitting posed possibly one two three four left right front back "
    "center behind near dark light colored long short sleeved small large other another "
    "frames frame horizontal vertical format view".split()
)
DECADES = ["1930s", "1940s", "1950s", "1960s", "1970s"]
N_FRAMED = 60
# Request frames around a subject, with a determiner ({d}): "your" too, which the other lines
# of this file use only in greetings, questions about the assistant and injection attempts.
FRAMES = [
    "i'd like to see {d}{x}", "i would like to see {d}{x}", "i want to see {d}{x}",
    "let me see {d}{x}", "may i see {d}{x}", "can i see {d}{x}", "could i look at {d}{x}",
    "i'd love to see {d}{x}", "i'd like to browse {d}{x}", "let's look at {d}{x}",
    "could i see {d}{x} please", "i'd like to look at {d}{x}",
]  # fmt: skip
DETERMINERS = ["your ", "your ", "the ", "some ", "any ", ""]


def norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


def typo(text: str, rng: random.Random) -> str:
    """Drop, double or swap one letter of one word longer than 4 letters."""
    words = text.split()
    long = [i for i, w in enumerate(words) if len(w) > 4]
    if not long:
        return text
    i = rng.choice(long)
    w, j = words[i], rng.randrange(1, len(words[i]) - 1)
    words[i] = rng.choice(
        [w[:j] + w[j + 1 :], w[:j] + w[j] + w[j:], w[:j] + w[j + 1] + w[j] + w[j + 2 :]]
    )
    return " ".join(words)


def vary(text: str, rng: random.Random) -> str:
    r = rng.random()
    if r < 0.15:
        return typo(text, rng)
    if r < 0.25 and len(text.split()) < 4:
        return f"{text} {rng.choice(DECADES)}"
    return text


def clinc(rng: random.Random, taken: set[str]) -> list[dict[str, str]]:
    data = json.loads(CLINC.read_text())
    rows = [row for row in data["train"] + data["val"] if norm(row[0]) not in taken]
    out = [
        {"text": t, "intent": target, "source": "clinc"}
        for t, target, _ in per_intent(rows, PER_INTENT, rng)
    ]
    oos = sorted(t for t, _ in data["oos_train"] + data["oos_val"] if norm(t) not in taken)
    rng.shuffle(oos)
    return out + [{"text": t, "intent": "unrelated", "source": "clinc"} for t in oos[:OOS]]


def tools(rng: random.Random) -> list[dict[str, str]]:
    with gzip.open(METATOOL, "rt") as fh:
        meta = sorted({json.loads(line)["query"] for line in fh})
    meta = [q for q in meta if not ARCHIVE_WORDS.search(q)]
    rng.shuffle(meta)
    live = [json.loads(line)["query"] for line in LIVEMCP.read_text().splitlines()]
    live = [q for q in live if not ARCHIVE_WORDS.search(q)]
    return [{"text": q, "intent": "unrelated", "source": "metatool"} for q in meta[:N_METATOOL]] + [
        {"text": q, "intent": "unrelated", "source": "livemcpbench"} for q in live
    ]


def spans(title: str, rng: random.Random) -> list[str]:
    """Runs of 1-4 content words between stop words: 'crawford grill', 'wedding cake'."""
    runs, cur = [], []
    for w in re.findall(r"[a-z][a-z'.-]*|\d{4}s?", title.lower()):
        if w in STOP:
            if cur:
                runs.append(cur)
            cur = []
        else:
            cur.append(w)
    if cur:
        runs.append(cur)
    out = []
    for run in runs:
        n = min(len(run), rng.choice([1, 2, 2, 3, 3, 4]))
        start = rng.randrange(0, len(run) - n + 1)
        out.append(" ".join(run[start : start + n]))
    return [s for s in out if len(s) > 3]


def _pools(rng: random.Random) -> tuple[set[str], set[str], set[str]]:
    """The catalog's title spans, creators and facets (classifications, nationalities, birth
    places)."""
    with gzip.open(CATALOG, "rt") as fh:
        rows = [json.loads(line) for line in fh]
    titles, creators, facets = set(), set(), set()
    for r in rows:
        titles.update(spans(r["title"] or "", rng))
        for c in r.get("creators") or []:
            name = re.sub(r'"', "", c).split(",")[0].strip().lower()
            if not name.startswith("unknown"):
                creators.add(name)
                creators.add(name.split()[-1])  # surname alone
            else:
                facets.add(name.replace("unknown ", "") + " " + (r["classification"] or "").lower())
        facets.add((r["classification"] or "").lower())
        facets.update(
            re.split(r"[,(]", p)[0].strip().lower()
            for p in r.get("creator_birth_places") or []
            if p
        )
    return titles, creators, facets


def catalog(rng: random.Random) -> list[dict[str, str]]:
    titles, creators, facets = _pools(rng)
    picked = []
    for source, pool, n in (
        ("catalog-titles", titles, N_TITLES),
        ("catalog-creators", creators, N_CREATORS),
        ("catalog-facets", facets, N_FACETS),
    ):
        items = sorted(pool)
        rng.shuffle(items)
        picked += [{"text": vary(t, rng), "intent": "search", "source": source} for t in items[:n]]
    return picked


def framed(rng: random.Random) -> list[dict[str, str]]:
    """Title spans and facets inside a request's frame (`FRAMES`)."""
    titles, _, facets = _pools(rng)
    pool = sorted(t for t in titles | facets if t)
    rng.shuffle(pool)
    out = []
    for subject in pool[:N_FRAMED]:
        frame, det = rng.choice(FRAMES), rng.choice(DETERMINERS)
        out.append({"text": frame.format(d=det, x=subject), "intent": "search",
                    "source": "catalog-framed"})  # fmt: skip
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    taken = set()
    for name in (
        "clinc_train.jsonl",
        "clinc_heldout.jsonl",
        "written.jsonl",
        "written_more.jsonl",
        "fresh_heldout.jsonl",
    ):
        for line in (REPO / "data" / "intents" / name).read_text().splitlines():
            taken.add(norm(json.loads(line)["text"]))
    rows, seen = [], set(taken)
    rows_in = clinc(rng, taken) + tools(rng) + catalog(rng) + framed(random.Random(args.seed + 1))
    for row in rows_in:
        key = norm(row["text"])
        if key and key not in seen:
            seen.add(key)
            rows.append(row)
    args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    counts: dict[str, int] = defaultdict(int)
    for r in rows:
        counts[f"{r['source']}:{r['intent']}"] += 1
    print(f"{len(rows)} lines -> {args.out}")
    for k, v in sorted(counts.items()):
        print(f"  {k}: {v}")


if __name__ == "__main__":
    main()
