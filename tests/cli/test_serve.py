"""`discovery serve` as a person runs it: embedded database, real HTTP, then Ctrl-C."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

pytestmark = pytest.mark.integration


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


QUESTION = "do you have photos of zebra crossings in Oslo"


def test_serve_answers_logs_then_ctrl_c_stops_the_embedded_server(tmp_path: Path) -> None:
    """Also: its output has the `event=` lines of a turn, without what the person typed."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["DISCOVERY_DATA_DIR"] = str(tmp_path / "data")
    proc = subprocess.Popen(
        [sys.executable, "-m", "discovery.cli", "serve", "--port", str(port), "--no-load-demo"],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180  # a loaded CI machine starts slowly
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.3)
        else:
            pytest.fail("the server did not become ready")
        found = httpx.post(f"{base}/api/v1/search", json={"query": "jazz"}, timeout=10)
        assert found.status_code == 200
        assert found.json()["tools"] == []  # an empty catalog answers, it does not fail
        assert httpx.post(f"{base}/api/v1/search", json={"query": ""}).status_code == 400
        turn = httpx.post(f"{base}/api/ai-search", json={"query": QUESTION}, timeout=60)
        assert turn.status_code == 200
        assert turn.headers["x-frame-options"] == "DENY"
        postmaster = int((tmp_path / "data" / "pgdata" / "postmaster.pid").read_text().split()[0])
        assert _alive(postmaster)
    finally:
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=60)
    assert f"http://127.0.0.1:{port}" in stderr  # the URL is printed
    lines = stderr.splitlines()
    turns = [line for line in lines if "event=turn " in line]
    assert len(turns) == 1, stderr
    assert "outcome=" in turns[0] and "latency_ms=" in turns[0] and "intent=" in turns[0]
    assert any("event=intent " in line for line in lines)
    assert QUESTION not in stderr and "zebra" not in stderr
    deadline = time.monotonic() + 30
    while _alive(postmaster) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _alive(postmaster)
