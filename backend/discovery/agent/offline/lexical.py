"""Lexical evidence: does a record mention the request's key words? Two offline heuristics
(not language models) use it.

- `LexicalReranker`: the embedding model scores near-misses highly ("barbershop" finds a beauty
  salon at 0.45), so the search tool takes the 40 nearest records and orders them by
  similarity + 0.1 x the share of the query's key words each record contains.
- `CoverageReranker`, its form over hybrid search (the archive default): the fused ranking's
  first 30 records, ordered by 1 / (rank + 10) + 0.1 x the IDF-weighted share of the query's key
  words each record's title and description hold. Hybrid's BM25 leg weighs words already, but
  by record, and a short title holding one common word ("(Downtown: People Boarding Hamilton
  Trolley)" for "people standing in a doorway at home") can outrank a caption holding the rare
  ones; the reranker moves the records that hold more of what was asked up.
- `LexicalGrader`: the offline stand-in for the LLM relevance grader. It judges a result set
  irrelevant when none of the query's key words appears in any of the top three records and at
  least two of them have a title that says what they show (`describes`), which sends the turn
  to refinement. The catalog's descriptions are boilerplate (maker, date, medium), so a record
  titled only by name ("Sailing", "The Sleeve") cannot be held against the request's words.

Key words: content words of the query that the archive uses at all (or a curated synonym of
theirs), compared by English stem; general words ("people", "photos") and media or period words
are left out. Words the archive never uses cannot be checked; with no key word left, the reranker
keeps the similarity order and the grader accepts, unless the query has no word the archive
uses at all ("qwzx plorkh"): then nothing supports the records and they are judged irrelevant.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence

from discovery.agent.offline.media_types import MEDIA_WORDS
from discovery.agent.offline.periods import DECADE_WORDS, OPEN_WORDS, century_word, era_period
from discovery.agent.offline.querying import (
    GENERIC_WORDS,
    RECORD_WORDS,
    content_words,
    kept_to_only,
    without_lead,
    write_query,
)
from discovery.agent.offline.terms import TermStats, spelling_variants, stem, stems
from discovery.agent.offline.turn_phrases import without_pointer_phrase
from discovery.agent.planning import words
from discovery.agent.responses import ArchiveRecord
from discovery.search import everyday_words, word_forms
from discovery.search import synonyms as thesaurus

GRADE_TOP = 3
RERANK_WEIGHT = 0.1
RERANK_POOL = 40
COVERAGE_WEIGHT = 0.1  # the coverage reranker's weight of the share held
COVERAGE_POOL = 30  # ... the fused records it re-orders
RANK_OFFSET = 10  # ... and the fused order's own part, 1 / (rank + RANK_OFFSET)
TITLE_WORDS = 3  # content words of a title that describes its record
CHECKABLE = 2  # of the first GRADE_TOP records, how many must describe themselves to be judged
SUPPORT_TOP = 5  # the records whose support is measured (as a person reads the first five)
SUPPORT_CHECKABLE = 3  # of those, how many must describe themselves to measure it
COMMON_RATIO = 20  # a key word this many times as frequent as the rarest one is no evidence


class KeyTerms:
    def __init__(self, terms: TermStats, synonyms: dict[str, list[str]]) -> None:
        self.terms, self.synonyms = terms, synonyms
        self._phrase_keys = [k for k in synonyms if " " in k]  # keys of several words

    @staticmethod
    def specific_words(query: str) -> list[str]:
        """Content words that say what the request is about (not its type or period, nor the
        word it points at the records shown with: "from that batch")."""
        said = content_words(without_pointer_phrase(query))
        bare = (w.removesuffix("'s") for w in said)  # "women's" is "women"
        return [
            w
            for w in bare
            if w not in GENERIC_WORDS
            and w not in RECORD_WORDS  # "pieces from the Progressive Era"
            and w not in MEDIA_WORDS
            and w not in OPEN_WORDS  # "before 1850" is a period, not a subject
            and not era_period(w)  # "medieval objects": the years are the filter
            and w not in DECADE_WORDS  # "the fifties ones"
            and not century_word(w)  # "nineteenth-century prints"
            and not any(c.isdigit() for c in w)
        ]

    def of(self, query: str, searched: str = "") -> list[set[str]]:
        """For each checkable key word of the query, the stems that would support it. A
        phrase the synonyms know ("united kingdom") is one key, held by any of its forms
        ("British"), not two keys that records naming the country by its adjective lack.
        The everyday words' list gives the catalog's word for one ("woman" for "lady"). A word
        of the `searched` query that is a WordNet synonym of a key word (the catalog's
        word a refinement added, `word_senses.py`: "congregation" for "faithful") holds that
        key too."""
        out = []
        phrases = self._phrases(query)
        taken = {w for phrase in phrases for w in phrase.split()}
        keys = [*phrases, *(w for w in self.specific_words(query) if w not in taken)]
        added = set(words(searched)) - set(words(query))
        for key in keys:
            forms = [key, *stand_ins(key, self.synonyms), *_mates_in(key, added)]
            known = {stem(f.split()[-1]) for f in forms if self.terms.doc_freq(f.split()[-1]) > 0}
            if not known:  # the catalog may spell it otherwise ("moustache" for "mustaches")
                variants = spelling_variants(stem(key.split()[-1]))
                known = {v for v in variants if self.terms.stem_freq(v) > 0}
            if known:
                out.append(known)
        return out

    def _phrases(self, query: str) -> list[str]:
        """The synonyms' phrases (keys of several words) the query holds, word for word."""
        text = f" {' '.join(words(query))} "
        return [k for k in self._phrase_keys if f" {k} " in text]


