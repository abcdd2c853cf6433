"""`LocalPlanner`: the chat model the agent uses when no LLM is configured.

It is an honest heuristic stand-in, not a language model. It plays the model's moves in the
same graph: for a new request it calls `search_archives_db` once with a query written by
`querying.plan_turn` (content words kept, filler dropped, follow-ups merged with the thread's
previous search); for a turn that points at a shown record (`references.py`) it calls the
search with `similar_to` that record's id ("more like the second one"), or
`describe_archive_record` ("who's in the third photo?"), or answers that there is no such
record; a follow-up with nothing to follow and no subject of its own gets a question back. A
question about the catalog ("how many ...", "who took these?", "what decades ...?",
`questions.py`) calls `catalog_facts` instead (with a search showing the records when the
question names its own subject), and the reply states the computed figure (`answers.py`).
After a tool has answered it replies with a short templated sentence (or the description).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import ConfigDict

from discovery.agent.facts_tool import FACTS_TOOL, FactsArtifact, last_counted
from discovery.agent.offline.answers import answer
from discovery.agent.offline.clarify import clarify_constraints
from discovery.agent.offline.loose_references import read_reference
from discovery.agent.offline.periods import period_filters
from discovery.agent.offline.querying import (
    constraint_words,
    is_follow_up,
    kept_to_only,
    names_nothing,
    plan_turn,
    subject,
)
from discovery.agent.offline.question_calls import question_calls, restates
from discovery.agent.offline.questions import CatalogQuestion, parse_question
from discovery.agent.offline.reference_targets import resolve
from discovery.agent.offline.references import points_back
from discovery.agent.offline.shown_facts import nothing_to_point_at, shown_instead, within_counted
from discovery.agent.offline.terms import stem
from discovery.agent.offline.thread_lists import list_named, newest_searched
from discovery.agent.planning import words
from discovery.agent.record_tool import RECORD_TOOL
from discovery.agent.references import (
    last_described,
    shown_artifacts,
    shown_list,
    shown_records,
)
from discovery.agent.state import latest_turn
from discovery.agent.tools import SEARCH_TOOL, SearchArtifact
from discovery.search.similar import like_query

RESULTS_TEXT = 'Here are {total} records for "{query}".'
SIMILAR_TEXT = 'Here are {total} records like "{title}".'
NOTHING_TEXT = 'I couldn\'t find relevant material for "{query}".'
_KEPT = ("media_type", "year_from", "year_to")


class LocalPlanner(BaseChatModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    match_threshold: float = 0.3
    match_count: int = 10

    @property
    def _llm_type(self) -> str:
        return "discovery-local-planner"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> LocalPlanner:
        return self

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self.next_message(messages))])

    def next_message(self, messages: Sequence[BaseMessage]) -> AIMessage:
        text, _, start = latest_turn(messages)
        if start == len(messages):
            return AIMessage(content="What would you like to find in the archive?")
        turn = messages[start + 1 :]
        answered = [m for m in turn if isinstance(m, ToolMessage)]
        if answered:  # a tool has answered: reply
            if answered[-1].name == RECORD_TOOL:
                return AIMessage(content=str(answered[-1].content))
            found = [a for m in turn if (a := FactsArtifact.of(m)) is not None]
            if found and (question := parse_question(text)) is not None:
                records = shown_records(messages[:start])
                ids, texts = [r.id for r in records], [_text(r) for r in records]
                if (again := shown_instead(question, found[-1], ids, texts)) is not None:
                    return _call(FACTS_TOOL, again)  # "who took these?": the records shown
                return AIMessage(content=answer(question, found[-1], found[0]))
            return AIMessage(content=_reply(_last_search(turn)))
        earlier = _last_search(messages[:start])
        previous = {"query": earlier.query, **earlier.filters} if earlier else None
        ref = read_reference(text, bool(shown_records(messages[:start])))
        listed = ref.list_index if ref is not None else None  # "... from the first list"
        if ref is not None and (about := ref.list_about):  # "back to the hats: ..."
            queries = [a.query for a in shown_artifacts(messages[:start])]
            listed = list_named(queries, about)
            if listed is None and ref.names_list:  # "more like the last supper": a request
                ref = None
            elif listed is None and period_filters(about):  # "... of the 1900s prints"
                listed = newest_searched(queries)  # a list searched for a subject and a period
        shown = shown_records(messages[:start], listed)
        if listed is not None and (that := shown_list(messages[:start], listed)) is not None:
            previous = {"query": that.query, **that.filters}  # that list's filters kept
        target = resolve(ref, shown) if ref is not None else None
        if ref is not None and ref.demonstrative and (about := last_described(messages[:start])):
            target = next((r for r in shown if r.id == about), target)  # the one just described
        if (
            ref is not None
            and ref.guessed
            and isinstance(target, str)
            and not points_back(ref, text)
            and (shown or not ref.demonstrative)  # "that calendar photo" with nothing shown
        ):
            ref = None  # "more like the Hill District one": a name no shown record is by
        if ref is not None and target is not None:
            if isinstance(target, str):
                return AIMessage(content=target)
            if ref.describe:
                return _call(RECORD_TOOL, {"item_id": target.id})
            kept = {k: v for k, v in (previous or {}).items() if k in _KEPT}
            narrowed = plan_turn(ref.rest or "more", None).filters
            filters = kept | narrowed
            return self._search(like_query(target.title), filters | {"similar_to": target.id})
        if (question := parse_question(text)) is not None:  # "how many ...", "who took these?"
            counted = last_counted(messages[:start])
            if counted is not None and within_counted(question, text):  # "... of those" then
                previous = {"query": counted.subject, **counted.filters}
            elif (earlier := _named_search(question, previous, messages[:start])) is not None:
                previous, shown = {"query": earlier.query, **earlier.filters}, earlier.records
            elif (
                previous is not None
                and listed is None
                and (asked := _asked(messages[:start]))
                and set(words(asked)) < set(words(str(previous["query"])))  # words were added
            ):
                previous = {**previous, "query": asked}  # the person's, not a refinement's
            if asked := nothing_to_point_at(question, text, previous is not None):
                return AIMessage(content=asked)
            search = {"match_threshold": self.match_threshold, "match_count": self.match_count}
            ids, texts = [r.id for r in shown], [_text(r) for r in shown]
            added = _added(messages[:start])  # "only the ones with a bow tie"
            calls = question_calls(
                question, previous, SEARCH_TOOL, FACTS_TOOL, search, ids, texts, added
            )
            return AIMessage(content="", tool_calls=calls)
        plan = plan_turn(text, previous)
        if previous is None and is_follow_up(text) and not subject(kept_to_only(text)):
            if not plan.filters:  # "only those": nothing to narrow, nothing asked
                return AIMessage(content=clarify_constraints(text))
            # "only the 1950s ones, then" with nothing before: a new request for that period
            # (or kind of record), any subject
            return self._search(constraint_words(text) or plan.query, plan.filters)
        if plan.follow_up and previous and previous.get("similar_to") and not subject(text):
            # Narrowing records like a shown one ("only from the 1960s"): the same record, the
            # new filters; as any narrowing, what was shown may be shown again.
            like = {"similar_to": previous["similar_to"], "exclude_ids": []}
            return self._search(str(previous["query"]), plan.filters | like)
        return self._search(plan.query, plan.filters, plan.required)

    def _search(
        self, query: str, filters: dict[str, Any], required: tuple[str, ...] = ()
    ) -> AIMessage:
        threshold = self.match_threshold
        if "similar_to" not in filters and filters.keys() & set(_KEPT) and names_nothing(query):
            threshold = 0.0  # "works from the Reagan years": any record of the period answers
        args = {
            "query": query,
            "match_threshold": threshold,
            "match_count": self.match_count,
            **filters,
        }
        if required:  # what a narrowing adds: the records holding it first
            args["require"] = list(required)
        return _call(SEARCH_TOOL, args)


def _text(record: Any) -> str:
    """A shown record's words, as the held-words rules read them (title, description, creator)."""
    return "\n".join((record.title, record.description, record.creator))


