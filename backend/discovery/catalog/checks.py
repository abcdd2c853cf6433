"""What the catalog refuses to store: the checks every `CatalogItem` passes on construction, so
that nothing PostgreSQL would reject (or that is junk) ever reaches a batch.

A value is refused when it holds, anywhere (nested metadata included):
- a NUL character (PostgreSQL text and jsonb cannot hold one);
- a lone UTF-16 surrogate (a JSON `"\\ud800"` escape, or undecodable bytes read leniently):
  not Unicode text, it cannot be encoded as UTF-8;
- another C0 control character than tab, line feed and carriage return (binary data);
- a number that is not finite (JSON `NaN`, `Infinity`), which jsonb cannot hold;
- nesting deeper than `MAX_DEPTH` levels;
and a field is refused when it is longer than its limit in `FIELD_LIMITS` (the metadata as
compact JSON against `METADATA_LIMIT`).
"""

from __future__ import annotations

import math
import re
from typing import Any

from discovery.text import UNSTORABLE

FIELD_LIMITS = {
    "id": 1_000,
    "name": 1_000,
    "title": 2_000,
    "description": 50_000,
    "summary": 50_000,
    "embedding_text": 10_000,
}
METADATA_LIMIT = 1_000_000
MAX_DEPTH = 64

# What no stored text can hold (shared with the requests' check), and the other C0 controls.
_BAD_CHAR = re.compile(f"[{UNSTORABLE}\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f]")


def text_problem(text: str) -> str | None:
    """Why `text` cannot be stored, or None."""
    found = _BAD_CHAR.search(text)
    if found is None:
        return None
    char, at = found.group(), found.start() + 1
    code = ord(char)
    if code == 0:
        return f"a NUL character at position {at}"
    if 0xDC80 <= code <= 0xDCFF:
        return f"invalid UTF-8 (byte 0x{code - 0xDC00:02x}) or a lone surrogate at position {at}"
    if code >= 0xD800:
        return f"a lone UTF-16 surrogate (U+{code:04X}) at position {at}"
    return f"a control character (U+{code:04X}) at position {at}: binary data?"


def value_problem(value: Any, where: str, depth: int = 0) -> str | None:
    """Why a JSON-like value cannot be stored (`where` names it in the message), or None."""
    if depth > MAX_DEPTH:
        return f"{where}: nested more than {MAX_DEPTH} levels deep"
    if isinstance(value, str):
        problem = text_problem(value)
        return f"{where}: {problem}" if problem else None
    if isinstance(value, float) and not math.isfinite(value):
        return f"{where}: {value} is not a finite number"
    deep = len(where) > 80  # keep the message short: name the first levels only
    if isinstance(value, dict):
        for key, item in value.items():
            label = where if deep or not isinstance(key, str) else f"{where}.{key}"
            if isinstance(key, str) and (problem := text_problem(key)):
                return f"{where}: a key holds {problem}"
            if problem := value_problem(item, label, depth + 1):
                return problem
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            label = where if deep else f"{where}[{index}]"
            if problem := value_problem(item, label, depth + 1):
                return problem
    return None


def field_problem(field: str, text: str) -> str | None:
    """Why the item field `field` cannot be stored (too long, or bad text), or None."""
    limit = FIELD_LIMITS.get(field)
    if limit is not None and len(text) > limit:
        return f"{field} is {len(text):,} characters long; at most {limit:,}"
    problem = text_problem(text)
    return f"{field}: {problem}" if problem else None
