"""Questions about "these" that the word matching cannot answer (agent/offline/shown_facts.py):
answered from the records shown, or with a question back when nothing was searched."""

from __future__ import annotations

from discovery.agent.facts_tool import FactsArtifact
from discovery.agent.offline.answers import templates
from discovery.agent.offline.questions import parse_question
from discovery.agent.offline.shown_facts import nothing_to_point_at, shown_instead

SHOWN = ["r1", "r2", "r3"]


def _question(text: str):  # type: ignore[no-untyped-def]
    question = parse_question(text)
    assert question is not None
    return question


def test_a_creator_question_whose_search_words_never_meet_asks_about_the_shown_records() -> None:
    relaxed = FactsArtifact(subject="mills industry", asked="steel mills industry", total=1)
    args = shown_instead(_question("which photographers took these?"), relaxed, SHOWN)
    assert args == {"subject": "", "item_ids": SHOWN, "media_type": "photograph"}


def test_a_period_question_finding_nothing_asks_about_the_shown_records() -> None:
    none = FactsArtifact(subject="modernist porcelain", total=0)
    args = shown_instead(_question("what era are these from?"), none, SHOWN)
    assert args == {"subject": "", "item_ids": SHOWN}


def test_facts_that_hold_every_word_stand() -> None:
    found = FactsArtifact(subject="boxing", total=22)
    assert shown_instead(_question("who took these?"), found, SHOWN) is None


def test_a_count_is_never_answered_from_the_shown_records() -> None:
    none = FactsArtifact(subject="women's clubs", total=0)
    assert shown_instead(_question("how many of these are there?"), none, SHOWN) is None


def test_a_question_with_its_own_subject_or_nothing_shown_is_left_alone() -> None:
    none = FactsArtifact(subject="zeppelins", total=0)
    assert shown_instead(_question("who photographed the zeppelins?"), none, SHOWN) is None
    assert shown_instead(_question("who took these?"), none, []) is None
    again = FactsArtifact(item_ids=SHOWN, total=0)  # already about the shown records
    assert shown_instead(_question("who took these?"), again, SHOWN) is None


def test_pointing_at_records_before_any_search_gets_a_question_back() -> None:
    text = "how many pieces like those do you have?"
    assert (
        nothing_to_point_at(_question(text), text, has_search=False) == templates()["nothing_shown"]
    )
    assert nothing_to_point_at(_question(text), text, has_search=True) is None
    total = "how many are there in total?"  # the archive's total is an answer
    assert nothing_to_point_at(_question(total), total, has_search=False) is None
    decade = "how many of them are from the 1930s?"  # a period of the archive
    assert nothing_to_point_at(_question(decade), decade, has_search=False) is None


def test_a_relaxed_answer_about_enough_records_stands() -> None:
    relaxed = FactsArtifact(subject="landscapes", asked="landscapes sea", total=4)
    assert shown_instead(_question("who painted them?"), relaxed, SHOWN) is None


def test_a_relaxed_answer_keeping_few_of_the_words_gives_way_to_the_shown_records() -> None:
    asked = "pittsburgh steel mills heavy industry unions"
    relaxed = FactsArtifact(subject="unions", asked=asked, total=3)
    args = shown_instead(_question("who took them?"), relaxed, SHOWN)
    assert args is not None and args["item_ids"] == SHOWN


def test_a_relaxed_answer_about_words_the_shown_records_lack_gives_way_to_them() -> None:
    relaxed = FactsArtifact(subject="ceremonies", asked="trophies ceremonies", total=7)
    trophies = ["Men holding trophy at banquet", "Trophy presented at a dinner", "Cup ceremony"]
    args = shown_instead(_question("who photographed these?"), relaxed, SHOWN, trophies)
    assert args is not None and args["item_ids"] == SHOWN
    held = ["Wedding ceremony at church", "Graduation ceremonies", "Trophy at ceremony"]
    assert shown_instead(_question("who photographed these?"), relaxed, SHOWN, held) is None


def test_a_pointing_question_with_a_subject_of_its_own_asks_the_catalog() -> None:
    text = "count the pictures with a chandelier in them"  # "in them": the pictures
    assert _question(text).subject == "chandelier"
    assert nothing_to_point_at(_question(text), text, has_search=False) is None