def _call(name: str, args: dict[str, Any]) -> AIMessage:
    call = {"name": name, "args": args, "id": f"call_{uuid.uuid4().hex[:12]}"}
    return AIMessage(content="", tool_calls=[call])


def _reply(artifact: SearchArtifact | None) -> str:
    if artifact is None or not artifact.accepted or not artifact.records:
        return NOTHING_TEXT.format(query=artifact.query if artifact else "")
    if artifact.filters.get("similar_to"):
        title = artifact.query.removeprefix("like: ")
        return SIMILAR_TEXT.format(total=len(artifact.records), title=title)
    return RESULTS_TEXT.format(total=len(artifact.records), query=artifact.query)


def _asked(messages: Sequence[BaseMessage]) -> str | None:
    """The query the last search was called with, before refinement ("jukeboxes in taverns",
    where the search shown ran "jukeboxes in taverns jukebox club"): a question about its
    records asks about what the person asked for, not about the words a refinement added (a
    query the spelling corrector changed is read as searched: "tv" was "television")."""
    query = _last_call(messages).get("query")
    return query if isinstance(query, str) and query.strip() else None


def _last_call(messages: Sequence[BaseMessage]) -> dict[str, Any]:
    """The arguments the last search was called with (empty when there is none)."""
    for i in range(len(messages) - 1, -1, -1):
        message = messages[i]
        if SearchArtifact.of(message) is None or not isinstance(message, ToolMessage):
            continue
        for earlier in reversed(messages[:i]):
            for call in getattr(earlier, "tool_calls", None) or []:
                if call.get("id") == message.tool_call_id:
                    return dict(call.get("args") or {})
        return {}
    return {}


