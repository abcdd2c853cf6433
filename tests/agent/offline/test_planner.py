"""The local planner's tool calls for a turn, read from the thread's messages."""

from __future__ import annotations

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from discovery.agent.facts_tool import FACTS_TOOL
from discovery.agent.offline.planner import LocalPlanner
from discovery.agent.responses import ArchiveRecord
from discovery.agent.tools import SEARCH_TOOL, SearchArtifact

SHOWN = [
    ArchiveRecord(
        id=f"r{i}", title=f"Man beside jukebox in club {i}", description="", summary="", score=0.5
    )
    for i in range(5)
]


def thread(called: str, searched: str, question: str) -> list[BaseMessage]:
    """A search called with `called`, run (after refinement) as `searched`, then `question`."""
    artifact = SearchArtifact(query=searched, records=SHOWN)
    return [
        HumanMessage(called),
        AIMessage("", tool_calls=[{"name": SEARCH_TOOL, "args": {"query": called}, "id": "c1"}]),
        ToolMessage("found", artifact=artifact.model_dump(), tool_call_id="c1", name=SEARCH_TOOL),
        AIMessage("Here are 5 records."),
        HumanMessage(question),
    ]


def facts_subject(messages: list[BaseMessage]) -> str:
    calls = LocalPlanner().next_message(messages).tool_calls
    facts = [c for c in calls if c["name"] == FACTS_TOOL]
    assert facts, calls
    return str(facts[0]["args"]["subject"])


def test_a_count_of_those_reads_the_persons_words_not_the_refinements() -> None:
    question = "how many of those are there?"
    refined = thread("jukeboxes in taverns", "jukeboxes in taverns jukebox club", question)
    assert "club" not in facts_subject(refined).split()
    # a query the spelling corrector changed is read as it was searched
    corrected = thread("tv sets", "television sets", question)
    assert "tv" not in facts_subject(corrected).split()


def narrowed(first: str, narrowing: str, require: list[str], question: str) -> list[BaseMessage]:
    """A search for `first`, narrowed to `narrowing` (a call with `require`), then `question`."""
    later = {"query": narrowing, "require": require}
    return [
        *thread(first, first, "only the ones with ...")[:-1],
        HumanMessage("only the ones with ..."),
        AIMessage("", tool_calls=[{"name": SEARCH_TOOL, "args": later, "id": "c2"}]),
        ToolMessage(
            "found",
            artifact=SearchArtifact(query=narrowing, records=SHOWN).model_dump(),
            tool_call_id="c2",
            name=SEARCH_TOOL,
        ),
        AIMessage("Here are 5 records."),
        HumanMessage(question),
    ]


def test_a_count_naming_what_a_narrowing_added_counts_the_narrowed_records() -> None:
    question = "how many bow tie ones does that leave?"
    bow_ties = narrowed("men in tuxedos", "men tuxedos bow tie", ["bow", "tie"], question)
    assert facts_subject(bow_ties).split()[:1] == ["tuxedos"]
    # a narrowing that names the searched subject again adds nothing: the count is of the piano
    question = "so how many piano shots are left?"
    pianos = narrowed("people at the piano", "people piano", ["piano"], question)
    assert facts_subject(pianos) == "piano"


def test_a_question_naming_an_earlier_searchs_filters_is_about_that_search() -> None:
    """ "who made those twentieth-century prints?" after "all the prints from the twentieth
    century" and "more like the last one": the prints of the century, not the ten like one."""
    century = {"media_type": "print", "year_from": 1900, "year_to": 1999}
    like = century | {"similar_to": "r4"}
    question = "who made those twentieth-century prints?"
    messages = [
        *thread("prints from the twentieth century", "prints", question)[:-1],
        HumanMessage("the last one, more like it"),
        AIMessage("", tool_calls=[{"name": SEARCH_TOOL, "args": {"query": "like: x"}, "id": "c2"}]),
        ToolMessage(
            "found",
            artifact=SearchArtifact(query="like: x", filters=like, records=SHOWN).model_dump(),
            tool_call_id="c2",
            name=SEARCH_TOOL,
        ),
        AIMessage("Here are 5 records like x."),
        HumanMessage(question),
    ]
    messages[2] = ToolMessage(
        "found",
        artifact=SearchArtifact(query="prints", filters=century, records=SHOWN).model_dump(),
        tool_call_id="c1",
        name=SEARCH_TOOL,
    )
    calls = LocalPlanner().next_message(messages).tool_calls
    facts = next(c["args"] for c in calls if c["name"] == FACTS_TOOL)
    assert "item_ids" not in facts and facts["year_from"] == 1900
    # named by the words of its subject: "those spoons" says the search again
    spoons = SearchArtifact(query="silver spoons", filters={"media_type": "decorative art"})
    messages[2] = ToolMessage(
        "found",
        artifact=spoons.model_copy(update={"records": SHOWN}).model_dump(),
        tool_call_id="c1",
        name=SEARCH_TOOL,
    )
    messages[-1] = HumanMessage("who were the makers of those spoons?")
    calls = LocalPlanner().next_message(messages).tool_calls
    facts = next(c["args"] for c in calls if c["name"] == FACTS_TOOL)
    assert facts == {"subject": "spoons", "media_type": "decorative art"}
    # "who made these?" asks about the records shown by likeness
    messages[-1] = HumanMessage("who made these?")
    calls = LocalPlanner().next_message(messages).tool_calls
    facts = next(c["args"] for c in calls if c["name"] == FACTS_TOOL)
    assert facts.get("item_ids") == [r.id for r in SHOWN]
