"""Faults of the embedded PostgreSQL, injected for real; prints the figures of
docs/operations.md.

    uv run python scripts/db_faults.py ingest-kills --kills 50
    uv run python scripts/db_faults.py postmaster-kills --rounds 10
    uv run python scripts/db_faults.py start-time --runs 10

`ingest-kills`: `discovery ingest archives` of demo records is SIGKILLed at a random moment of
its life (interpreter start, watchdog start, server start, migrations, writes), `--group` kills
per fresh data directory. After each kill, once the watchdogs are done, no PostgreSQL process
(postmaster, pg_ctl, initdb) may run on the directory: with no holder alive, any is an orphan.
After each group the ingest is run to its end and the catalog (item ids, content hashes, the
vectors' hashes) compared with a clean run's.

`postmaster-kills`: `discovery serve` on a data directory of its own answers a stream of
searches while its postmaster gets SIGKILL and SIGTERM in turn; recovery is the time from the
signal until a new postmaster runs, `/readyz` answers 200 (a new connection) and a search
answers 200. Nobody intervenes: the app's supervisor restarts the server.

`start-time`: the embedded server's start (`EmbeddedPostgres.start`: its watchdog, the server,
the settings check) on an existing data directory, and its stop.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import itertools
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import psutil
import psycopg

from discovery.db.embedded import EmbeddedPostgres
from discovery.db.postmaster import STARTERS, postmaster_pid, server_processes
from discovery.settings import resource

DEMO = resource("data/demo/heritage_demo.jsonl.gz")
QUERIES = ["jazz musicians", "portrait of a woman", "church choir", "steel mill", "boxing"]


def subset_file(path: Path, rows: int) -> Path:
    with gzip.open(DEMO, "rt", encoding="utf-8") as src:
        path.write_text("".join(itertools.islice(src, rows)), encoding="utf-8")
    return path


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "discovery.cli", *args]


def cli_env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    return {**env, "DISCOVERY_DATA_DIR": str(data_dir)}


def ingest_command(source: Path, batch: int) -> list[str]:
    return cli("ingest", "archives", str(source), "--batch-size", str(batch))


def run_ingest(data_dir: Path, source: Path, batch: int) -> float:
    """Run an ingest to its end; its seconds."""
    began = time.monotonic()
    subprocess.run(
        ingest_command(source, batch),
        env=cli_env(data_dir),
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.monotonic() - began


def kill_ingest_at(data_dir: Path, source: Path, batch: int, delay: float) -> float | None:
    """Start an ingest and SIGKILL it `delay` seconds later; None when killed, else the seconds
    it took to end by itself first."""
    began = time.monotonic()
    proc = subprocess.Popen(
        ingest_command(source, batch),
        env=cli_env(data_dir),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        proc.wait(timeout=delay)
        return time.monotonic() - began
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)
        return None


def watchdogs(pgdata: Path) -> list[psutil.Process]:
    found = []
    for proc in psutil.process_iter(["cmdline"]):
        cmdline = proc.info["cmdline"] or []
        if "discovery.db.watchdog" in cmdline and str(pgdata) in cmdline:
            found.append(proc)
    return found


def orphans_after_watchdogs(pgdata: Path, seconds: float = 60.0) -> list[psutil.Process]:
    """Wait for every watchdog of `pgdata` to finish; then the server processes still running
    on it (pg_ctl and initdb included): with no holder alive, each one is an orphan."""
    psutil.wait_procs(watchdogs(pgdata), timeout=seconds)
    return server_processes(pgdata, {"postgres", *STARTERS})


def fingerprint(data_dir: Path) -> list[tuple[str, ...]]:
    """Every item's id and content hash, with its vector's model and hash (none: half-written)."""
    server = EmbeddedPostgres(data_dir / "pgdata")
    try:
        with psycopg.connect(server.start()) as conn:
            rows = conn.execute(
                "select i.id, i.content_hash, coalesce(e.model, ''), coalesce(e.content_hash, '')"
                " from items i left join item_embeddings e on e.item_id = i.id order by 1, 3"
            ).fetchall()
    finally:
        server.stop()
    return [tuple(row) for row in rows]


def ingest_kills(
    work: Path, kills: int, group: int, rows: int, batch: int, seed: int
) -> dict[str, object]:
    """The ingest-kills experiment in `work`; its counts."""
    rng = random.Random(seed)
    source = subset_file(work / "records.jsonl", rows)
    clean = work / "clean"
    run_ingest(clean, source, batch)  # derives the int8 model once, copied to the others
    expected = fingerprint(clean)
    timed = work / "timed"
    shutil.copytree(clean / "models", timed / "models")
    clean_seconds = run_ingest(timed, source, batch)  # a fresh directory's run: kills fall in it
    if fingerprint(timed) != expected:
        raise RuntimeError("two clean runs differ: nothing to compare kills with")
    shutil.rmtree(timed)
    killed = finished = orphans = differing = 0
    for first in range(0, kills, group):
        data_dir = work / f"group{first // group}"
        shutil.copytree(clean / "models", data_dir / "models")  # the derived int8 model
        pgdata = (data_dir / "pgdata").resolve()
        horizon = clean_seconds  # kill moments are drawn over a run's length
        wanted = killed + min(group, kills - first)
        while killed < wanted:
            ended = kill_ingest_at(data_dir, source, batch, rng.uniform(0, horizon))
            if ended is None:
                killed += 1
            else:  # a resumed run is shorter: draw the next moments over its own length
                finished += 1
                horizon = ended
            left = orphans_after_watchdogs(pgdata)
            orphans += len(left)
            for proc in left:  # count it, clear it, go on
                proc.kill()
            psutil.wait_procs(left, timeout=10)
        run_ingest(data_dir, source, batch)
        differing += fingerprint(data_dir) != expected
        shutil.rmtree(data_dir, ignore_errors=True)
    return {
        "kills": kills,
        "killed": killed,
        "runs_ended_before_their_kill": finished,
        "orphans": orphans,
        "groups": -(-kills // group),
        "groups_differing_from_clean": differing,
        "items": len({row[0] for row in expected}),
        "clean_run_seconds": round(clean_seconds, 1),
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _searcher(client: httpx.AsyncClient, log: list[tuple[float, int]]) -> None:
    """Searches back to back (20 ms apart): (when sent, status), 0 for no answer."""
    for query in itertools.cycle(QUERIES):
        began = time.monotonic()
        try:
            status = (await client.post("/api/v1/search", json={"query": query})).status_code
        except httpx.HTTPError:
            status = 0
        log.append((began, status))
        await asyncio.sleep(0.02)


async def _recovery_seconds(
    client: httpx.AsyncClient, pgdata: Path, sig: signal.Signals, log: list[tuple[float, int]]
) -> float:
    """Signal the postmaster; seconds until a new one runs, /readyz answers 200 and a search
    sent after the signal answered 200."""
    old = postmaster_pid(pgdata)
    assert old is not None
    os.kill(old, sig)
    signalled = time.monotonic()
    while time.monotonic() - signalled < 120:
        await asyncio.sleep(0.05)
        if postmaster_pid(pgdata) in (None, old):
            continue
        if (await client.get("/readyz")).status_code != 200:
            continue
        if any(start > signalled and status == 200 for start, status in log):
            return time.monotonic() - signalled
    raise RuntimeError(f"no recovery within 120 s after {sig.name}")


async def _until_ready(client: httpx.AsyncClient, serve: subprocess.Popen[bytes]) -> None:
    for _ in range(900):
        if serve.poll() is not None:
            raise RuntimeError("discovery serve exited")
        try:
            if (await client.get("/readyz")).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        await asyncio.sleep(0.2)
    raise RuntimeError("discovery serve was not ready within 180 s")


async def postmaster_kills(work: Path, rounds: int, searchers: int) -> dict[str, object]:
    data_dir = work / "serve"
    run_ingest(data_dir, subset_file(work / "records.jsonl", 300), 256)
    port = free_port()
    serve = subprocess.Popen(
        cli("serve", "--no-load-demo", "--port", str(port)),
        env=cli_env(data_dir),
        stdout=subprocess.DEVNULL,
        stderr=(work / "serve.log").open("w"),
    )
    pgdata = (data_dir / "pgdata").resolve()
    seconds: dict[str, list[float]] = {"SIGKILL": [], "SIGTERM": []}
    log: list[tuple[float, int]] = []
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            await _until_ready(client, serve)
            tasks = [asyncio.create_task(_searcher(client, log)) for _ in range(searchers)]
            for sig in itertools.islice(itertools.cycle([signal.SIGKILL, signal.SIGTERM]), rounds):
                await asyncio.sleep(2.0)  # steady state first
                seconds[sig.name].append(await _recovery_seconds(client, pgdata, sig, log))
            for task in tasks:
                task.cancel()
    finally:
        serve.send_signal(signal.SIGTERM)
        serve.wait(timeout=60)
    statuses = [status for _, status in log]
    events = (work / "serve.log").read_text()
    return {
        **{f"{name}_recovery_s": [round(s, 2) for s in v] for name, v in seconds.items()},
        "max_recovery_s": round(max(itertools.chain(*seconds.values())), 2),
        "median_recovery_s": round(statistics.median(itertools.chain(*seconds.values())), 2),
        "searches": len(statuses),
        "searches_200": statuses.count(200),
        "searches_503": statuses.count(503),
        "searches_other": len(statuses) - statuses.count(200) - statuses.count(503),
        "db_fault_lines": events.count("event=db_fault"),
        "db_restart_ok_lines": events.count("event=db_restart outcome=ok"),
        "orphans_after_exit": len(orphans_after_watchdogs(pgdata)),
    }


def start_time(work: Path, runs: int) -> dict[str, object]:
    server = EmbeddedPostgres(work / "pgdata")
    server.start()  # initdb and the settings' restart, once
    server.stop()
    starts, stops = [], []
    for _ in range(runs):
        began = time.perf_counter()
        server.start()
        starts.append(time.perf_counter() - began)
        began = time.perf_counter()
        server.stop()
        stops.append(time.perf_counter() - began)
    return {
        "runs": runs,
        "start_median_s": round(statistics.median(starts), 3),
        "start_max_s": round(max(starts), 3),
        "stop_median_s": round(statistics.median(stops), 3),
        "load_average_1min": round(os.getloadavg()[0], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="experiment", required=True)
    kills = sub.add_parser("ingest-kills")
    kills.add_argument("--kills", type=int, default=50)
    kills.add_argument("--group", type=int, default=5, help="kills per fresh data directory")
    kills.add_argument("--rows", type=int, default=600)
    kills.add_argument("--batch-size", type=int, default=64)
    kills.add_argument("--seed", type=int, default=19)
    pm = sub.add_parser("postmaster-kills")
    pm.add_argument("--rounds", type=int, default=10, help="signals, SIGKILL and SIGTERM in turn")
    pm.add_argument("--searchers", type=int, default=2, help="concurrent search loops")
    sub.add_parser("start-time").add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="db-faults-") as tmp:
        work = Path(tmp)
        if args.experiment == "ingest-kills":
            result = ingest_kills(
                work, args.kills, args.group, args.rows, args.batch_size, args.seed
            )
        elif args.experiment == "postmaster-kills":
            result = asyncio.run(postmaster_kills(work, args.rounds, args.searchers))
        else:
            result = start_time(work, args.runs)
    for key, value in result.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
