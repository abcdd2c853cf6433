"""The closest records: what a turn shows when every attempt was rejected.

A heuristic stand-in for an LLM's judgement, not a language model. The lexical grader rejects
good records too (a caption phrase whose known item is the first record, judged doubtful
because few of the first five hold the request's rarest word), and the person then got a
message and nothing. Search products answer "nothing matched well; here are the closest
records" when there is evidence that they are close. The evidence measured over the turns
whose attempts were all rejected (`scripts/closest_signals.py`, docs/agent-evaluation.md):

- `cover_top`: the share of the request's key words, weighted by rarity (IDF), that the first
  record holds in its title or description;
- `cover_best`: the same, the most any of the first five records holds;
- `top_score`: the first record's similarity; `text_top3`: whether the BM25 ranking found one
  of the first three (hybrid search), `text_only_top3`: how many of them it alone found;
- `support`: the grader's own share (`LexicalGrader.support`).

`ClosestRecords.close` is the rule chosen on the tune splits: the two rankings of hybrid search
agree on the first records (the BM25 ranking found one of the first three, and at most one of
them was found by it alone) and the first record is near the query (similarity at least
`min_score`). The coverage of the request's words did not separate anything: a rejected attempt
holds none of its key words in the first records by the grader's own rule, and none of the
relevant ones did. The records shown are the first attempt's (the request as written): on the
tune turns it was the relevant one whenever a later attempt was, with the higher nDCG@10.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

from discovery.agent.offline.lexical import KeyTerms, LexicalGrader, asked_words, record_stems
from discovery.agent.responses import ArchiveRecord

TOP = 5  # the records a person reads first
MIN_SCORE = 0.48  # the first record's similarity, when the two rankings agree


@dataclass(frozen=True)
class ClosestEvidence:
    """What the first records of one attempt show about the request."""

    count: int
    top_score: float  # the first record's similarity
    cover_top: float | None  # share of the request's IDF the first record holds (None: no key)
    cover_best: float | None  # the most any of the first `TOP` records holds
    keys: int  # how many key words the request has
    text_top3: bool  # the BM25 ranking found one of the first three (hybrid only)
    text_only_top3: int  # of the first three, those only the BM25 ranking found
    support: float | None  # the grader's share of supported records


class ClosestRecords:
    def __init__(self, keys: KeyTerms, min_score: float = MIN_SCORE) -> None:
        self.keys, self.min_score = keys, min_score
        self.grader = LexicalGrader(keys)

    def evidence(
        self,
        request: str,
        query: str,
        records: list[ArchiveRecord],
        text_matched: bool | None = None,
        text_only: Collection[str] = (),
    ) -> ClosestEvidence:
        keys = self.keys.of(asked_words(request, query))
        shares = [self._cover(keys, r) for r in records[:TOP]] if keys else []
        return ClosestEvidence(
            count=len(records),
            top_score=records[0].score if records else 0.0,
            cover_top=shares[0] if shares else None,
            cover_best=max(shares) if shares else None,
            keys=len(keys),
            text_top3=bool(text_matched),
            text_only_top3=sum(r.id in text_only for r in records[:3]),
            support=self.grader.support(request, query, records, text_only) if records else None,
        )

    def close(self, evidence: ClosestEvidence) -> bool:
        """Whether the records are close enough to be shown as the closest ones: both rankings
        hold up the first records, and the first one is near the query."""
        return (
            evidence.count > 0
            and evidence.text_top3
            and evidence.text_only_top3 <= 1
            and evidence.top_score >= self.min_score
        )

    def _cover(self, keys: list[set[str]], record: ArchiveRecord) -> float:
        held = record_stems(record.title, record.description)
        weights = [self._idf(k) for k in keys]
        total = sum(weights) or 1.0
        return sum(w for k, w in zip(keys, weights, strict=True) if k & held) / total

    def _idf(self, forms: set[str]) -> float:
        terms = self.keys.terms
        df = max(min(terms.stem_freq(f) for f in forms), 1)
        return math.log(max(terms.largest(), df) / df) + 1.0
