"""Stops the embedded server when the process that holds it dies without cleaning up.

Run as ``python -m discovery.db.watchdog PGDATA PID`` with a pipe on stdin, started by the
holder *before* it starts or joins the server, so that its death at any later moment is seen
here. The holder writes ``RELEASED`` to the pipe when it let go of the server itself
(``EmbeddedPostgres.stop``); any other end of the pipe (SIGKILL, a crash, a kill halfway through
starting) means it died holding it, or about to hold it.

Then, under pgserver's lock (so nobody joins or leaves meanwhile), the holder is dropped from
the holders' list explicitly, not by asking whether its pid is alive: its pipe closes while the
kernel is still tearing the process down, and a dead holder that still looked alive was how a
server was orphaned with the dead pid left in the list. With no other live holder, whatever runs
on the data directory is stopped, a start the holder left halfway (pg_ctl, initdb) included.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

from discovery.db.postmaster import live_holders, server_lock, stop_server

RELEASED = b"released\n"


def release(pgdata: Path, holder: int) -> bool:
    """Drop a dead holder; stop the server when nobody else holds it. True when it stopped it."""
    with server_lock():
        if live_holders(pgdata, gone=(holder,)):
            return False
        stop_server(pgdata)
        return True


def main(pgdata: Path, holder: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    said = sys.stdin.buffer.read()  # blocks until the holder's end of the pipe closes
    if said == RELEASED:
        return
    release(pgdata, holder)


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
