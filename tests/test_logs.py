"""Structured log lines: what users typed only when allowed, secrets only as digests, and the
server's logging setup that lets Discovery's own lines through (the served output itself:
tests/cli/test_serve.py)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from discovery.logs import configure_logging, digest, log_event, show_user_text, user_text


@pytest.fixture
def restored_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    own = logging.getLogger("discovery").level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    logging.getLogger("discovery").setLevel(own)
    show_user_text(False)


def test_hide_user_text_unless_allowed(restored_logging: None) -> None:
    assert user_text("jazz in Pittsburgh") == "<18 chars>"
    show_user_text(True)
    assert user_text("jazz in Pittsburgh") == "jazz in Pittsburgh"
    assert user_text(None) is None


def test_digest_secret_stably_without_revealing_it() -> None:
    assert digest("thread-abc") == digest("thread-abc") != digest("thread-abd")
    assert "thread" not in digest("thread-abc") and len(digest("thread-abc")) == 12


def test_configure_logging_shows_own_events_not_library_chatter(
    restored_logging: None, capsys: pytest.CaptureFixture[str]
) -> None:
    configure_logging("INFO", user_texts=False)
    log_event(logging.getLogger("discovery.agent.service"), "turn", outcome="results")
    logging.getLogger("httpx").info("HTTP Request: GET ...")
    logging.getLogger("httpx").warning("a library warning")
    err = capsys.readouterr().err
    assert "INFO discovery.agent.service: event=turn outcome=results" in err
    assert "HTTP Request" not in err and "a library warning" in err
    assert user_text("hello") == "<5 chars>"


def test_configure_logging_at_warning_hides_info_events(
    restored_logging: None, capsys: pytest.CaptureFixture[str]
) -> None:
    configure_logging("warning", user_texts=True)
    log_event(logging.getLogger("discovery.catalog.ingest"), "ingest_progress", rows=10)
    assert "event=ingest_progress" not in capsys.readouterr().err
    assert user_text("hello") == "hello"
