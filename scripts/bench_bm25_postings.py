"""The BM25 leg's top-k, exact, three ways against the SQL before, at 87k records (issue 21;
docs/benchmarks.md, "The BM25 leg: a cheaper exact top-k").

On the catalog of the last `make bench` (`<data dir>-bench`), creates the scratch schema
`bm25_proto` from `scripts/bm25_postings_prototype.sql` (postings of every active item, built
from `item_bm25`; the prototype `match_items_bm25`), then runs the bench's 200 queries (request
words left out, as the service does, depth 100) through

- `before`: `match_items_bm25` as 20261124000003_bm25_text_leg.sql defines it (copied from the
  migration into the scratch schema),
- `one_pass`: the current `match_items_bm25` (20261130000200_bm25_one_pass.sql: the candidates
  scored and the top kept in one pass),
- `postings_rare`: the prototype, postings only for requests whose words are all rare,
- `postings_common`: the prototype, also for requests with common words whose postings add up
  to at most 12 times the rare words' (read whole, joined to the candidates by hash),

each query by every variant in turn (order rotated), each variant on its own connection. It
prints, per variant, the **server's CPU time** per query (the backend's run time from
`/proc/<pid>/schedstat`: the work a query costs, which a loaded machine does not inflate, as it
does wall time; an embedded or local server only) and the wall time, per request kind (every
word rare; rare and common words; every word common, where the candidates are the items with
all words), whether every variant gave the same hits, scores and ranks as `before`, and the
postings' size and build time. The scratch schema is dropped at the end.

It also measures how far down impact-ordered postings (per term, by weight, best first) a
threshold-algorithm stop would have to read for the exact top 100: per request, the smallest
depth L (150, 300, 600, 1200) at which the 100th best exact score among the items seen in the
rare words' top L exceeds what an unseen candidate could score (each rare word's L-th weight,
each common word's largest weight, times its IDF); "never" when no depth up to 1200 does.

    uv run python scripts/bench_bm25_postings.py [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import re
import time
from pathlib import Path
from typing import Any

import psycopg

from discovery.db.embedded import EmbeddedPostgres
from discovery.db.migrate import apply_migrations
from discovery.evaluation.bench import bench_dir
from discovery.evaluation.bench_queries import bench_queries
from discovery.evaluation.stats import summarize
from discovery.settings import REPO_ROOT, get_settings

PROTOTYPE = Path(__file__).with_name("bm25_postings_prototype.sql")
BEFORE = REPO_ROOT / "supabase" / "migrations" / "20261124000003_bm25_text_leg.sql"
VARIANTS = {
    "before": ("bm25_proto.before_bm25", None),
    "one_pass": ("public.match_items_bm25", None),
    "postings_rare": ("bm25_proto.match_items_bm25", 0),
    "postings_common": ("bm25_proto.match_items_bm25", 12),
}
TERM_IDS = """
select x.tid, x.df from (
    select t.id as tid, (select sum(f.df) from bm25_df f where f.term_id = t.id) as df
    from (select distinct lexeme from unnest(to_tsvector('english', regexp_replace(
              bm25_request_text(%s, null), '(^|\\s)-\\S+', ' ', 'g')))) l
    join bm25_terms t on t.term = l.lexeme) x
