"""Catalog evidence for the intent router: how much of a short text the catalog knows.

A short query whose content words all occur in the catalog ("crawford grill", "luke swank")
is very likely a search, whatever it looks like to a sentence model. The vocabulary is the
catalog's own words (titles and descriptions, by English stem): the live archive's at start-up,
or, for training and when the archive is empty, the packaged demo catalog's.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable, Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from discovery.agent.offline.terms import TermStats, stem
from discovery.agent.planning import words
from discovery.settings import resource

DEMO_CATALOG = resource("data/demo/heritage_demo.jsonl.gz")
#: Words that carry no subject: function words, request words, archive-generic nouns.
FUNCTION_WORDS = frozenset(
    """a an the of in on at and or with to for from by about into over under as is are was were
    be been am do does did done have has had i me my mine you your we our us they them their it
    its this that these those there here what which who whom whose when where why how can could
    would should will shall may might must not no yes any some all more most less very just only
    also too so than then please pls plz show give find get see look looking search want need
    like let tell know any anything something things thing stuff one ones s t ok okay hi hello
    hey thanks thank bye""".split()
)
N_FEATURES = 3


class CatalogEvidence:
    def __init__(self, vocabulary: Iterable[str]) -> None:
        self.stems = frozenset(stem(w) for w in vocabulary if len(w) > 1)

    @classmethod
    def from_stems(cls, stems: Iterable[str]) -> CatalogEvidence:
        evidence = cls(())
        evidence.stems = frozenset(stems)
        return evidence

    @classmethod
    async def of_archive(cls, terms: TermStats) -> CatalogEvidence | None:
        """The live archive's words (the term statistics the agent loads anyway), or None
        (then the demo catalog's) when the archive is empty."""
        await terms.ensure()
        known = terms.known_stems()
        return cls.from_stems(known) if known else None

    def knows_all(self, text: str) -> bool:
        """Whether the catalog uses every content word of `text` (False without any)."""
        content = [t for t in words(text) if t not in FUNCTION_WORDS and not t.isdigit()]
        return bool(content) and all(stem(t) in self.stems for t in content)

    def features(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """Per text: the share of content words the catalog knows, that share when the text
        is short (<= 4 words), and whether the text has no content word at all."""
        out = np.zeros((len(texts), N_FEATURES), np.float32)
        for i, text in enumerate(texts):
            tokens = words(text)
            content = [t for t in tokens if t not in FUNCTION_WORDS and not t.isdigit()]
            if not content:
                out[i, 2] = 1.0
                continue
            known = sum(stem(t) in self.stems for t in content) / len(content)
            out[i, 0] = known
            out[i, 1] = known if len(tokens) <= 4 else 0.0
        return out


@cache
def demo_evidence() -> CatalogEvidence:
    """The packaged demo catalog's words: titles, creators, media, classifications, places."""
    vocab: set[str] = set()
    with gzip.open(DEMO_CATALOG, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            fields = [row.get(k) or "" for k in ("title", "medium", "classification")]
            for key in ("creators", "creator_nationalities", "creator_birth_places"):
                fields += [v for v in row.get(key) or [] if v]
            for field in fields:
                vocab.update(words(str(field)))
    return CatalogEvidence(vocab)