def _added(messages: Sequence[BaseMessage]) -> list[str]:
    """The words the last search's narrowing added ("only the ones with a bow tie": bow, tie),
    not those the search before it had ("only the piano shots" after a search for a piano)."""
    required = _last_call(messages).get("require") or []
    searches = [a.query for m in messages if (a := SearchArtifact.of(m)) is not None]
    before = {stem(w) for w in words(searches[-2])} if len(searches) > 1 else set()
    return [w for w in required if stem(w) not in before]


def _named_search(
    question: CatalogQuestion, previous: dict[str, Any] | None, messages: Sequence[BaseMessage]
) -> SearchArtifact | None:
    """The search a question pointing back names when the last one was by likeness: the newest
    search for a subject whose filters hold the question's ("who made those twentieth-century
    prints?" after "all the prints from the twentieth century" and "more like the last one":
    the century's prints, not the ten like one), or whose words its subject says again ("who
    were the makers of those spoons?" after "silver spoons in the decorative arts"). None when
    the last search was none by likeness, the question names neither, or no such search was
    shown ("who made these?" asks about the records like one)."""
    if not (question.about_previous and (previous or {}).get("similar_to")):
        return None
    searched = [a for a in shown_artifacts(messages) if not a.filters.get("similar_to")]
    asked = question.filters.items()
    return next(
        (
            a
            for a in reversed(searched)
            if (question.filters and asked <= a.filters.items())
            or (question.subject and restates(question.subject, {"query": a.query}))
        ),
        None,
    )


def _last_search(messages: Sequence[BaseMessage]) -> SearchArtifact | None:
    """The last search among `messages` (as actually run: the best attempt's query, filters
    and records)."""
    for message in reversed(messages):
        if (artifact := SearchArtifact.of(message)) is not None:
            return artifact
    return None
