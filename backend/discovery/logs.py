"""Structured logs: one event name and key=value fields, readable in a terminal and parseable
(the fields also travel in the record's `fields` attribute for JSON handlers).

What users typed goes into a line only through `user_text`, which gives its length unless
DISCOVERY_LOG_USER_TEXT is set; secrets (API keys, thread ids) go in only as `digest`s."""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_show_user_text = False


def _value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4f}"
    if isinstance(value, str) and (not value or any(c in value for c in ' "=')):
        return json.dumps(value)
    return str(value)


def log_event(logger: logging.Logger, event: str, level: int = logging.INFO, **fields: Any) -> None:
    if logger.isEnabledFor(level):
        text = " ".join(f"{k}={_value(v)}" for k, v in fields.items())
        logger.log(level, "event=%s %s", event, text, extra={"fields": {"event": event, **fields}})


def show_user_text(on: bool) -> None:
    """Whether `user_text` gives the text itself (DISCOVERY_LOG_USER_TEXT)."""
    global _show_user_text
    _show_user_text = on


def user_text(text: str | None) -> str | None:
    """A query or message as it may be logged: itself when allowed, else only its length."""
    if text is None or _show_user_text:
        return text
    return f"<{len(text)} chars>"


def digest(secret: str) -> str:
    """A short stable digest: the same thread or key is recognisable across lines, not usable."""
    return hashlib.sha256(secret.encode()).hexdigest()[:12]


def configure_logging(level: str = "INFO", user_texts: bool = False) -> None:
    """The server's logging: warnings and errors of every library on stderr, with time, and
    Discovery's own lines (`event=...`) from `level` up."""
    logging.basicConfig(level=logging.WARNING, format=FORMAT, force=True)
    logging.getLogger("discovery").setLevel(level.upper())
    show_user_text(user_texts)