where x.df > 0 order by x.df, x.tid
"""


def _before_sql() -> str:
    body = re.search(
        r"create or replace function match_items_bm25\(.*?\nend \$\$;", BEFORE.read_text(), re.S
    )
    assert body, BEFORE.name
    return body.group(0).replace(
        "function match_items_bm25(", "function bm25_proto.before_bm25(", 1
    )


def _kind(dfs: list[int], budget: int) -> str:
    """Which words a request has: all rare, rare and common, or all common (the budget's split)."""
    rare = _n_rare(dfs, budget)
    return "all_rare" if rare == len(dfs) else ("all_common" if rare == 0 else "rare_common")


def _impact_depth(conn: psycopg.Connection, q: str, n_docs: int, k: int = 100) -> str:
    """The smallest depth of impact-ordered postings at which a threshold stop holds."""
    terms = conn.execute(TERM_IDS, (q,)).fetchall()
    idf = {t: math.log(1 + (n_docs - df + 0.5) / (df + 0.5)) for t, df in terms}
    kind = _kind([df for _, df in terms], 5000)
    if kind == "all_common":
        return "all_common: not applicable"
    rare = [t for t, _ in terms][: _n_rare([df for _, df in terms], 5000)]
    common = [t for t, _ in terms if t not in rare]
    top = "select item_id, weight from bm25_proto.postings where term_id = %s order by weight desc"
    common_bound = sum(
        idf[t] * conn.execute(top + " limit 1", (t,)).fetchone()[1]  # type: ignore[index]
        for t in common
    )
    entries = ",".join(f"{t}:{idf[t]}" for t in sorted(idf))
    qvec = "{" + entries + "}/1000000000"
    for depth in (150, 300, 600, 1200):
        seen: set[str] = set()
        bound: float = common_bound
        for t in rare:
            rows = conn.execute(top + " limit %s", (t, depth)).fetchall()
            seen |= {r[0] for r in rows}
            bound += idf[t] * rows[-1][1] if len(rows) == depth else 0.0
        scores = conn.execute(
            "select -(weights <#> %s::sparsevec) as s from item_bm25"
            " where item_id = any(%s) order by s desc limit %s",
            (qvec, list(seen), k),
        ).fetchall()
        if (len(scores) == k and scores[-1][0] > bound + 1e-3) or bound == 0.0:
            return f"{kind}: {depth}"
    return f"{kind}: never"


def _n_rare(dfs: list[int], budget: int) -> int:
    cum, rare = 0, 0
    for df in dfs:
        if cum + df > budget:
            break
        cum, rare = cum + df, rare + 1
    return rare


def _cpu_ms(pid: int) -> float:
    with open(f"/proc/{pid}/schedstat") as f:
        return int(f.read().split()[0]) / 1e6


async def _migrate(uri: str) -> None:
    async with await psycopg.AsyncConnection.connect(uri) as conn:
        await apply_migrations(conn)


def _build(uri: str) -> dict[str, Any]:
    asyncio.run(_migrate(uri))  # this branch's match_items_bm25 on an older catalog
    with psycopg.connect(uri, autocommit=True) as conn:
        conn.execute("drop schema if exists bm25_proto cascade")
        started = time.perf_counter()
        conn.execute(PROTOTYPE.read_text())
        conn.execute("vacuum analyze bm25_proto.postings")  # index-only scans, as in production
        built = time.perf_counter() - started
        conn.execute(_before_sql())
        rows, heap, index = conn.execute(
            "select count(*), pg_relation_size('bm25_proto.postings'),"
            " pg_relation_size('bm25_proto.postings_term_item') from bm25_proto.postings"
        ).fetchone()  # type: ignore[misc]
    return {
        "postings": rows,
        "postings_heap_mb": round(heap / 2**20),
        "postings_index_mb": round(index / 2**20),
        "build_s": round(built, 1),
    }


def _measure(uri: str, qs: list[str], rounds: int) -> dict[str, Any]:
    conns = {name: psycopg.connect(uri, autocommit=True) for name in VARIANTS}
    try:
        pids = {}
        for name, conn in conns.items():
            ratio = VARIANTS[name][1]
            if ratio is not None:
                conn.execute(f"set bm25_proto.common_ratio = {ratio}")
            pids[name] = conn.execute("select pg_backend_pid()").fetchone()[0]  # type: ignore[index]
        before = conns["before"]
        kinds = {q: _kind([r[1] for r in before.execute(TERM_IDS, (q,))], 5000) for q in qs}
        cpu: dict[str, dict[str, list[float]]] = {n: {} for n in VARIANTS}
        wall: dict[str, list[float]] = {n: [] for n in VARIANTS}
        answers: dict[tuple[str, str], list[tuple]] = {}
        names = list(VARIANTS)
        for r in range(rounds + 1):  # round 0 warms the plans and the buffers
            for i, q in enumerate(qs):
                for j in range(len(names)):
                    name = names[(i + j + r) % len(names)]
                    sql = (
                        f"select id, bm25, text_rank from {VARIANTS[name][0]}"
                        "(bm25_request_text(%s, null), 100)"
                    )
                    c0, t0 = _cpu_ms(pids[name]), time.perf_counter()
                    rows = conns[name].execute(sql, (q,)).fetchall()
                    t1, c1 = time.perf_counter(), _cpu_ms(pids[name])
                    if r:
                        cpu[name].setdefault(kinds[q], []).append(c1 - c0)
                        wall[name].append((t1 - t0) * 1000)
                    answers[(name, q)] = rows
    finally:
        for conn in conns.values():
            conn.close()
    out: dict[str, Any] = {
        "requests_per_kind": {k: list(kinds.values()).count(k) for k in set(kinds.values())}
    }
    for name in VARIANTS:
        every = [t for ts in cpu[name].values() for t in ts]
        out[name] = {
            "server_cpu_ms": summarize(every),
            "server_cpu_ms_per_kind": {k: summarize(ts) for k, ts in sorted(cpu[name].items())},
            "wall_ms": summarize(wall[name]),
        }
        same = sum(answers[(name, q)] == answers[("before", q)] for q in qs)
        out[name]["same_answer_as_before"] = f"{same}/{len(qs)}"
    return out


def main(rounds: int) -> dict[str, Any]:
    settings = get_settings()
    bench = settings.model_copy(update={"discovery_data_dir": bench_dir(settings)})
    server = EmbeddedPostgres(bench.pgdata)
    uri = server.start()
    try:
        figures = _build(uri)
        qs = bench_queries(200)
        figures |= _measure(uri, qs, rounds)
        with psycopg.connect(uri, autocommit=True) as conn:
            n_docs = conn.execute("select sum(n_docs) from bm25_kind_stats").fetchone()[0]  # type: ignore[index]
            depths = [_impact_depth(conn, q, n_docs) for q in qs]
        figures["impact_stop_depth"] = {d: depths.count(d) for d in sorted(set(depths))}
    finally:
        with psycopg.connect(uri, autocommit=True) as conn:
            conn.execute("drop schema if exists bm25_proto cascade")
        server.stop()
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="Measured passes over the queries.")
    args = parser.parse_args()
    print(json.dumps(main(args.rounds), indent=2))
