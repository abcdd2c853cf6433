"""The local planner's tool calls for a catalog question (`questions.py`): the facts call's
arguments (the question's own subject and filters, or the previous search's when it points
back) and the search that shows the records with the answer."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from discovery.agent.offline.held_words import held_subject
from discovery.agent.offline.questions import CatalogQuestion, question_subject
from discovery.agent.offline.terms import stem
from discovery.search import synonyms as thesaurus


def restates(subject: str, previous: dict[str, Any]) -> bool:
    """Whether every word of `subject` is a word of the previous search's subject ("italian"
    after "Italian decorative objects"): the question names what was found, not a new subject."""
    before = {stem(w) for w in question_subject(str(previous.get("query", ""))).split()}
    return bool(subject.split()) and all(stem(w) in before for w in subject.split())


def restated(word: str, topic: Sequence[str]) -> str | None:
    """The word of `topic` that `word` says again, if any: the same word in another form, or a
    synonym in WordNet ("telephone" for "phone", "shaking" for "handshakes"). A question
    pointing back at a search names what it found in its own words; counted as a further word,
    "phone" would count what the catalog calls a telephone as missing."""
    said = {stem(word)} | {stem(m) for sense in thesaurus.senses(word) for m in sense}
    return next((t for t in topic if stem(t) in said), None)


def facts_args(
    question: CatalogQuestion,
    previous: dict[str, Any] | None,
    shown: Sequence[str] = (),
    shown_texts: Sequence[str] = (),
    narrowed: Sequence[str] = (),
) -> dict[str, Any] | None:
    """The `catalog_facts` arguments: the question's own subject and filters, or (pointing
    back) the previous search's subject, filters and the question's on top; after a likeness
    search (no subject) the records it showed (`shown`: "who took these?" asks about those);
    the previous subject keeps the words the records shown hold (`shown_texts`, `held_words`), and
    the question adds the words it does not restate (`restated`); one that restates a searched
    word the shown records do not hold adds that word ("pews" for "pew" after "pews filling a
    church", "telephone" for "phone"). A question of who or when that names the previous
    search's subject again ("and the dishes were made by whom?" after "serving dishes among the
    decorative objects") asks about that search's records: its media type and period are kept.
    A question pointing back that names what it counts, not among the records shown ("how
    many casket photos are left?" after "mourners around a casket", then "the fifties only"),
    asks about what it names, in the search's words and filters; unless it names only what the
    last narrowing added (`narrowed`, that search's `require`: "how many bow tie ones does that
    leave?" after "only the ones with a bow tie" asks about the narrowed records).
    None when it points back and the thread has no search to point to: the whole archive."""
    if question.about_previous and previous is not None and previous.get("similar_to") and shown:
        return {"subject": question.subject, "item_ids": list(shown), **question.filters}
    before = previous or {}
    kept: dict[str, Any] = {
        k: before[k] for k in ("media_type", "year_from", "year_to") if k in before
    }
    named_again = question.found or question.kind != "count"  # "and the dishes were made by whom?"
    if named_again and previous is not None and restates(question.subject, previous):
        return {"subject": question.subject, **kept, **question.filters}
    if question.about_previous and previous is not None:
        searched = question_subject(str(previous.get("query", "")), people=False).split()
        asked = {w: restated(w, searched) for w in question.subject.split()}
        said = [t for t in asked.values() if t]
        narrowing = [w for phrase in narrowed for w in phrase.split()]
        if asked and not question.among and not all(restated(w, narrowing) for w in asked):
            named = [_plainer(t, asked) if t else w for w, t in asked.items()]
            return {"subject": " ".join(dict.fromkeys(named)), **kept, **question.filters}
        topic = [
            _plainer(t, asked) for t in held_subject(" ".join(searched), shown_texts, said).split()
        ]
        added = [
            searched_word or w  # the search's word, as the catalog says it
            for w, searched_word in asked.items()
            if restated(w, topic) is None
        ]
        both = " ".join(dict.fromkeys([*topic, *added]))
        return {"subject": both, **kept, **question.filters}
    return {"subject": question.subject, **question.filters}


def _plainer(word: str, asked: dict[str, str | None]) -> str:
    """The question's own word for a searched activity when it says it without "-ing" ("those
    golf photos" after "folks out golfing"): a count holds "golfing" only where a record spells
    it out (`search/facts.py`), and "golf" holds both."""
    if not word.endswith("ing"):
        return word
    return next(
        (w for w, t in asked.items() if t == word and not w.endswith("ing") and stem(w) == stem(t)),
        word,
    )


def question_calls(
    question: CatalogQuestion,
    previous: dict[str, Any] | None,
    search_tool: str,
    facts_tool: str,
    search_args: dict[str, Any],
    shown: Sequence[str] = (),
    shown_texts: Sequence[str] = (),
    narrowed: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """The facts call, plus a search showing the records when the question names its own
    subject or points back with a filter or a subject ("how many of those are from the 1950s?":
    the narrowed records); those of a question that only points back are on screen."""
    args = facts_args(question, previous, shown, shown_texts, narrowed) or {}
    calls = [{"name": facts_tool, "args": args, "id": _call_id()}]
    filters = {k: v for k, v in args.items() if k not in ("subject", "item_ids")}
    query = "" if question.about_previous else question.subject
    if question.about_previous and previous and not previous.get("similar_to"):
        kept = {k: v for k, v in previous.items() if k in ("media_type", "year_from", "year_to")}
        asked = dict(filters)
        if question.by_trade:  # "who's the photographer?" asks, it does not narrow
            asked.pop("media_type", None)
            asked |= {k: v for k, v in kept.items() if k == "media_type"}
        if question.subject or asked != kept:  # "... of those are by Teenie Harris?"
            query = f"{previous.get('query', '')} {question.subject}".strip()
    if query:
        search = {"query": query, **search_args, **filters}
        calls.append({"name": search_tool, "args": search, "id": _call_id()})
    return calls


def _call_id() -> str:
    return f"call_{uuid.uuid4().hex[:12]}"
