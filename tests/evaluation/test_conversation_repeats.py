"""The lines a judged conversation set must not repeat: the third set repeats none, and what
the check flags. Nothing here runs the agent."""

from __future__ import annotations

from discovery.evaluation.conversation_repeats import known_lines, normalize, repeated_turns
from discovery.evaluation.conversation_sets import SETS
from discovery.evaluation.conversations import load_conversations


def test_the_third_set_repeats_no_known_line_and_no_turn_of_its_own() -> None:
    conversations = load_conversations(SETS["v3"].path)
    known = known_lines(SETS["v3"].earlier)
    assert "photgraphs of boxng" in known  # the second set's turns are known lines
    assert repeated_turns(conversations, known) == []


def test_repeated_turns_flags_known_lines_and_repeats_within_the_set() -> None:
    known = {normalize("Photos of boxing!"): "agent_queries.jsonl"}
    convs = [
        {"id": "v3-001", "turns": [{"text": "photos of   Boxing"}]},
        {"id": "v3-002", "turns": [{"text": "jazz clubs"}, {"text": "Jazz clubs?"}]},
    ]
    problems = repeated_turns(convs, known)
    assert len(problems) == 2
    assert problems[0].startswith("v3-001:1: repeats a line of agent_queries.jsonl")
    assert problems[1].startswith("v3-002:2: repeats v3-002:1 of this set")
