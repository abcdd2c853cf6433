"""The catalog's word for one of the request's words, chosen by the sense the request means: a
refinement of the offline refiner (`refiner.py`; a heuristic stand-in for an LLM) when the
person's words found only weak matches ("ladies fussing over vases of cut blooms": the catalog
says "flowers"; "a sax man wailing away": "saxophone").

Candidates are the single words WordNet's noun and adjective senses offer for the request's
content words (`search.synonyms`, the spelling corrector's thesaurus), kept when the catalog
prefers them: used in at least `MIN_RECORDS` records, more often than the request's own word,
and in at most `COMMON_SHARE` of the records (a word that common tells nothing apart). A word
has many senses and WordNet does not know which one the person meant, so the packaged embedding
model chooses: the candidate whose vector is nearest the whole request's, if at least
`MIN_SIMILARITY` near. Measured on the studied judged conversation sets before it was built
(docs/agent-evaluation.md, stop 44): at that similarity more than half the words chosen for
failed searches were words their judges accept (28 of 49), against one in nine when the
catalog's most used candidate was taken (40 of 367)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from discovery.agent.offline.media_types import MEDIA_WORDS
from discovery.agent.offline.querying import GENERIC_WORDS, content_words
from discovery.agent.offline.terms import TermStats, stem
from discovery.search import synonyms as thesaurus

MIN_RECORDS = 5  # a candidate is a word at least this many records use
COMMON_SHARE = 0.05  # ... and at most this share of them
MIN_SIMILARITY = 0.45  # the candidate's vector against the request's (cosine)
MIN_LENGTH = 4  # shorter candidates are mostly abbreviations ("tit", "ace")
PREFIX = 5  # a candidate sharing this many first letters with a request word is that word

Embed = Callable[[Sequence[str]], np.ndarray]  # texts -> unit vectors, one row each


class WordSenses:
    """`embed`: the packaged model's documents embedding (unit vectors), used for the request
    and its candidate words."""

    def __init__(self, terms: TermStats, embed: Embed) -> None:
        self.terms, self.embed = terms, embed

    def candidates(self, request: str) -> list[str]:
        """The words the catalog prefers to one of the request's, in the request's order."""
        said = [w for w in content_words(request) if w not in GENERIC_WORDS and w.isalpha()]
        said = [w for w in said if w not in MEDIA_WORDS]
        prefixes = {stem(w)[:PREFIX] for w in said}
        ceiling = COMMON_SHARE * self.terms.largest()
        out: dict[str, None] = {}
        for word in said:
            own = self.terms.doc_freq(word)
            for sense in thesaurus.senses(word):
                for mate in sense:
                    if len(mate) < MIN_LENGTH or not mate.isalpha() or mate in out:
                        continue
                    if stem(mate)[:PREFIX] in prefixes:
                        continue  # a form of a request word ("grin" and "grinning")
                    used = self.terms.doc_freq(mate)
                    if MIN_RECORDS <= used <= ceiling and used > own:
                        out[mate] = None
        return list(out)

    def choose(self, request: str) -> str | None:
        """The candidate nearest the request, if near enough; None otherwise."""
        words = self.candidates(request)
        if not words:
            return None
        vectors = self.embed([request, *words])
        similarity = vectors[1:] @ vectors[0]
        best = int(np.argmax(similarity))
        return words[best] if float(similarity[best]) >= MIN_SIMILARITY else None
