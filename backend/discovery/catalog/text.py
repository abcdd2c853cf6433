"""Small text helpers shared by the parsers and the summarizer."""

from __future__ import annotations


def clip(text: str, limit: int) -> str:
    """`text` cut at a word boundary to at most `limit` characters (with an ellipsis if cut)."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    if " " in head[limit // 2 :]:
        head = head.rsplit(" ", 1)[0]
    return head.rstrip(" ,;:.-") + "…"
