"""Choose archive hybrid search's fusion for robustness across collections, on TUNE splits only.

Two steps (docs/archive-search.md, "How the settings were chosen"):

    # 1. per dev set: every tune request's rankings, 100 deep, from the catalog that
    #    `discovery eval archives --set NAME` left behind (the report split is never read)
    uv run python scripts/tune_archive_robust.py collect npg cmoa-withheld demo-agent demo-captions
    # 2. the fusion grid over all sets at once, ranked by the worst set's ratio of the fused
    #    nDCG@10 to that set's best single leg (dense or BM25F); --diagnose prints per request
    uv run python scripts/tune_archive_robust.py grid [--tag TAG] [--diagnose SET:KIND]

`collect --tag TAG --k1 X --b Y --sql FILE --budget N` measures a text-leg variant: it runs FILE
and rewrites the BM25F constants in that set's catalog (`_bm25_k1`, `bm25_fields.b`, then
`bm25_refresh(force)`), and these stay in the catalog: re-run `discovery eval archives --set
NAME` (without `--reuse`) to get the shipped text leg back. `collect --request-words` ranks the
BM25 leg on the request without its request words (`bm25_request_text`, as the convex default
does), `--dense-request-words` embeds that text for the dense leg too (the references keep the
raw request); `grid --per-query` adds a dense weight chosen per request from how peaked the BM25
leg's scores are, `grid --coverage` one from how much of the query the BM25 leg's best record
holds (`bm25_query_coverage`, which `collect` records for every request).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tune_archive_search import fuse  # its stable sort breaks ties by dense, then text rank

from discovery.db import ItemKind
from discovery.evaluation.archive_reference import ExactKnn, PlainBM25
from discovery.evaluation.archive_sets import DEV_SETS, records
from discovery.evaluation.archives_eval import eval_settings, ndcg
from discovery.runtime import open_runtime
from discovery.search import queries
from discovery.search.models import SearchFilters
from discovery.settings import get_settings

CACHE = Path("/tmp/archive-fusion-rankings")
SETS = ("npg", "cmoa-withheld", "demo-agent", "demo-captions")
GRID_K = (3, 5, 10, 20, 30, 60, 100)
GRID_W = (0.5, 1.0, 1.25, 1.5, 2.0, 3.0)
GRID_DEPTH = (20, 40, 60, 100)
GRID_ALPHA = (0.2, 0.25, 0.3, 0.35, 0.4, 0.5)
GRID_PEAK = (0.1, 0.2, 0.3, 0.5, 0.7)
GRID_COVERAGE = (0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
GRID_PARTIAL = (0.3, 0.35, 0.4, 0.5, 0.6, 0.7)


async def collect(
    name: str,
    tag: str,
    k1: float | None,
    b: float | None,
    budget: int,
    sql: str | None,
    request_words: bool = False,
    dense_request_words: bool = False,
) -> None:
    dev = DEV_SETS[name]()
    tune = [q for q in dev.queries if q.split == "tune"]
    settings = eval_settings(get_settings(), name, reuse=True)
    filters = SearchFilters(kinds=(ItemKind.ARCHIVE,)).sql_args()
    bm25s = PlainBM25(records(dev))
    async with open_runtime(settings) as rt:
        knn = await ExactKnn.load(rt)
        async with rt.db.connection() as conn:
            if k1 is not None or b is not None or sql:
                if sql:
                    await conn.execute(Path(sql).read_text())  # type: ignore[call-overload]
                if k1 is not None:
                    await conn.execute(
                        "create or replace function _bm25_k1() returns float8 language sql"
                        f" immutable as $$ select {float(k1)}::float8 $$"
                    )
                if b is not None:
                    await conn.execute("update bm25_fields set b = %s", (b,))
                await conn.execute("select bm25_refresh(0, true)")
            out = []
            for q in tune:
                vector = dense_vector = rt.embedder.embed_query(q.text)
                if dense_request_words:  # the dense leg reads the request without them too
                    row = await (await conn.execute(
                        "select bm25_request_text(%s, array['archive'])", (q.text,))
                    ).fetchone()  # fmt: skip
                    dense_vector = rt.embedder.embed_query(row[0] if row else q.text)
                dense = await queries.match_items(
                    conn, dense_vector, threshold=0.3, count=100, filters=filters,
                    model_name=rt.embedder.model_id, exact_max_rows=2000, ef_search=100,
                )  # fmt: skip
                text = await queries.match_items_bm25(
                    conn,
                    q.text,
                    count=100,
                    filters=filters,
                    candidate_budget=budget,
                    request_words=request_words,
                )
                cov_text = "bm25_request_text(%s, array['archive'])" if request_words else "%s"
                top = text[0][0] if text else None
                row = await (await conn.execute(
                    f"select bm25_query_coverage({cov_text}, %s, array['archive'])", (q.text, top))
                ).fetchone()  # fmt: skip
                out.append({
                    "id": q.id, "text": q.text, "kind": q.kind, "relevant": sorted(q.relevant),
                    "dense": [h.id for h in dense], "bm25f": [i for i, _ in text],
                    "dense_s": [h.score for h in dense], "bm25f_s": [x for _, x in text],
                    "bm25s": bm25s.search(q.text), "knn": knn.search(vector),
                    "coverage": row[0] if row and row[0] is not None else 0.0,
                })  # fmt: skip
    CACHE.mkdir(exist_ok=True)
    (CACHE / f"{name}-{tag}.json").write_text(json.dumps(out))
    print(f"{name} [{tag}]: {len(out)} tune requests")


def convex(row: dict, alpha: float, depth: int) -> list[str]:
    """Min-max normalized scores, alpha x dense + (1 - alpha) x BM25F (a leg's miss counts 0)."""
    scores: dict[str, float] = {}
    for ids, raw, weight in ((row["dense"], row["dense_s"], alpha),
                             (row["bm25f"], row["bm25f_s"], 1 - alpha)):  # fmt: skip
        ids, raw = ids[:depth], raw[:depth]
        if not raw:
            continue
        lo, hi = min(raw), max(raw)
        for i, x in zip(ids, raw, strict=True):
            scores[i] = scores.get(i, 0) + weight * ((x - lo) / (hi - lo) if hi > lo else 1.0)
    return sorted(scores, key=lambda i: -scores[i])[:10]


def convex_by_peak(row: dict, peak: float, alpha_peaked: float, alpha_flat: float) -> list[str]:
    """A dense weight per request: `alpha_peaked` when the BM25 leg's top score stands at least
    `peak` (a fraction of it) above its 10th, else `alpha_flat`; depth 100."""
    s = row["bm25f_s"]
    peaked = bool(s) and (s[0] - s[min(9, len(s) - 1)]) >= peak * s[0]
    return convex(row, alpha_peaked if peaked else alpha_flat, 100)


def convex_by_coverage(row: dict, floor: float, alpha: float, partial: float) -> list[str]:
    """A dense weight per request: `partial` when the BM25 leg's best record holds less than
    `floor` of the query's IDF weight (`bm25_query_coverage`, collected), else `alpha`."""
    return convex(row, alpha if row.get("coverage", 1.0) >= floor else partial, 100)


def rrf(row: dict, k: float, w: float, depth: int) -> list[str]:
    return fuse(row["dense"], row["bm25f"], k, w, depth)


def reference(row: dict) -> list[str]:
    return fuse(row["knn"], row["bm25s"], 60, 1.0, 100)


def _mean(rows: list[dict], method: Callable[..., list[str]], *args: Any) -> float:
    return statistics.fmean(ndcg(method(r, *args), frozenset(r["relevant"])) for r in rows)


def _leg(name: str) -> Callable[[dict], list[str]]:
    return lambda row: row[name]


def grid(
    tag: str, sets: list[str], diagnose: str | None, per_query: bool = False, coverage: bool = False
) -> None:
    """Ranks every fusion by the worst set's ratio to that set's best single leg (`leg`) and,
    stricter, to the best of its legs and the in-run reference RRF (`all`)."""
    data = {s: json.loads((CACHE / f"{s}-{tag}.json").read_text()) for s in sets}
    best_leg, best_all, ref_of = {}, {}, {}
    for s, rows in data.items():
        d, t, ref = _mean(rows, _leg("dense")), _mean(rows, _leg("bm25f")), _mean(rows, reference)
        best_leg[s], best_all[s], ref_of[s] = max(d, t), max(d, t, ref), ref
        plain = _mean(rows, _leg("bm25s"))
        print(f"{s:14} tune n={len(rows):3}: dense {d:.4f}  BM25F {t:.4f}"
              f"  bm25s {plain:.4f}  ref RRF(bm25s, kNN) {ref:.4f}")  # fmt: skip
    methods: list[tuple[str, Callable[..., list[str]], tuple]] = [
        (f"rrf k {k} w {w} depth {d}", rrf, (k, w, d))
        for k, w, d in itertools.product(GRID_K, GRID_W, GRID_DEPTH)
    ] + [
        (f"convex alpha {a} depth {d}", convex, (a, d))
        for a, d in itertools.product(GRID_ALPHA, GRID_DEPTH)
    ]
    if per_query:
        methods += [
            (f"peak {p}: alpha {lo} else {hi}", convex_by_peak, (p, lo, hi))
            for p, lo, hi in itertools.product(GRID_PEAK, (0.1, 0.2, 0.25), (0.3, 0.4, 0.5))
        ]
    if coverage:
        methods += [
            (f"coverage {c}: alpha {a} else {p}", convex_by_coverage, (c, a, p))
            for c, a, p in itertools.product(GRID_COVERAGE, (0.2, 0.25, 0.3), GRID_PARTIAL)
        ]
    results = []
    for label, method, args in methods:
        per = {s: _mean(rows, method, *args) for s, rows in data.items()}
        leg = [per[s] / best_leg[s] for s in sets]
        every = [per[s] / best_all[s] for s in sets]
        results.append((label, min(leg), statistics.fmean(leg), min(every), per))
    print(f"{'fusion':30} {'min/leg':>8} {'mean/leg':>8} {'min/all':>8}  "
          + "  ".join(f"{s[:8]:>8}" for s in sets))  # fmt: skip

    def show(rows: list) -> None:
        for label, mn, mean, every, per in rows:
            print(f"{label:30} {mn:8.4f} {mean:8.4f} {every:8.4f}  "
                  + "  ".join(f"{per[s]:8.4f}" for s in sets))  # fmt: skip

    by_label = {r[0]: r for r in results}
    print("best by the worst ratio to the set's best leg:")
    show(sorted(results, key=lambda r: (r[1], r[2]), reverse=True)[:8])
    print("best by the worst ratio to the best of legs and reference:")
    show(sorted(results, key=lambda r: (r[3], r[2]), reverse=True)[:8])
    print("fixed convex 0.25, previous (rrf k 10) and textbook:")
    show([by_label[k] for k in ("convex alpha 0.25 depth 100", "rrf k 10 w 1.5 depth 40",
                                "rrf k 60 w 1.0 depth 100")])  # fmt: skip
    print("at or above the reference RRF on every set, by the worst ratio to the best leg:")
    show(sorted((r for r in results if all(r[4][s] >= ref_of[s] for s in sets)),
                key=lambda r: (r[1], r[2]), reverse=True)[:8])  # fmt: skip
    for held in sets:  # leave one set out: choose on the others by the worst ratio
        rest = [s for s in sets if s != held]
        label, _, _, _, per = max(results, key=lambda r: min(r[4][s] / best_leg[s] for s in rest))
        print(
            f"without {held:14}: {label} -> {held} {per[held]:.4f}"
            f" (best leg {best_leg[held]:.4f}, best of all {best_all[held]:.4f})"
        )
    if diagnose:
        _diagnose(data, *diagnose.split(":"))


def _hits(ranking: list[str], relevant: frozenset[str]) -> str:
    return f"{sum(i in relevant for i in ranking[:10]):2}/{sum(i in relevant for i in ranking):3}"


def _diagnose(data: dict, name: str, kind: str) -> None:
    """Per request: relevant records in the top 10 / top 100 of each ranking."""
    for r in data[name]:
        if r["kind"] != kind:
            continue
        rel = frozenset(r["relevant"])
        print(f"  {r['text'][:40]:40} rel {len(rel):4}  dense {_hits(r['dense'], rel)}"
              f"  BM25F {_hits(r['bm25f'], rel)} (n {len(r['bm25f']):3})"
              f"  bm25s {_hits(r['bm25s'], rel)}  kNN {_hits(r['knn'], rel)}"
              f"  fused {_hits(rrf(r, 10, 1.5, 40), rel)}"
              f"  ref {_hits(reference(r), rel)}")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("names", nargs="+", choices=sorted(DEV_SETS))
    c.add_argument("--tag", default="shipped")
    c.add_argument("--k1", type=float)
    c.add_argument("--b", type=float)
    c.add_argument("--budget", type=int, default=5000)
    c.add_argument("--sql", help="a SQL file run in the catalog first (a text-leg variant)")
    c.add_argument(
        "--dense-request-words",
        action="store_true",
        help="the dense leg embeds the request without the request words (bm25_request_text)",
    )
    c.add_argument(
        "--request-words",
        action="store_true",
        help="the BM25 leg's query without the request words (bm25_request_text)",
    )
    g = sub.add_parser("grid")
    g.add_argument("--tag", default="shipped")
    g.add_argument("--sets", nargs="+", default=list(SETS))
    g.add_argument("--diagnose", help="SET:KIND, e.g. cmoa-withheld:class")
    g.add_argument("--per-query", action="store_true", help="also a dense weight per request")
    g.add_argument("--coverage", action="store_true", help="a dense weight by BM25 coverage")
    args = parser.parse_args()
    if args.cmd == "collect":
        for name in args.names:
            asyncio.run(
                collect(
                    name,
                    args.tag,
                    args.k1,
                    args.b,
                    args.budget,
                    args.sql,
                    args.request_words,
                    args.dense_request_words,
                )
            )
    else:
        grid(args.tag, args.sets, args.diagnose, args.per_query, args.coverage)
