"""The per-request dense weight of archive hybrid search, re-examined on TUNE splits only.

Two steps (docs/archive-search.md, "Words the catalog does not know"), on rankings that
`tune_archive_robust.py collect --request-words` cached:

    uv run python scripts/tune_archive_robust.py collect npg cmoa-withheld demo-agent \
        demo-captions --tag cov3 --request-words
    # 1. every request's coverage for each weight of a word no record has (0, 0.25, 0.5, 1)
    uv run python scripts/tune_archive_coverage.py annotate --tag cov3
    # 2. the grid: floor x dense weight x partial weight x unknown-word weight, and two other
    #    readings of a partial coverage (reciprocal rank fusion of the legs; a dense weight that
    #    rises with the missing share), ranked as tune_archive_robust.py ranks fusions
    uv run python scripts/tune_archive_coverage.py grid --tag cov3 [--per-query SET]

The report splits are never read.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import statistics
from collections.abc import Callable
from typing import Any

from tune_archive_robust import CACHE, SETS, _leg, _mean, convex, reference, rrf

from discovery.evaluation.archives_eval import eval_settings, ndcg
from discovery.runtime import open_runtime
from discovery.settings import get_settings

UNKNOWN = (0.0, 0.25, 0.5, 1.0)
FLOORS = (0.4, 0.5, 0.6, 0.7, 0.8)
ALPHAS = (0.2, 0.25, 0.3)
PARTIALS = (0.4, 0.5, 0.6, 0.7)


async def annotate(name: str, tag: str) -> None:
    """Adds `coverage_u` (unknown-word weight -> coverage of the BM25 leg's best record, request
    words left out as the convex default leaves them out) to every cached tune request."""
    path = CACHE / f"{name}-{tag}.json"
    rows = json.loads(path.read_text())
    settings = eval_settings(get_settings(), name, reuse=True)
    async with open_runtime(settings) as rt, rt.db.connection() as conn:
        for r in rows:
            top = r["bm25f"][0] if r["bm25f"] else None
            r["coverage_u"] = {}
            for u in UNKNOWN:
                row = await (await conn.execute(
                    "select bm25_query_coverage(%s, %s, array['archive'], true, %s)",
                    (r["text"], top, u))).fetchone()  # fmt: skip
                r["coverage_u"][str(u)] = row[0] if row and row[0] is not None else 0.0
    path.write_text(json.dumps(rows))
    print(f"{name} [{tag}]: {len(rows)} tune requests annotated")


def _cov(row: dict, unknown: float) -> float:
    return float(row["coverage_u"][str(unknown)])


def by_coverage(row: dict, floor: float, alpha: float, partial: float, unknown: float) -> list:
    """The shipped rule with a weight for unknown words: `partial` below `floor`, else alpha."""
    return convex(row, alpha if _cov(row, unknown) >= floor else partial, 100)


def rrf_below(row: dict, floor: float, alpha: float, k: int, w: float, unknown: float) -> list:
    """Convex `alpha` when covered; below `floor`, RRF of the two legs (k, BM25 weight w)."""
    if _cov(row, unknown) >= floor:
        return convex(row, alpha, 100)
    return rrf(row, k, w, 100)


def sloped(row: dict, floor: float, alpha: float, top: float, unknown: float) -> list:
    """The dense weight rises linearly from `alpha` (coverage >= floor) to `top` (coverage 0)."""
    c = _cov(row, unknown)
    return convex(row, alpha + (top - alpha) * max(0.0, floor - c) / floor, 100)


Method = tuple[str, Callable[..., list], tuple]


def methods() -> list[Method]:
    out: list[Method] = [
        (f"cov {f} a {a} p {p} u {u}", by_coverage, (f, a, p, u))
        for f, a, p, u in itertools.product(FLOORS, ALPHAS, PARTIALS, UNKNOWN)
    ]
    out += [
        (f"rrf<{f} a {a} k {k} w {w} u {u}", rrf_below, (f, a, k, w, u))
        for f, a, k, w, u in itertools.product(FLOORS, ALPHAS, (10, 30, 60), (0.5, 1.0), UNKNOWN)
    ]
    out += [
        (f"slope {f} a {a} top {t} u {u}", sloped, (f, a, t, u))
        for f, a, t, u in itertools.product(FLOORS, ALPHAS, (0.6, 0.7, 0.8, 1.0), UNKNOWN)
    ]
    return out


def grid(tag: str, sets: list[str], per_query: str | None) -> None:
    data = {s: json.loads((CACHE / f"{s}-{tag}.json").read_text()) for s in sets}
    best_leg, best_all, ref_of = {}, {}, {}
    for s, rows in data.items():
        d, t, ref = _mean(rows, _leg("dense")), _mean(rows, _leg("bm25f")), _mean(rows, reference)
        best_leg[s], best_all[s], ref_of[s] = max(d, t), max(d, t, ref), ref
        print(f"{s:14} tune n={len(rows):3}: dense {d:.4f}  BM25F {t:.4f}  reference {ref:.4f}")
    results = []
    for label, method, args in methods():
        per = {s: _mean(rows, method, *args) for s, rows in data.items()}
        leg = [per[s] / best_leg[s] for s in sets]
        every = [per[s] / best_all[s] for s in sets]
        results.append((label, min(leg), statistics.fmean(leg), min(every), per))
    print(f"{'fusion':34} {'min/leg':>8} {'mean/leg':>8} {'min/all':>8}  "
          + "  ".join(f"{s[:8]:>8}" for s in sets))  # fmt: skip

    def show(rows: list[Any]) -> None:
        for label, mn, mean, every, per in rows:
            print(f"{label:34} {mn:8.4f} {mean:8.4f} {every:8.4f}  "
                  + "  ".join(f"{per[s]:8.4f}" for s in sets))  # fmt: skip

    by_label = {r[0]: r for r in results}
    print("shipped (cov 0.5 a 0.25 p 0.6 u 1.0) and the same leaving unknown words out:")
    show([by_label[f"cov 0.5 a 0.25 p 0.6 u {u}"] for u in UNKNOWN])
    print("best by the worst ratio to the best of legs and reference, then mean ratio to leg:")
    show(sorted(results, key=lambda r: (r[3], r[2]), reverse=True)[:12])
    print("best by the smallest margin over the reference (worst set), then mean ratio:")
    show(sorted(results, key=lambda r: (min(r[4][s] - ref_of[s] for s in sets), r[2]),
                reverse=True)[:8])  # fmt: skip
    for held in sets:  # leave one set out: choose on the others
        rest = [s for s in sets if s != held]
        label, _, _, _, per = max(
            results, key=lambda r: (min(r[4][s] / best_all[s] for s in rest),
                                    statistics.fmean(r[4][s] / best_leg[s] for s in rest))
        )  # fmt: skip
        print(f"without {held:14}: {label} -> {held} {per[held]:.4f}"
              f" (reference {ref_of[held]:.4f}, best leg {best_leg[held]:.4f})")  # fmt: skip
    if per_query:
        _per_query(data[per_query])


def _per_query(rows: list[dict]) -> None:
    """Requests where the shipped rule ranks more than 0.05 below the reference."""
    for r in rows:
        rel = frozenset(r["relevant"])
        shipped = ndcg(by_coverage(r, 0.5, 0.25, 0.6, 1.0), rel)
        ref = ndcg(reference(r), rel)
        if shipped < ref - 0.05:
            print(f"  {r['kind'][:10]:10} cov {_cov(r, 1.0):.2f}/{_cov(r, 0.0):.2f}"
                  f" shipped {shipped:.2f} ref {ref:.2f} dense {ndcg(r['dense'], rel):.2f}"
                  f" BM25F {ndcg(r['bm25f'], rel):.2f}  {r['text'][:60]}")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("annotate")
    a.add_argument("--tag", default="cov3")
    a.add_argument("names", nargs="*", default=list(SETS))
    g = sub.add_parser("grid")
    g.add_argument("--tag", default="cov3")
    g.add_argument("--sets", nargs="+", default=list(SETS))
    g.add_argument("--per-query", help="a set: its requests below the reference")
    args = parser.parse_args()
    if args.cmd == "annotate":
        for name in args.names:
            asyncio.run(annotate(name, args.tag))
    else:
        grid(args.tag, args.sets, args.per_query)
