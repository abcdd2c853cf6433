"""Answers computed from a rule of the fresh conversation set (`data/eval/agent_conversations.md`):
the creators a "who made these?" answer must name, the periods a "what decades?" answer must
cover, and the counts a "how many?" answer may state. Shared by the set's checker and the
evaluator (`discovery eval conversations`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any


def _names(creator: str) -> list[str]:
    return [n.strip() for n in creator.split(";") if n.strip()] or ["(no creator)"]


GENERIC_NAME_WORDS = frozenset(
    "and the of for inc ltd co company corporation factory manufactory manufacturing works "
    "sons brothers associates studio office architects pottery porcelain glass".split()
)
UNKNOWN_KEYS = ["unknown", "anonymous", "unidentified"]


def name_keys(name: str) -> list[str]:
    """Words that identify a creator in an answer: its words of 4+ letters that are not generic,
    and its last such word of 3+ letters (for "Hiroshige Andō": hiroshige, andō; for "Robert A.
    May": robert, may); for "unknown <origin>": unknown, anonymous, unidentified."""
    if name.lower().startswith("unknown"):
        return list(UNKNOWN_KEYS)
    words = [w.strip(".,'\"()") for w in name.lower().split()]
    keys = [w for w in words if len(w) >= 4 and w not in GENERIC_NAME_WORDS]
    last = next((w for w in reversed(words) if w and w not in GENERIC_NAME_WORDS), "")
    if len(last) >= 3 and last not in keys:
        keys.append(last)
    return keys or [w for w in words if w]


def creator_answer(hits: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Creators of the accepted records, most frequent first. The answer must name
    `min_named` of `must_name`: the top creator when it holds at least half the records, else 2
    of the top 3. A creator is named when one of its `name_keys` appears as a word of the
    answer."""
    counts: Counter[str] = Counter()
    for r in hits:
        counts.update(_names(str(r.get("creator") or "")))
    ranked = counts.most_common()
    n = len(hits)
    if not ranked:
        return {"n_records": 0, "creators": [], "must_name": [], "min_named": 0}
    if ranked[0][1] * 2 >= n:
        must, min_named = [ranked[0][0]], 1
    else:
        must = [name for name, _ in ranked[:3]]
        min_named = min(2, len(must))
    return {
        "n_records": n,
        "creators": [[name, k] for name, k in ranked[:10]],
        "n_creators": len(ranked),
        "must_name": must,
        "min_named": min_named,
        "name_keys": {name: name_keys(name) for name in must},
    }


def _years(r: Mapping[str, Any]) -> tuple[int, int] | None:
    ys = [int(y) for y in (r.get("date_start"), r.get("date_end")) if y is not None]
    return (min(ys), max(ys)) if ys else None


def _label(year: int, unit: str) -> str:
    if unit == "decade":
        return f"{year // 10 * 10}s"
    century = (year - 1) // 100 + 1 if year > 0 else -((-year) // 100 + 1)
    if century <= 0:
        return f"{-century} century BCE"
    suffix = (
        "th" if 10 <= century % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(century % 10, "th")
    )
    return f"{century}{suffix} century"


def period_answer(hits: Sequence[Mapping[str, Any]], unit: str) -> dict[str, Any]:
    """Periods of the accepted records, each record placed by the middle of its date range.
    `core` is the smallest set of periods (largest first) holding at least 80% of the dated
    records; the answer must cover every core period and name nothing outside
    [earliest, latest]."""
    spans = [s for s in (_years(r) for r in hits) if s]
    by: Counter[str] = Counter()
    order: dict[str, int] = {}
    for lo, hi in spans:
        mid = (lo + hi) // 2
        label = _label(mid, unit)
        by[label] += 1
        order[label] = mid if label not in order else min(order[label], mid)
    core: list[str] = []
    covered = 0
    for label, k in by.most_common():
        if covered >= 0.8 * len(spans):
            break
        core.append(label)
        covered += k
    chrono = sorted(by, key=lambda lab: order[lab])
    return {
        "unit": unit,
        "n_records": len(hits),
        "undated": len(hits) - len(spans),
        "earliest": min((lo for lo, _ in spans), default=None),
        "latest": max((hi for _, hi in spans), default=None),
        "by_period": {lab: by[lab] for lab in chrono},
        "core": sorted(core, key=lambda lab: order[lab]),
    }


def count_range(expected: int) -> list[int]:
    """Stated counts accepted as right: within max(1, 25%) of the expected count, and never 0
    when something matches."""
    tolerance = max(1, round(0.25 * expected))
    return [max(1 if expected else 0, expected - tolerance), expected + tolerance]
