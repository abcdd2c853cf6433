"""The spelling vocabulary's write cost and the corrector's latency (docs/benchmarks.md).

In a database of its own (`<data dir>-spelling-bench`): writes the normalized CMOA records
(87,289; no vectors needed) into `items` with the vocabulary's triggers off and on (the BM25
triggers off both times, to isolate the vocabulary's cost), deactivates 10,000 of them, then
times `SpellingCorrector.correct` on 200 misspelled queries: once on the CMOA vocabulary, once
after padding the vocabulary with synthetic rare terms (mutations of real ones, used by 1 to 3
records: the long tail of a large catalog) up to `--terms`, then on the same queries spelled
right (`recovered` is then the share left untouched), and finally the shipped look-up (the
word's rarest trigrams) against probing all of a word's trigrams, alternating. Prints median
and p95 (ms), how often the misspelled word came back as the word it was made from, and the
plan of one look-up.

    uv run python scripts/bench_spelling.py --terms 500000 [--cmoa ../shared/data/heritage/cmoa]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import string
import time
from pathlib import Path

import psycopg
from psycopg.types.json import Jsonb
from pydantic import SecretStr

from discovery.catalog.archives.ingest import archive_files
from discovery.catalog.archives.read import read_archive_rows
from discovery.catalog.records import CatalogItem
from discovery.db import Database
from discovery.db.embedded import EmbeddedPostgres
from discovery.db.migrate import apply_migrations
from discovery.embeddings.local import model_words
from discovery.evaluation.bench_queries import CMOA_DIR
from discovery.evaluation.stats import summarize
from discovery.search.spelling import SpellingCorrector, max_edits
from discovery.settings import Settings, get_settings

CHUNK = 20_000
SPELLING_TRIGGERS = ("items_spelling_insert", "items_spelling_update", "items_spelling_delete")
BM25_TRIGGERS = ("items_bm25_insert", "items_bm25_update", "items_bm25_delete")


def _typo(word: str, rng: random.Random) -> str:
    """One random edit: delete, insert, substitute or swap two neighbouring letters."""
    i = rng.randrange(1, len(word) - 1)  # the first letter kept, as most typos do
    op = rng.choice("disw")
    c = rng.choice(string.ascii_lowercase)
    if op == "d":
        return word[:i] + word[i + 1 :]
    if op == "i":
        return word[:i] + c + word[i:]
    if op == "s":
        return word[:i] + c + word[i + 1 :]
    return word[: i - 1] + word[i] + word[i - 1] + word[i + 1 :]


async def _write(conn: psycopg.AsyncConnection, rows: list[tuple], suffix: str) -> float:
    t = time.perf_counter()
    for start in range(0, len(rows), CHUNK):
        part = rows[start : start + CHUNK]
        await conn.execute(
            "insert into items (id, kind, name, title, description, metadata, content_hash)"
            " select r.id || %s, 'archive', r.name, r.title, r.description, r.metadata, 'h'"
            " from unnest(%s::text[], %s::text[], %s::text[], %s::text[], %s::jsonb[])"
            " as r(id, name, title, description, metadata)",
            (suffix, *[list(c) for c in zip(*part, strict=True)]),
        )
        await conn.commit()
    return time.perf_counter() - t


async def _triggers(conn: psycopg.AsyncConnection, names: tuple[str, ...], on: bool) -> None:
    for name in names:
        await conn.execute(f"alter table items {'enable' if on else 'disable'} trigger {name}")  # type: ignore[arg-type]
    await conn.commit()


async def _queries(conn: psycopg.AsyncConnection, n: int, seed: int = 7) -> list[tuple[str, str]]:
    """(misspelled query, the word its typo was made from): a used word of five letters or
    more, one edit away, followed by a word the catalog uses."""
    rows = await (
        await conn.execute(
            "select term from spelling_terms where kind = 'archive' and doc_count >= 20"
            " and length(term) >= 6 order by term"
        )
    ).fetchall()
    terms = [r[0] for r in rows]
    rng, known = random.Random(seed), set(terms)
    out: list[tuple[str, str]] = []
    while len(out) < n:
        word = rng.choice(terms)
        typo = _typo(word, rng)
        if typo not in known:
            out.append((f"{typo} {rng.choice(terms)}", word))
    return out


async def _time(corrector: SpellingCorrector, queries: list[tuple[str, str]]) -> dict:
    for q, _ in queries[:30]:  # warm-up
        await corrector.correct(q)
    times, recovered = [], 0
    for q, word in queries:
        t = time.perf_counter()
        correction = await corrector.correct(q)
        times.append((time.perf_counter() - t) * 1000)
        recovered += correction.query.split()[0] == word
    return {**summarize(times), "recovered": round(recovered / len(queries), 3)}


async def _pad(conn: psycopg.AsyncConnection, total: int, seed: int = 3) -> int:
    """Synthetic rare terms (1 to 3 records each) until the vocabulary has `total` terms."""
    rows = await (
        await conn.execute("select term from spelling_terms where kind = 'archive'")
    ).fetchall()
    real = [r[0] for r in rows if len(r[0]) >= 4]
    rng = random.Random(seed)
    have = len(rows)
    while have < total:
        batch = {_typo(_typo(rng.choice(real), rng), rng) for _ in range(min(50_000, total - have))}
        await conn.execute(
            "with added as (insert into spelling_terms (kind, term, doc_count, trigrams)"
            " select 'archive', t, 1 + (hashtext(t) & 3) %% 3, _spelling_trigrams(t)"
            " from unnest(%s::text[]) t on conflict do nothing returning trigrams)"
            " insert into spelling_trigram_counts as c (kind, trigram, n)"
            " select 'archive', g, count(*) from added cross join lateral unnest(trigrams) g"
            " group by g on conflict (kind, trigram) do update set n = c.n + excluded.n",
            (sorted(batch),),
        )
        await conn.commit()
        row = await (await conn.execute("select count(*) from spelling_terms")).fetchone()
        have = int(row[0]) if row else 0
    return have


async def _plan(conn: psycopg.AsyncConnection, word: str) -> list[str]:
    sql = (
        "explain (analyze, costs off) select s.term, s.doc_count from spelling_terms s"
        " where s.kind = 'archive'"
        " and s.trigrams && _spelling_probe('archive', _spelling_trigrams(%s), %s)"
        " and length(s.term) between length(%s) - %s and length(%s) + %s"
    )
    k = max_edits(word)
    return [r[0] for r in await (await conn.execute(sql, (word, k, word, k, word, k))).fetchall()]


_PROBE = (
    "create or replace function _spelling_probe(kind_ text, grams int[], k int) returns int[]"
    " language sql stable as $$ {} $$"
)
_ALL_TRIGRAMS = "select grams"  # the look-up before 20261128000600: every trigram probed


async def _compare_probes(
    conn: psycopg.AsyncConnection, corrector: SpellingCorrector, queries: list, rounds: int = 2
) -> dict:
    """The shipped probe (the word's rarest trigrams) against probing every trigram,
    alternating in this run; the shipped definition is restored at the end."""
    shipped = await (
        await conn.execute("select prosrc from pg_proc where proname = '_spelling_probe'")
    ).fetchone()
    assert shipped is not None
    out: dict[str, list] = {"rarest_trigrams": [], "all_trigrams": []}
    for _ in range(rounds):
        for name, body in (("all_trigrams", _ALL_TRIGRAMS), ("rarest_trigrams", shipped[0])):
            await conn.execute(_PROBE.format(body))  # type: ignore[arg-type]
            out[name].append(await _time(corrector, queries))
    return out


async def main(total_terms: int, cmoa: Path) -> None:
    base = get_settings().discovery_data_dir
    work = base.with_name(base.name + "-spelling-bench")
    shutil.rmtree(work, ignore_errors=True)
    server = EmbeddedPostgres(work / "pgdata")
    uri = server.start()
    try:
        items = [
            row for path in archive_files([cmoa])
            for _, row in read_archive_rows(path) if isinstance(row, CatalogItem)
        ]  # fmt: skip
        rows = [(i.id, i.name, i.title, i.description, Jsonb(i.metadata)) for i in items]
        out: dict = {"records": len(rows)}
        async with await psycopg.AsyncConnection.connect(uri) as conn:
            await apply_migrations(conn)
            await conn.set_autocommit(False)
            await _triggers(conn, BM25_TRIGGERS, on=False)
            await _triggers(conn, SPELLING_TRIGGERS, on=False)
            plain = await _write(conn, rows, "#plain")
            await conn.execute("delete from items")
            await _triggers(conn, SPELLING_TRIGGERS, on=True)
            spelled = await _write(conn, rows, "")
            out["write_rows_per_s_without_vocabulary"] = round(len(rows) / plain)
            out["write_rows_per_s_with_vocabulary"] = round(len(rows) / spelled)
            t = time.perf_counter()
            await conn.execute(
                "update items set is_active = false where id in (select id from items limit 10000)"
            )
            await conn.commit()
            out["deactivate_10000_s"] = round(time.perf_counter() - t, 2)
            await conn.set_autocommit(True)
            await conn.execute("vacuum analyze spelling_terms")
            row = await (await conn.execute("select count(*) from spelling_terms")).fetchone()
            out["vocabulary_terms"] = int(row[0]) if row else 0
            queries = await _queries(conn, 200)
            settings = Settings(database_url=SecretStr(uri), discovery_data_dir=work)
            db = Database(settings)
            await db.open()
            try:
                corrector = SpellingCorrector(db, known=model_words())
                out[f"correct_ms_at_{out['vocabulary_terms']}_terms"] = await _time(
                    corrector, queries
                )
                padded = await _pad(conn, total_terms)
                await conn.execute("vacuum analyze spelling_terms")
                out[f"correct_ms_at_{padded}_terms"] = await _time(corrector, queries)
                known = [(f"{w} {q.split()[1]}", w) for q, w in queries]
                out[f"known_words_ms_at_{padded}_terms"] = await _time(corrector, known)
                out[f"probes_at_{padded}_terms"] = await _compare_probes(conn, corrector, queries)
                out["plan"] = await _plan(conn, queries[0][0].split()[0])
            finally:
                await db.close()
        print(json.dumps(out, indent=1), flush=True)
    finally:
        server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--terms", type=int, default=500_000)
    parser.add_argument("--cmoa", type=Path, default=CMOA_DIR)
    args = parser.parse_args()
    asyncio.run(main(args.terms, args.cmoa))