def stand_ins(word: str, synonyms: Mapping[str, Sequence[str]]) -> list[str]:
    """The catalog's words for `word`: the domain's `synonyms` of it ("army" for "soldier"),
    then those the everyday words' list gives, in both numbers ("woman" and "women" for
    "lady"). What holds a word, for the grader's key words and a narrowing's required ones."""
    meant = everyday_words.meanings(word)
    return [*synonyms.get(word, []), *(f for m in meant for f in word_forms.forms(m))]


def _mates_in(key: str, added: set[str]) -> list[str]:
    """The words of `added` that WordNet gives as synonyms of `key` (one word)."""
    if not added or " " in key:
        return []
    return [w for sense in thesaurus.senses(key) for w in sense if w in added]


def record_stems(title: str, description: str) -> set[str]:
    return stems(f"{title} {description}")


def describes(record: ArchiveRecord) -> bool:
    """Whether the record's title says what it shows ("Marching band in parade honoring
    Pittsburgh Pirates"), not only names it ("Sailing", "The Sleeve", "Coffeepot"): the
    descriptions are boilerplate (maker, date, medium), so only such a title can show that a
    record lacks the request's words."""
    return len(content_words(record.title)) >= TITLE_WORDS


def asked_words(request: str, query: str) -> str:
    """What the records are judged against: the person's own words as the query writer reads
    them, or the query when those share no content word with it (a follow-up that lifts a
    filter, "actually any decade is fine", searches the thread's subject, not its words). The
    words a follow-up opens with ("ok, back to the photos:") are not the request's, nor those
    it narrows with ("narrow it to the 1950s": "only the 1950s", `kept_to_only`)."""
    asked = write_query(kept_to_only(without_lead(request))) or query
    if content_words(query) and not set(content_words(asked)) & set(content_words(query)):
        return query
    return asked


class LexicalReranker:
    def __init__(self, keys: KeyTerms, weight: float = RERANK_WEIGHT, pool: int = RERANK_POOL):
        self.keys, self.weight, self.pool = keys, weight, pool

    async def rerank(self, query: str, records: list[ArchiveRecord]) -> list[ArchiveRecord]:
        await self.keys.terms.ensure()
        keys = self.keys.of(query)
        if not keys:
            return records

        def score(record: ArchiveRecord) -> float:
            found = record_stems(record.title, record.description)
            return record.score + self.weight * sum(bool(k & found) for k in keys) / len(keys)

        return sorted(records, key=score, reverse=True)


class CoverageReranker:
    """Over hybrid search: the fused order kept as a prior, records holding more of the query's
    rare key words moved up. A key weighs its IDF in the catalog (its forms' records counted
    together); with no key word the order is kept."""

    def __init__(
        self,
        keys: KeyTerms,
        weight: float = COVERAGE_WEIGHT,
        pool: int = COVERAGE_POOL,
        offset: int = RANK_OFFSET,
    ) -> None:
        self.keys, self.weight, self.pool, self.offset = keys, weight, pool, offset

    async def rerank(self, query: str, records: list[ArchiveRecord]) -> list[ArchiveRecord]:
        await self.keys.terms.ensure()
        keys = self.keys.of(query)
        if not keys:
            return records
        terms, total = self.keys.terms, self.keys.terms.largest()
        weights = [math.log(1 + total / (1 + sum(terms.stem_freq(f) for f in k))) for k in keys]
        whole = sum(weights)

        def score(ranked: tuple[int, ArchiveRecord]) -> float:
            rank, record = ranked
            found = record_stems(record.title, record.description)
            held = sum(w for key, w in zip(keys, weights, strict=True) if key & found)
            return 1 / (rank + self.offset) + self.weight * held / whole

        return [r for _, r in sorted(enumerate(records), key=score, reverse=True)]


