"""Rescue by evidence: a second look at a first attempt the grader accepted.

A heuristic stand-in for an LLM judging and rewriting a search, not a language model. The
lexical grader passes nearly every failed first attempt (its records hold a key word of the
request but are about something else), so the refinement loop never runs on them. Measured
over the first attempts of the judged sets (`scripts/rescue_signals.py`,
docs/agent-evaluation.md), two kinds of evidence point at such a failure, and each comes with
the alternative that fixes it:

- **The rankings disagree.** The first five records hold, on average, less than
  `SUSPECT_COVERAGE` of the request's words (weighted by rarity, IDF), and hybrid search let
  the text ranking hold up records that share a word with the request but are far from it in
  meaning: the first five records of the same query on the dense ranking alone are clearly
  nearer to it (mean similarity higher by `MIN_GAIN` or more) while holding about as much of
  the request's words (coverage no lower by more than `MAX_COVER_LOSS`). Then the dense
  ranking is shown.
- **A name the person wrote is missing.** A run of capitalized words that says what
  the records should show ("photographs of Central Baptist Church", "what you have from the
  Hunt Armory") is held by at most `MISSING_SHARE` of the first five records, while the name
  searched alone finds it in at least `FOUND_SHARE` of them. A name introduced by "in", "at",
  "near" or "around" says where, not what ("wedding photos ... in the Hill District"), and is
  left alone.

Anything else keeps the first attempt: a probe that is not clearly better is not shown.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from discovery.agent.offline.antecedents import names
from discovery.agent.offline.lexical import KeyTerms, asked_words, record_stems
from discovery.agent.offline.terms import stem
from discovery.agent.planning import Refinement, normalize, words
from discovery.agent.responses import ArchiveRecord

TOP = 5  # the records a person reads first
SUSPECT_COVERAGE = 0.75  # first records holding less of the request's words: dense probe
MIN_GAIN = 0.05  # the dense ranking's first five must be this much nearer on average ...
MAX_COVER_LOSS = 0.25  # ... and hold no less of the request's words than this much below
MISSING_SHARE = 0.4  # a name held by at most this share of the first five is missing ...
FOUND_SHARE = 0.8  # ... and found when its own search holds it in at least this share
_WHERE = ("in", "at", "near", "around", "inside", "outside")


@dataclass(frozen=True)
class Evidence:
    """What the first records of an attempt show about the request."""

    similarity: float  # mean similarity of the first `TOP` records to the query
    coverage: float | None  # mean share of the request's IDF each of them holds (None: no key)
    names: dict[str, float] = field(default_factory=dict)  # per name, share holding it whole


class Rescuer:
    def __init__(self, keys: KeyTerms) -> None:
        self.keys = keys

    def evidence(self, request: str, query: str, records: list[ArchiveRecord]) -> Evidence:
        top = records[:TOP]
        held = [record_stems(r.title, r.description) for r in top]
        similarity = sum(r.score for r in top) / len(top) if top else 0.0
        keys = self.keys.of(asked_words(request, query))
        coverage = None
        if keys and held:
            weights = [self._idf(k) for k in keys]
            total = sum(weights) or 1.0
            shares = [sum(w for k, w in zip(keys, weights, strict=True) if k & h) for h in held]
            coverage = sum(shares) / len(shares) / total
        shares_of = {
            n: sum(all(stem(w) in h for w in words(n)) for h in held) / TOP
            for n in subject_names(request)
        }
        return Evidence(similarity, coverage, shares_of)

    def probes(self, request: str, query: str, first: Evidence) -> list[Refinement]:
        """The alternatives worth searching after `first`, in order: the dense ranking of the
        same query (when the records hold too little of the request's words), then each
        subject name its records miss."""
        out = []
        if first.coverage is not None and first.coverage < SUSPECT_COVERAGE:
            out.append(Refinement(query, "dense", leg="dense"))
        out += [
            Refinement(name, "specify")
            for name, share in first.names.items()
            if share <= MISSING_SHARE and normalize(name) != normalize(query)
        ]
        return out

    @staticmethod
    def prefers(first: Evidence, probe: Refinement, other: Evidence) -> bool:
        """Whether the probe's records are clearly better evidence than the first attempt's."""
        if probe.leg == "dense":
            cover_kept = (
                first.coverage is None or (other.coverage or 0.0) >= first.coverage - MAX_COVER_LOSS
            )
            return other.similarity - first.similarity >= MIN_GAIN and cover_kept
        return other.names.get(probe.query, 0.0) >= FOUND_SHARE

    def _idf(self, forms: set[str]) -> float:
        terms = self.keys.terms
        df = max(min(terms.stem_freq(f) for f in forms), 1)
        return math.log(max(terms.largest(), df) / df) + 1.0


def subject_names(request: str) -> list[str]:
    """The names of `request` (`antecedents.names`) that say what, not where: a name after
    "in", "at", "near", "around" ("in the Hill District") is a setting."""
    text = request.lower()
    out = []
    for name in names(request):
        where = rf"\b(?:{'|'.join(_WHERE)})\s+(?:the\s+)?{re.escape(name)}\b"
        if not re.search(where, text):
            out.append(name)
    return out
