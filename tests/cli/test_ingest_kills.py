"""kill -9 of `discovery ingest` at random moments of its life (interpreter start, watchdog,
server start, migrations, writes): no PostgreSQL process is left once the watchdogs are done,
and running the ingest again gives the same catalog as a clean run (item ids, content hashes,
one vector each). Five kills here; `scripts/db_faults.py ingest-kills` does 50."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from scripts.db_faults import (
    fingerprint,
    kill_ingest_at,
    orphans_after_watchdogs,
    run_ingest,
    subset_file,
)

from discovery.embeddings.local import DEFAULT_CACHE_DIR, LocalMiniLMEmbedder

pytestmark = pytest.mark.integration


def test_kill_ingest_at_random_moments_leaves_no_orphan_and_same_catalog(
    tmp_path: Path, embedder: LocalMiniLMEmbedder
) -> None:
    source = subset_file(tmp_path / "records.jsonl", 96)
    clean, killed = tmp_path / "clean", tmp_path / "killed"
    for data_dir in (clean, killed):  # the int8 model the embedder fixture derived
        shutil.copytree(DEFAULT_CACHE_DIR, data_dir / "models")
    seconds = run_ingest(clean, source, batch=16)
    expected = fingerprint(clean)
    assert len({row[0] for row in expected}) == 96
    assert all(row[3] == row[1] for row in expected)  # every item has its current vector

    rng = random.Random(19)
    pgdata = (killed / "pgdata").resolve()
    orphans = {}
    for delay in (rng.uniform(0, seconds) for _ in range(5)):
        kill_ingest_at(killed, source, 16, delay)  # or it ended first: a run without a kill
        left = orphans_after_watchdogs(pgdata)
        if left:
            orphans[round(delay, 2)] = [p.pid for p in left]
            for proc in left:
                proc.kill()
    assert orphans == {}

    run_ingest(killed, source, 16)
    assert fingerprint(killed) == expected
