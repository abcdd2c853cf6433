"""The offline refiner (a heuristic stand-in for an LLM, not a language model): what to search
next when an attempt matched nothing, only weakly, or off-topic. Its strategies:
- broaden (nothing matched): drop the filters, then the least informative word (one the catalog
  never uses, else the most frequent one);
- synonyms (weak matches): swap a person's word for the archive's own (a curated list), or
  add the archive's word for one of them in the sense the request means (`word_senses.py`),
  or search the archive's word nearest the whole request (`concepts.py`);
- feedback (weak matches, more specific): pseudo-relevance feedback, adding words that recur in
  the titles of the best records so far;
- doubtful (accepted, but few of the first records hold a key word of the request): as
  specify, without feedback from those records; when none of them supports it at all, first
  the same query on the dense ranking alone (`_other_leg`);
- specify (off-topic matches): first the query with the names the person wrote outside it
  (`_names`), then the person's rarest words (the catalog's counts; of the words it never uses,
  only name-like ones), then only the query's key words, in the archive's own terms.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Collection

from discovery.agent.offline.antecedents import names
from discovery.agent.offline.concepts import CatalogConcepts, CatalogConceptSource
from discovery.agent.offline.media_types import MEDIA_WORDS
from discovery.agent.offline.querying import (
    FILLER,
    GENERIC_WORDS,
    content_words,
    kept_to_only,
    subject,
    trim,
    without_lead,
)
from discovery.agent.offline.terms import TermStats
from discovery.agent.offline.word_senses import WordSenses
from discovery.agent.planning import RefineContext, Refinement, normalize, words

RAREST = 3  # the request's rarest words a "specify" refinement keeps
_SYNTAX_RE = re.compile(r'(?:^|\s)-\S|"')  # the search's syntax: -excluded, "quoted"
# Words of the catalog's captions that place or list people, never a subject to add ("Six men,
# including boxer Fritzie Zivic second from left").
CAPTION_FRAME = frozenset("including left right center centre front background foreground".split())


class LocalRefiner:
    def __init__(
        self,
        synonyms: dict[str, list[str]],
        terms: TermStats | None = None,
        english: Collection[str] = (),
        senses: WordSenses | None = None,
        concepts: CatalogConcepts | CatalogConceptSource | None = None,
    ) -> None:
        self.synonyms, self.terms = synonyms, terms
        self.senses, self.concepts = senses, concepts
        self.english = frozenset(english)  # ordinary words (`_name_like`); the graph passes
        # the embedding model's whole words

    def doc_freq(self, word: str) -> int:
        return self.terms.doc_freq(word) if self.terms is not None else 1

    def candidates(self, ctx: RefineContext) -> list[Refinement]:
        if ctx.reason == "empty":
            return [*self._broaden(ctx), *self._synonyms(ctx)]
        if ctx.reason == "doubtful":  # few of the top records hold a key word
            return [
                *self._other_leg(ctx),
                *self._names(ctx),
                *self._catalog_word(ctx),
                *self._concept(ctx),
                *self._rarest(ctx),
                *self._focus(ctx),
                *self._synonyms(ctx),
                *self._broaden(ctx),
            ]
        if ctx.reason == "irrelevant":  # the top records are off-topic: no feedback from them
            return [
                *self._names(ctx),
                *self._catalog_word(ctx),
                *self._concept(ctx),
                *self._rarest(ctx),
                *self._synonyms(ctx),
                *self._focus(ctx),
                *self._broaden(ctx),
            ]
        return [
            *self._synonyms(ctx),
            *self._catalog_word(ctx),
            *self._concept(ctx),
            *self._feedback(ctx),
            *self._broaden(ctx),
        ]

    def refine(self, ctx: RefineContext) -> Refinement | None:
        """The first candidate whose query was not tried yet (a query is never repeated)."""
        tried = set(ctx.tried)
        for c in self.candidates(ctx):
            fresh = normalize(c.query) not in tried or (c.leg is not None and c.leg != ctx.leg)
            if c.query.strip() and fresh:
                return c
        return None

    async def arefine(self, ctx: RefineContext) -> Refinement | None:
        if self.terms is not None:
            await self.terms.ensure()
        if self.concepts is not None:
            await self.concepts.ensure()
        if self.senses is not None or self.concepts is not None:  # they embed: off the loop
            return await asyncio.to_thread(self.refine, ctx)
        return self.refine(ctx)

    def _other_leg(self, ctx: RefineContext) -> list[Refinement]:
        """Nothing in the first records supports the request (support 0: none holds a key
        word, or the text ranking alone held them up on part of the words): the same query on
        the dense ranking alone, whose nearest records do not depend on which words matched.
        Once per turn (not after a dense attempt). Not for thinner support, nor for off-topic
        records: measured, that found nothing better (docs/agent-evaluation.md)."""
        if ctx.support != 0.0 or ctx.leg is not None or _SYNTAX_RE.search(ctx.query):
            return []  # the dense ranking cannot keep "-excluded" words or "quoted phrases"
        return [Refinement(ctx.query, "dense", leg="dense")]

    def _names(self, ctx: RefineContext) -> list[Refinement]:
        """The query with the names the person wrote elsewhere in the message ("My father
        served in the Army Air Forces ... I'd love to see pictures of Black airmen or pilots":
        the query writer kept the request sentence, "army air forces" says where to look)."""
        query = normalize(ctx.query)
        missing = [n for n in names(ctx.request) if normalize(n) not in query]
        return [Refinement(f"{ctx.query} {' '.join(missing)}", "specify")] if missing else []

    def _broaden(self, ctx: RefineContext) -> list[Refinement]:
        """Drop the filters, then content words one by one: first words the archive never
        uses, then the most frequent (least informative) ones."""
        out = []
        if ctx.filters:  # drop the filters and their words from the query
            out.append(Refinement(subject(ctx.query) or ctx.query, "broaden", filters={}))
        tokens, content = words(ctx.query), content_words(ctx.query)
        while len(content) > 1:
            unknown = [t for t in content if self.doc_freq(t) == 0]
            drop = unknown[0] if unknown else max(content, key=self.doc_freq)
            content = [t for t in content if t != drop]
            tokens = [t for t in tokens if t != drop]
            out.append(Refinement(_edges(trim(" ".join(tokens))), "broaden"))
        return out

    def _synonyms(self, ctx: RefineContext) -> list[Refinement]:
        """Swap the person's words for the archive's own, one word at a time, then all."""
        tokens = words(ctx.query)
        out, swapped = [], list(tokens)
        for i, token in enumerate(tokens):
            alternatives = self.synonyms.get(token, [])
            for alt in alternatives:
                out.append(Refinement(" ".join([*tokens[:i], alt, *tokens[i + 1 :]]), "synonyms"))
            if alternatives:
                swapped[i] = alternatives[0]
        if sum(a != b for a, b in zip(tokens, swapped, strict=True)) > 1:
            out.insert(0, Refinement(" ".join(swapped), "synonyms"))
        return out

    def _catalog_word(self, ctx: RefineContext) -> list[Refinement]:
        """The query and the catalog's word for one of the person's words, in the sense the
        request means (`word_senses.py`): "sax man wailing away saxophone"."""
        if self.senses is None or _SYNTAX_RE.search(ctx.query):
            return []
        mate = self.senses.choose(ctx.request)
        if mate is None or mate in words(ctx.query):
            return []
        return [Refinement(f"{ctx.query} {mate}", "synonyms")]

    def _concept(self, ctx: RefineContext) -> list[Refinement]:
        """The catalog's word nearest the whole request (`concepts.py`), searched alone: "the
        fella who runs the whole city" searches "mayor". Added to the query instead, the
        request's own words kept the records they had found first. Only when the message names
        what was searched (not "only the ones from the 1950s")."""
        if self.concepts is None or _SYNTAX_RE.search(ctx.query):
            return []
        if not set(content_words(ctx.request)) & set(words(ctx.query)):
            return []
        word = self.concepts.nearest(ctx.request)
        return [Refinement(word, "synonyms")] if word and word not in words(ctx.query) else []

    def _focus(self, ctx: RefineContext) -> list[Refinement]:
        """Only the key words, in the archive's own terms where the list has one."""
        keys = [w for w in content_words(ctx.query) if w not in GENERIC_WORDS]
        focused = [self.synonyms.get(w, [w])[0] if self.doc_freq(w) == 0 else w for w in keys]
        return [Refinement(" ".join(focused), "specify")] if focused else []

    def _rarest(self, ctx: RefineContext, keep: int = RAREST) -> list[Refinement]:
        """The person's own message reduced to what can tell records apart: its words the
        catalog uses least (at most `keep`, in the message's order), with the name-like words it
        never uses kept as they are (`_name_like`: a name the embedding may still place,
        "tuskegee airmen"). The query writer keeps the frame and general words ("photos of
        their performances"); the rarest words of the whole message ("opera") are the ones a
        wrong set lacks. A follow-up is read without the words it narrows with ("narrow it to
        handshakes with a woman": "handshakes", not "narrow")."""
        specific = [
            w
            for w in content_words(kept_to_only(without_lead(ctx.request)))
            if w not in GENERIC_WORDS and w not in MEDIA_WORDS and not any(c.isdigit() for c in w)
        ]
        known = sorted((w for w in specific if self.doc_freq(w) > 0), key=self.doc_freq)[:keep]
        picked = [w for w in specific if w in known or self._name_like(w)]
        if not known or not set(picked) & set(words(ctx.query)):
            return []  # the message does not name what was searched ("more like the first")
        return [Refinement(" ".join(picked), "specify")]

    def _name_like(self, word: str) -> bool:
        """A word the catalog never uses that is no ordinary English word (not a whole word of
        the embedding model's vocabulary): a name the embedding may still place ("tuskegee").
        An English word the catalog lacks ("actually", "forget") only steers the search away."""
        return self.doc_freq(word) == 0 and word not in self.english

    def _feedback(self, ctx: RefineContext, top: int = 3, add: int = 2) -> list[Refinement]:
        query_terms = set(ctx.query.split())
        counts: Counter[str] = Counter()
        for title in ctx.titles[:top]:  # each word once per title, in order (stable ties)
            kept = (
                w
                for w in words(title)
                if len(w) > 2
                and not w.isdigit()
                and w not in FILLER
                and w not in GENERIC_WORDS
                and w not in CAPTION_FRAME
            )
            counts.update(list(dict.fromkeys(kept)))
        recurring = [w for w, n in counts.most_common() if n >= 2 and w not in query_terms]
        if not recurring:
            return []
        return [Refinement(f"{ctx.query} {' '.join(recurring[:add])}", "feedback")]


def _edges(query: str) -> str:
    """The query without filler at either end: dropping "bigwigs" from "bigwigs and
    politicians" searches "politicians", not "and politicians"."""
    tokens = query.split()
    while tokens and tokens[0] in FILLER:
        tokens.pop(0)
    while tokens and tokens[-1] in FILLER:
        tokens.pop()
    return " ".join(tokens)
