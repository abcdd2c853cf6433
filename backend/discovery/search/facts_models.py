"""What a facts query asks (`FactsQuery`: a subject and filters, or item ids) and what it
answers (`ArchiveFacts`: the count, the top creators, the records per decade and century, the
words it held and let go); computed by `facts.archive_facts`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

MAX_IDS = 1000  # item ids a facts query may name


@dataclass(frozen=True)
class FactsQuery:
    """Which records: a subject (words that must all occur) with filters, or item ids."""

    subject: str = ""
    media_types: list[str] | None = None
    date_from: int | None = None
    date_to: int | None = None
    item_ids: list[str] | None = None

    def __post_init__(self) -> None:
        start, end = self.date_from, self.date_to
        if start is not None and end is not None and start > end:
            raise ValueError("date_from must not be after date_to")
        if self.item_ids is not None and len(self.item_ids) > MAX_IDS:
            raise ValueError(f"at most {MAX_IDS} item ids")


@dataclass(frozen=True)
class ArchiveFacts:
    total: int
    creators: list[tuple[str, int]] = field(default_factory=list)
    """The most frequent creators, most first (a `;`-separated creator field counts each)."""
    decades: list[tuple[int, int]] = field(default_factory=list)
    """(first year of the decade, records), in time order."""
    century_counts: list[tuple[int, int]] = field(default_factory=list)
    """(the century's start as `1700` for the 18th, 1701 to 1800; records), in time order;
    empty when not counted (then `centuries` groups the decades)."""
    earliest: int | None = None
    latest: int | None = None
    undated: int = 0
    matched_words: list[str] = field(default_factory=list)
    """The subject words every counted record holds (fewer than the subject's when relaxed)."""
    dropped_words: list[str] = field(default_factory=list)
    """The subject words relaxed away (the commonest first), none when every word held."""
    unquoted: bool = False
    """Whether the subject's "quoted phrases" were counted as words (no record holds them)."""
    replaced_words: dict[str, str] = field(default_factory=dict)
    """Subject words the catalog never uses, counted as its own word for them ("sax":
    "saxophone"; `synonyms.catalog_synonyms`)."""

    @property
    def centuries(self) -> list[tuple[int, int]]:
        """(the century's start, `1700` for the 18th; records), in time order."""
        if self.century_counts:
            return list(self.century_counts)
        counts: Counter[int] = Counter()
        for decade, n in self.decades:
            counts[decade // 100 * 100] += n
        return sorted(counts.items())

    def core(self, unit: str = "decade", share: float = 0.8) -> list[int]:
        """The fewest periods (`decade` or `century`) holding `share` of the dated records,
        in time order: the periods an answer "mostly from ..." names."""
        periods = self.decades if unit == "decade" else self.centuries
        dated = sum(n for _, n in periods)
        kept, held = [], 0
        for start, n in sorted(periods, key=lambda p: (-p[1], p[0])):
            if held >= share * dated:
                break
            kept.append(start)
            held += n
        return sorted(kept)

    def as_dict(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "creators": [{"name": c, "count": n} for c, n in self.creators],
            "decades": [{"start": d, "count": n} for d, n in self.decades],
            "centuries": [{"start": c, "count": n} for c, n in self.centuries],
            "earliest": self.earliest,
            "latest": self.latest,
            "undated": self.undated,
            "matched_words": self.matched_words,
            "dropped_words": self.dropped_words,
            "unquoted": self.unquoted,
            "replaced_words": self.replaced_words,
        }
