"""Query refinement: what to search next when an attempt matched nothing or only weakly.

`LocalRefiner` is the offline stand-in (a heuristic, not an LLM). Its strategies:
- broaden (nothing matched): drop the filters, then the least informative word (one the catalog
  never uses, else the most frequent one);
- synonyms (weak matches): swap a person's word for the archive's own (a curated list);
- feedback (weak matches, more specific): pseudo-relevance feedback, adding words that recur in
  the titles of the best records so far.
`LLMRefiner` asks a chat model for the next query (prompt `refiner`), tagged `nostream`, and
falls back to the local refiner when the model fails or repeats itself.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel, Field

from discovery import prompts
from discovery.agent.domain import DomainConfig
from discovery.agent.querying import FILLER, GENERIC_WORDS, content_words, subject, trim, words
from discovery.agent.terms import TermStats

log = logging.getLogger(__name__)


def normalize(query: str) -> str:
    return " ".join(words(query))


@dataclass
class RefineContext:
    request: str  # what the person asked, in their words
    query: str  # the last query tried
    filters: dict[str, Any]
    reason: str  # "empty", "weak" or "irrelevant"
    tried: list[str]  # every query tried so far, normalized
    titles: list[str] = field(default_factory=list)  # best records so far, best first


@dataclass
class Refinement:
    query: str
    strategy: str
    filters: dict[str, Any] | None = None  # None: keep the current filters


class Refiner(Protocol):
    def refine(self, ctx: RefineContext) -> Refinement | None: ...

    async def arefine(self, ctx: RefineContext) -> Refinement | None: ...


class LocalRefiner:
    def __init__(self, synonyms: dict[str, list[str]], terms: TermStats | None = None) -> None:
        self.synonyms, self.terms = synonyms, terms

    def doc_freq(self, word: str) -> int:
        return self.terms.doc_freq(word) if self.terms is not None else 1

    def candidates(self, ctx: RefineContext) -> list[Refinement]:
        if ctx.reason == "empty":
            return [*self._broaden(ctx), *self._synonyms(ctx)]
        if ctx.reason == "irrelevant":  # the top records are off-topic: no feedback from them
            return [*self._synonyms(ctx), *self._focus(ctx), *self._broaden(ctx)]
        return [*self._synonyms(ctx), *self._feedback(ctx), *self._broaden(ctx)]

    def refine(self, ctx: RefineContext) -> Refinement | None:
        """The first candidate whose query was not tried yet (a query is never repeated)."""
        tried = set(ctx.tried)
        for c in self.candidates(ctx):
            if c.query.strip() and normalize(c.query) not in tried:
                return c
        return None

    async def arefine(self, ctx: RefineContext) -> Refinement | None:
        if self.terms is not None:
            await self.terms.ensure()
        return self.refine(ctx)

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
            out.append(Refinement(trim(" ".join(tokens)), "broaden"))
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

    def _focus(self, ctx: RefineContext) -> list[Refinement]:
        """Only the key words, in the archive's own terms where the list has one."""
        keys = [w for w in content_words(ctx.query) if w not in GENERIC_WORDS]
        focused = [self.synonyms.get(w, [w])[0] if self.doc_freq(w) == 0 else w for w in keys]
        return [Refinement(" ".join(focused), "specify")] if focused else []

    def _feedback(self, ctx: RefineContext, top: int = 3, add: int = 2) -> list[Refinement]:
        query_terms = set(ctx.query.split())
        counts: Counter[str] = Counter()
        for title in ctx.titles[:top]:  # each word once per title, in order (stable ties)
            kept = (w for w in words(title) if len(w) > 2 and w not in FILLER and not w.isdigit())
            counts.update(list(dict.fromkeys(kept)))
        recurring = [w for w, n in counts.most_common() if n >= 2 and w not in query_terms]
        if not recurring:
            return []
        return [Refinement(f"{ctx.query} {' '.join(recurring[:add])}", "feedback")]


class RefinedQuery(BaseModel):
    """The structured output an LLM fills in."""

    query: str = Field(description="ONE new search query, 2 to 8 words, not tried before.")


class LLMRefiner:
    def __init__(self, llm: Any, fallback: LocalRefiner, domain: DomainConfig) -> None:
        self.structured = llm.with_structured_output(RefinedQuery).with_config(tags=["nostream"])
        self.fallback, self.domain = fallback, domain

    def _prompt(self, ctx: RefineContext) -> str:
        problem = {
            "empty": "matched nothing",
            "weak": "matched only weakly",
            "irrelevant": "found records the person would not accept",
        }[ctx.reason]
        return prompts.render(
            "refiner",
            domain_name=self.domain.name,
            domain_description=self.domain.description,
            request=ctx.request,
            tried="\n".join(f"- {q}" for q in ctx.tried),
            query=ctx.query,
            problem=problem,
            top_titles="\n".join(f"- {t[:120]}" for t in ctx.titles[:5]) or "(none)",
            strategy="broaden" if ctx.reason == "empty" else "specify, or synonyms",
        )

    def _accept(self, ctx: RefineContext, query: str) -> Refinement | None:
        if query.strip() and normalize(query) not in set(ctx.tried):
            return Refinement(query.strip(), "llm")
        return self.fallback.refine(ctx)

    def refine(self, ctx: RefineContext) -> Refinement | None:
        try:
            out = self.structured.invoke(self._prompt(ctx))
        except Exception as exc:
            log.warning("refiner LLM failed, refining locally: %s", exc)
            return self.fallback.refine(ctx)
        return self._accept(ctx, out.query)

    async def arefine(self, ctx: RefineContext) -> Refinement | None:
        try:
            out = await self.structured.ainvoke(self._prompt(ctx))
        except Exception as exc:
            log.warning("refiner LLM failed, refining locally: %s", exc)
            return self.fallback.refine(ctx)
        return self._accept(ctx, out.query)


def titles_of(records: Sequence[dict[str, Any]]) -> list[str]:
    return [str(r.get("title", "")) for r in records]


class Grade(BaseModel):
    """The structured output of the relevance grader."""

    relevant: bool = Field(description="Would the person accept these records as relevant?")
    reason: str = Field(description="One short sentence: why.")


class LLMRelevanceGrader:
    """Judges a result set with a chat model (prompt `relevance_grader`), tagged `nostream`.
    When the model fails, the results stand (the similarity threshold already passed)."""

    def __init__(self, llm: Any, domain: DomainConfig) -> None:
        self.structured = llm.with_structured_output(Grade).with_config(tags=["nostream"])
        self.domain = domain

    def _prompt(self, request: str, query: str, records: list[dict[str, Any]]) -> str:
        lines = [f"{i}. {r.get('title', '')[:160]} ({r.get('date', '')})" for i, r in
                 enumerate(records[:5], 1)]  # fmt: skip
        return prompts.render(
            "relevance_grader",
            domain_name=self.domain.name,
            request=request,
            query=query,
            records="\n".join(lines),
        )

    def grade(self, request: str, query: str, records: list[dict[str, Any]]) -> bool:
        try:
            return bool(self.structured.invoke(self._prompt(request, query, records)).relevant)
        except Exception as exc:
            log.warning("relevance grader failed, keeping the results: %s", exc)
            return True

    async def agrade(self, request: str, query: str, records: list[dict[str, Any]]) -> bool:
        try:
            grade = await self.structured.ainvoke(self._prompt(request, query, records))
            return bool(grade.relevant)
        except Exception as exc:
            log.warning("relevance grader failed, keeping the results: %s", exc)
            return True
