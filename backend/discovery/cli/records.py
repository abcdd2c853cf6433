"""Records and search hits as the terminal shows them: one block each, its id and its link on
lines of their own, never wrapped or cut, so both can be copied from an 80-column terminal."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.text import Text

from discovery.cli.terminal import console

TITLE_CHARS = 120


@dataclass(frozen=True)
class Shown:
    """What one block shows: rank, title, quiet facts (the similarity last), id, source link."""

    id: str
    title: str
    score: float
    facts: tuple[str, ...] = ()
    link: str = ""


def clip(text: str, limit: int = TITLE_CHARS) -> str:
    """`text` cut on a word at about `limit` characters, with an ellipsis when cut."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0] or text[:limit]
    return cut.rstrip(",;:") + "…"


def print_blocks(rows: Iterable[Shown]) -> None:
    """Numbered blocks in the order given: `n. title`, then the facts, the id and the link,
    indented. The title may wrap; the id and link lines are printed unwrapped (soft wrap),
    whole."""
    for n, row in enumerate(rows, 1):
        head = Text(f"{n:>2}. ", style="bold")
        head.append(clip(row.title) or "(untitled)", style="bold")
        console.print(head)
        facts = [f for f in row.facts if f] + [f"similarity {row.score:.2f}"]
        console.print(Text("    " + " · ".join(facts), style="dim"))
        console.print(Text(f"    id   {row.id}"), soft_wrap=True)
        if row.link:
            console.print(Text(f"    link {row.link}"), soft_wrap=True)
