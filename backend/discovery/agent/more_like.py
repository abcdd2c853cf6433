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
record itself is left out of both.

The fused ranking is then ordered the way Lucene's MoreLikeThis query with a "minimum should
match" orders it: the records holding enough of the record's subject words (1 of up to 3, else
a quarter of them, at least 2; `needed_shared`) come first, in fused order, then the others,
those holding more of the words first.
The ids already shown (`exclude_ids`) are left out, except that when fewer than `limit` unseen
records hold enough subject words, the shown ones that do come back after them and before the
records that do not: "more like the third" after five Buddhist deities were shown means the
other Buddhist deities again rather than unrelated prints.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from discovery.agent.offline.terms import stem
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
# Words never about a record: articles, pronouns, numbers, the function words the text index
# does not index (PostgreSQL's English stop list, which the BM25 leg drops) and the prepositions
# and positions that place people in a caption ("some holding books", "standing at bottom of
# staircase", "before crowd"). Without the last two a long title's rarest words were "some",
# "before" or "during". (Not the planner's `catalog_evidence.FUNCTION_WORDS`: that list holds
# request words too, "mine", "look", "show", which a title may be about.)
STOPWORDS = frozenset(
    """
    the and with his her their its that this these those who which what from into onto over
    under for are was were has had have reads read showing shows one two three four five six
    seven eight nine ten
    about above after again against all also any because been before being below between both
    but can did does doing down during each few further here how just more most nor not now off
    once only other our out own same should some such than then there too until very when where
    why will
    behind beside besides beneath near along around across toward towards among within without
    upon top bottom middle side inside outside
    """.split()
)
# Words of portrait titles that say how a record looks, not what it is about (pose, position,
# clothing, size, age, furnishing): never subject words ("wearing light colored jacket", "seated
# on bench", "full length portrait", "hand on back of chair").
APPEARANCE = frozenset(
    """
    portrait portraits posed posing pose standing seated sitting wearing holding gathered group
    interior exterior view light dark colored coloured patterned striped plaid floral checkered
    dress dresses suit suits shirt shirts jacket jackets coat coats tie ties hat hats cap caps
    skirt skirts blouse sweater collar sleeve sleeves sleeved sleeveless button buttons pocket
    belt earrings necklace brooch bracelet gloves shoes trousers eyeglasses glasses hair scarf
    vest pearls corsage ribbon left right center centre foreground background front middle
    including possibly probably unknown another version photograph photographs negative
    full length three-quarter short long young elderly small large back trim pockets waist
    chair chairs table tables door doors window windows floor floors wall walls rug carpet
    sofa bench mirror lamp
    """.split()
)
MAX_WORDS = 6  # the subject text's words at most (the rarest)
POOL = 50  # records read from each ranking before ordering


class DocFreq(Protocol):
    """How many archive records use a word (the agent's term statistics, `TermStats`)."""

    async def ensure(self) -> None: ...

    def doc_freq(self, word: str) -> int: ...


def subject_text(item: ItemDetail, terms: DocFreq | None = None, size: int = 0) -> str:
    """The subject words as a query: of a long title, its `MAX_WORDS` rarest words."""
    found = subject_words(item, terms, size)
    if terms is not None and len(found) > MAX_WORDS:  # the rarest, in the record's order
        rarest = set(sorted(found, key=terms.doc_freq)[:MAX_WORDS])
        found = [w for w in found if w in rarest]
    return " ".join(found[:MAX_WORDS])


def subject_words(item: ItemDetail, terms: DocFreq | None = None, size: int = 0) -> list[str]:
    """The words a person would say the record is about: the words of its title, and of its
    description too when the title gives fewer than two (a bare object name), minus the
    creator's name, digits, short words and (with `terms`) words in more than a tenth of
    the archive's `size` records ("man", "wearing", "portrait"); of a long title, its
    `MAX_WORDS` rarest words."""

    seen: set[str] = set()  # stems: "scout" and "scouts" are one word

    def subject(text: str, skip: set[str]) -> list[str]:
        out = []
        for w in words(text):
            common = terms is not None and size > 0 and terms.doc_freq(w) > COMMON_SHARE * size
            if (
                len(w) > 2
                and not w.isdigit()
                and w not in skip
                and w not in STOPWORDS
                and w not in APPEARANCE
                and not common
                and _stem(w) not in seen
            ):
                seen.add(_stem(w))
                out.append(w)
        return out

    found = subject(item.title, set())
    if len(found) < SHORT_TITLE:
        creator = set(words(str(item.metadata.get("creator") or "")))
        found += subject(item.description, creator)
    return found


def needed_shared(subject: Sequence[str]) -> int:
    """How many subject words a record must hold to count as like the reference: 1 of up to 3,
    else a quarter of them rounded up, at least 2."""
    return 1 if len(subject) <= 3 else max(2, math.ceil(len(subject) / 4))


def shared_words(subject: Sequence[str], hit: ItemHit) -> int:
    """How many of the subject words (by stem) the record's title and description hold."""
    held = {_stem(w) for w in words(f"{hit.title} {hit.description}")}
    return sum(_stem(w) in held for w in subject)


def _stem(word: str) -> str:
    return stem(word.lower().removesuffix("'s"))


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
    excluded = set(list(exclude_ids)[:MAX_EXCLUDED]) - {item_id}
    size = 0
    if terms is not None:
        await terms.ensure()
        size = await search.stats.catalog_size([ItemKind.ARCHIVE.value])
    subject = subject_words(item, terms, size)
    if not subject:  # nothing to match words with: the vector alone, the shown left out
        return await search.search(
            SearchRequest.build(similar_to=item_id, exclude_ids=sorted(excluded), **common)
        )
    common["limit"] = min(100, max(POOL, limit + len(excluded)))
    by_vector = await search.search(SearchRequest.build(similar_to=item_id, **common))
    text = subject_text(item, terms, size)
    by_words = await search.search(SearchRequest.build(query=text, **common))
    fused = _fuse(by_vector.items, [h for h in by_words.items if h.id != item_id])
    hits = like_first(fused, subject, excluded)[:limit]
    return by_vector.model_copy(update={"items": hits})


def like_first(hits: list[ItemHit], subject: Sequence[str], shown: set[str]) -> list[ItemHit]:
    """`hits` (in fused order) with the unseen records holding `needed_shared` subject words
    first, then the shown ones that hold them, then the other unseen ones, those holding more
    of the subject words first (in fused order among the same number: a "Westinghouse High
    School football team" holds two words of "Pittsburgh Cubs football team members ..." and
    goes before a baseball team holding "team" only); the other shown ones are left out."""
    need = needed_shared(subject)
    held = {h.id: min(shared_words(subject, h), need) for h in hits}
    like = [h for h in hits if held[h.id] == need]
    unlike = sorted((h for h in hits if held[h.id] < need and h.id not in shown),
                    key=lambda h: -held[h.id])  # fmt: skip
    fresh = [h for h in like if h.id not in shown]
    return fresh + [h for h in like if h.id in shown] + unlike


def _own_media(item: ItemDetail) -> list[str]:
    media = str(item.metadata.get("media_type") or "").strip().lower()
    return [media] if media else []


def _fuse(first: list[ItemHit], second: list[ItemHit]) -> list[ItemHit]:
    by_id = {h.id: h for h in second} | {h.id: h for h in first}
    fused = reciprocal_rank_fusion(
        [[h.id for h in first], [h.id for h in second]], k=FUSION_K, weights=WEIGHTS
    )
    return [by_id[str(key)] for key, _ in fused]
