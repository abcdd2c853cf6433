"""Structured logs: one event name and key=value fields, readable in a terminal and parseable
(the fields also travel in the record's `fields` attribute for JSON handlers)."""

from __future__ import annotations

import json
import logging
from typing import Any


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
