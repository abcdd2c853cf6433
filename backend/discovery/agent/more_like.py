"""More like a shown record, for the agent's search tool: the record's own vector AND its own words.

The engine's `similar_to` ranks by the record's stored vector alone. Over the demo archive that
found records near in the embedding but about something else ("Teapot" gave a tea caddy and a
teakettle stand; a Boy Scout with a newspaper gave boys in suits), while a person asking for
"more like the second one" means records about the same things. So the tool fuses two rankings
by reciprocal rank: the vector neighbours and the archive's default (hybrid) search for the
record's subject text, its title, plus its description when the title names only an object
("Teapot": then its material and parts), the creator's name left out. Lucene's MoreLikeThis is
the term half of this. Both rankings keep the turn's filters and, when the turn sets no media
type, the record's own (more like a teapot means decorative art, not photographs of tea); the
record itself and the excluded ids are left out of both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from discovery.agent.planning import words
from discovery.db import ItemKind
from discovery.search.fusion import reciprocal_rank_fusion
from discovery.search.models import MAX_EXCLUDED, SearchRequest
from discovery.search.results import ItemHit, SearchResponse
from discovery.search.service import SearchService
from discovery.search.similar import ItemDetail

FUSION_K = 10  # the two rankings are fused with weight / (FUSION_K + rank)
WEIGHTS = (0.5, 1.0)  # the vector ranking, the subject-text ranking (chosen on tune)
SHORT_TITLE = 2  # a title with fewer subject words than this names an object only
COMMON_SHARE = 0.10  # a word in more than this share of the archive's records is no subject
STOPWORDS = frozenset(
    "the and with his her their its that this these those who which what from into onto over "
    "under for are was were has had have reads read showing shows".split()
)
MAX_WORDS = 6  # the subject text's words at most (the rarest)


class DocFreq(Protocol):
    """How many archive records use a word (the agent's term statistics, `TermStats`)."""

    async def ensure(self) -> None: ...

    def doc_freq(self, word: str) -> int: ...


def subject_text(item: ItemDetail, terms: DocFreq | None = None, size: int = 0) -> str:
    """The words a person would say the record is about: the words of its title, and of its
    description too when the title gives fewer than two (a bare object name), minus the
    creator's name, digits, short words and (with `terms`) words in more than a tenth of
    the archive's `size` records ("man", "wearing", "portrait"); of a long title, its
    `MAX_WORDS` rarest words."""

    def subject(text: str, skip: set[str]) -> list[str]:
        out = []
        for w in words(text):
            common = terms is not None and size > 0 and terms.doc_freq(w) > COMMON_SHARE * size
            if (
                len(w) > 2
                and not w.isdigit()
                and w not in skip
                and w not in STOPWORDS
                and not common
                and w not in out
            ):
                out.append(w)
        return out

    found = subject(item.title, set())
    if len(found) < SHORT_TITLE:
        creator = set(words(str(item.metadata.get("creator") or "")))
        found += [w for w in subject(item.description, creator) if w not in found]
    if terms is not None and len(found) > MAX_WORDS:  # the rarest, in the record's order
        rarest = set(sorted(found, key=terms.doc_freq)[:MAX_WORDS])
        found = [w for w in found if w in rarest]
    return " ".join(found[:MAX_WORDS])


async def more_like(
    search: SearchService,
    item_id: str,
    *,
    limit: int,
    threshold: float,
    media_types: Sequence[str] | None,
    year_from: int | None,
    year_to: int | None,
    exclude_ids: Sequence[str] = (),
    terms: DocFreq | None = None,
) -> SearchResponse:
    """The records most like `item_id`: its vector neighbours and a search of its subject text,
    fused. Raises `UnknownItem` for an id the catalog does not hold."""
    item = await search.similar.item(item_id)
    media = list(media_types or []) or _own_media(item)
    common = {
        "item_type": ItemKind.ARCHIVE,
        "limit": limit,
        "tool_threshold": threshold,
        "media_types": media or None,
        "date_from": year_from,
        "date_to": year_to,
    }
    excluded = list(exclude_ids)[:MAX_EXCLUDED]
    by_vector = await search.search(
        SearchRequest.build(similar_to=item_id, exclude_ids=excluded, **common)
    )
    size = 0
    if terms is not None:
        await terms.ensure()
        size = await search.stats.catalog_size([ItemKind.ARCHIVE.value])
    text = subject_text(item, terms, size)
    if not text:
        return by_vector
    skip = {item_id, *excluded}
    common["limit"] = min(100, limit + len(skip))
    by_words = await search.search(SearchRequest.build(query=text, **common))
    hits = _fuse(by_vector.items, [h for h in by_words.items if h.id not in skip], limit)
    return by_vector.model_copy(update={"items": hits})


def _own_media(item: ItemDetail) -> list[str]:
    media = str(item.metadata.get("media_type") or "").strip().lower()
    return [media] if media else []


def _fuse(first: list[ItemHit], second: list[ItemHit], limit: int) -> list[ItemHit]:
    by_id = {h.id: h for h in second} | {h.id: h for h in first}
    fused = reciprocal_rank_fusion(
        [[h.id for h in first], [h.id for h in second]], k=FUSION_K, weights=WEIGHTS
    )
    return [by_id[str(key)] for key, _ in fused[:limit]]
