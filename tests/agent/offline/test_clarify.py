"""The local planner's question for a follow-up with nothing to follow."""

from __future__ import annotations

from discovery.agent.offline.clarify import clarify_constraints


def test_clarify_constraints_asks_for_a_subject() -> None:
    assert clarify_constraints("only the ones from the 1950s").startswith(
        "What would you like to see from the 1950s?"
    )
    assert clarify_constraints("just photographs").startswith("Which photographs would you")
    assert clarify_constraints("only from 1952").startswith("What would you like to see from 1952?")


def test_clarify_constraints_names_an_open_period() -> None:
    assert "up to 1899" in clarify_constraints("only the ones before 1900")
    assert "from 1960 on" in clarify_constraints("just the ones since 1960")
