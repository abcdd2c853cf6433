"""Small text helpers shared by the parsers and the summarizer."""

from __future__ import annotations

import re


def clip(text: str, limit: int) -> str:
    """`text` cut at a word boundary to at most `limit` characters (with an ellipsis if cut)."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    if " " in head[limit // 2 :]:
        head = head.rsplit(" ", 1)[0]
    return head.rstrip(" ,;:.-") + "…"


def humanize(name: str) -> str:
    """`get_stock-priceByDate` -> `get stock price By Date`: words an embedding model knows."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name)
    return re.sub(r"[\s_\-.:/]+", " ", spaced).strip()
