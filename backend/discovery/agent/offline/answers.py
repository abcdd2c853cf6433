"""The local planner's answer to a catalog question: the figures of `catalog_facts` put into the
templates of `config/catalog_answers.toml` (a count; the top creators; the periods holding most
records with the earliest and latest year)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from discovery.agent.facts_tool import FactsArtifact
from discovery.agent.offline.questions import CatalogQuestion
from discovery.settings import resource

ANSWERS_FILE = resource("config/catalog_answers.toml")
TIED_MAX = 4  # creators named after the first at most, when a tie would cut among them


@cache
def templates(path: Path = ANSWERS_FILE) -> dict[str, str]:
    with path.open("rb") as fh:
        return {k: str(v) for k, v in tomllib.load(fh).items()}


def answer(
    question: CatalogQuestion, artifact: FactsArtifact, first: FactsArtifact | None = None
) -> str:
    """The sentence that states the computed figure for `question`; `first`, the facts asked
    first when `artifact` is about the shown records instead (`offline/shown_facts.py`)."""
    t = templates()
    values = {"what": what(artifact), "total": f"{artifact.total:,}"}
    text = _answer(question, artifact, values)
    if first is not None and first is not artifact and not first.item_ids:
        asked = (first.asked or first.subject).replace('"', "")
        return t["from_shown"].format(asked=asked, answer=text)
    if artifact.replaced and not artifact.unquoted:  # "sax": counted as "saxophone"
        said, mates = ", ".join(artifact.replaced), ", ".join(artifact.replaced.values())
        return t["replaced"].format(said=said, mates=mates, answer=text)
    if artifact.asked:  # relaxed: say which words the figure is about
        relaxed = t["relaxed_phrase" if artifact.unquoted else "relaxed"]
        return relaxed.format(asked=artifact.asked.replace('"', ""), answer=text)
    return text


def _answer(question: CatalogQuestion, artifact: FactsArtifact, values: dict[str, str]) -> str:
    t = templates()
    facts = artifact.facts()
    if question.kind == "count":
        if artifact.item_ids:  # records like a shown one: what was shown, no catalog count
            return t["count_shown"].format(**values)
        if artifact.total == 1:
            values["what"] = what(artifact, single=True)
        return t["count" if artifact.total else "count_none"].format(**values)
    if not artifact.total:
        return t["nothing"].format(**values)
    if artifact.total == 1:  # "the only photograph matching ..." rather than "all 1"
        one = facts.creators[0][0] if facts.creators else t["no_creator"]
        lo, hi = facts.earliest, facts.latest
        year = "unknown" if lo is None else str(lo) if lo == hi else f"between {lo} and {hi}"
        return t["only_one"].format(what=what(artifact, single=True), creator=one, year=year)
    if question.kind == "creator":
        if not facts.creators:
            return t["creator_none"].format(**values)
        (first, first_count), others = facts.creators[0], facts.creators[1:3]
        if first_count == artifact.total and not others:
            return t["creator_all"].format(**values, first=first)
        tied = [name for name, n in facts.creators if n == first_count]
        if len(tied) > 1:  # none stands out: name them all, not "most were made by" one
            listed = sum(n for _, n in facts.creators if n == first_count)
            more = t["creator_more"] if listed < artifact.total else ""
            names = ", ".join(tied[:-1]) + f" and {tied[-1]}"
            return t["creator_tied"].format(
                **values, names=names, first_count=f"{first_count:,}", more=more
            )
        others, cut = _with_ties(facts.creators[1:], others)
        rest = [f"{name} ({n:,})" for name, n in others]
        joined = ", then " + _listed(rest) + (t["creator_more"] if cut else "") if rest else ""
        return t["creator"].format(
            **values, first=first, first_count=f"{first_count:,}", others=joined
        )
    unit, core = question.unit, facts.core(question.unit)
    if unit == "decade" and core and max(core) - min(core) >= 100:
        # most records spread over more than a century: "the 1750s to the 1960s" says less
        # than "the 18th to 20th centuries"
        unit, core = "century", facts.core("century")
    if not core:
        return t["period_none"].format(**values)
    span = _span(min(core), max(core), unit)
    return t["period"].format(**values, span=span, earliest=facts.earliest, latest=facts.latest)


def _with_ties(
    after_first: list[tuple[str, int]], others: list[tuple[str, int]]
) -> tuple[list[tuple[str, int]], bool]:
    """The creators named after the first, and whether creators of the last one's count were
    left out: `others`, or, when the last of them is tied with creators left out, every creator
    of that count too (up to `TIED_MAX` names in all; naming two of five tied makers would pick
    two at random)."""
    if (
        not others
        or len(after_first) <= len(others)
        or after_first[len(others)][1] != others[-1][1]
    ):
        return others, False
    tied = others[-1][1]
    above = [c for c in after_first if c[1] > tied]
    level = [c for c in after_first if c[1] == tied]
    room = max(TIED_MAX - len(above), 0)
    return above + level[:room], len(level) > room


def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" and {parts[-1]}"


def what(artifact: FactsArtifact, single: bool = False) -> str:
    t = templates()
    media = artifact.filters.get("media_type")
    if single:
        kind = str(media) if media else t["record"]
    else:
        kind = _plural(str(media)) if media else t["records"]
    if artifact.item_ids:
        kind = t["shown"].format(kind=kind)
    elif artifact.subject:
        kind = t["subject"].format(kind=kind, subject=artifact.subject.replace('"', ""))
    start, end = artifact.filters.get("year_from"), artifact.filters.get("year_to")
    if start is not None and end is not None:
        kind += f" from {start} to {end}" if start != end else f" from {start}"
    elif start is not None:
        kind += f" from {start} on"
    elif end is not None:
        kind += f" up to {end}"
    return kind


def _span(lo: int, hi: int, unit: str) -> str:
    if unit == "century":
        first, last = _century(lo), _century(hi)
        # "the 16th to 18th centuries": one span, the 17th within it
        return f"the {first} century" if lo == hi else f"the {first} to {last} centuries"
    return f"the {lo}s" if lo == hi else f"the {lo}s to the {hi}s"


def _century(start: int) -> str:
    """1800 -> "19th"; a century before the common era by its number: -2600 -> "26th BCE"."""
    n = start // 100 + 1 if start >= 0 else -start // 100
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}" if start >= 0 else f"{n}{suffix} BCE"


def _plural(word: str) -> str:
    return word if word.endswith(("s", "art", "media")) else word + "s"