class LexicalGrader:
    def __init__(self, keys: KeyTerms) -> None:
        self.keys = keys

    def grade(self, request: str, query: str, records: list[ArchiveRecord]) -> bool:
        """Judged on the person's own words (the request as the query writer reads it), not on
        the refined query: words added by refinement cannot vouch for the records."""
        asked = asked_words(request, query)
        keys = self.keys.of(asked, query)
        if not keys:  # nothing to check; unless no word at all is one the archive uses
            specific = self.keys.specific_words(asked)
            return not specific or any(self.keys.terms.doc_freq(w) > 0 for w in specific)
        top = records[:GRADE_TOP]
        seen: set[str] = set()
        for record in top:
            seen |= record_stems(record.title, record.description)
        if any(forms & seen for forms in keys):
            return True
        # No key word in the first records: evidence against them only if their titles say
        # what they show (the catalog's descriptions are boilerplate: maker, date, medium).
        return sum(describes(r) for r in top) < min(CHECKABLE, len(top))

    async def agrade(self, request: str, query: str, records: list[ArchiveRecord]) -> bool:
        await self.keys.terms.ensure()
        return self.grade(request, query, records)

    def support(
        self,
        request: str,
        query: str,
        records: list[ArchiveRecord],
        text_only: Collection[str] = (),
    ) -> float | None:
        """The share of the first records that describe themselves and hold one of the
        request's key words (or a synonym), leaving out key words the catalog uses more than
        `COMMON_RATIO` times as often as the request's rarest one (the "black" of "black
        airmen or pilots like the tuskegee airmen" is in most descriptions: "Black and white
        film"): "tuskegee airmen portraits" answered by one Tuskegee airman among singers and
        girls' portraits has a share of 1/4. One key word in one record is all `grade` asks;
        this is the evidence a person reading five records would see. Two more kinds of
        evidence make the share 0, whatever the titles:
        - none of the first `SUPPORT_TOP` records holds any of those key words, not even in
          its description ("abstract paintings" answered by "White Painting", "The Sleeve":
          the catalog has abstract paintings, the words matched were "painting");
        - the two rankings disagree (`partial_matches`): most of the first records were found
          by the text ranking alone, on part of the request's words ("school kids" answered
          by "Bound Kid" and a boxer nicknamed "Kid", which the dense ranking did not rank).
        None when there is no key word, or too few records describe themselves (and some
        record holds a key word)."""
        keys = self.keys.of(asked_words(request, query), query)
        if not keys or not records:
            return None
        terms = self.keys.terms

        def freq(forms: set[str]) -> int:
            return min(terms.stem_freq(f) for f in forms)

        rarest = min(freq(k) for k in keys)
        forms = set().union(*(k for k in keys if freq(k) <= COMMON_RATIO * max(rarest, 1)))
        first = records[:SUPPORT_TOP]
        if not any(forms & record_stems(r.title, r.description) for r in first):
            return 0.0
        if partial_matches(keys, records[:GRADE_TOP], text_only) >= CHECKABLE:
            return 0.0
        described = [r for r in first if describes(r)]
        if len(described) < SUPPORT_CHECKABLE:
            return None
        held = sum(bool(forms & record_stems(r.title, r.description)) for r in described)
        return held / len(described)


def partial_matches(
    keys: list[set[str]], records: list[ArchiveRecord], text_only: Collection[str]
) -> int:
    """How many of `records` only the text ranking found (`text_only`: the dense ranking did
    not rank them) while holding at most half of the request's key words (two or more): the
    BM25 leg of hybrid search ranks a record high for one rare word of the request, and the
    dense ranking's silence says the record is not about the rest."""
    if len(keys) < 2:
        return 0
    count = 0
    for r in records:
        if r.id in text_only:
            found = record_stems(r.title, r.description)
            count += sum(bool(k & found) for k in keys) * 2 <= len(keys)
    return count
