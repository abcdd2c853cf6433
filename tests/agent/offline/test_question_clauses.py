"""Which words of a catalog question can name its subject, by the question's shape (pure
functions): asides set off by a comma, and a creator question's verb."""

from __future__ import annotations

import pytest

from discovery.agent.offline.question_clauses import without_asides, without_making
from discovery.agent.offline.questions import parse_question


@pytest.mark.parametrize(
    ("text", "subject", "among"),
    [
        ("counting every one, how many bow tie photos are there?", "bow tie", False),
        ("tallying them all, how many kite photos are there?", "kite", False),
        ("within those drawings, how many are elevations?", "elevations", True),
        ("of those NAACP photos, how many date from the 1960s?", "naacp", True),
        ("wedding photos, how many?", "wedding", False),  # a noun in -ing is the subject
        ("looking at the kite photos, how many are there?", "kite", False),  # names a subject
        ("anything by Teenie Harris, how many?", "teenie harris", False),
    ],
)
def test_an_aside_is_no_subject(text: str, subject: str, among: bool) -> None:
    question = parse_question(text)
    assert question is not None and question.subject == subject
    assert without_asides(text)[1] is among


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("which artists put together the mixed media works?", ""),
        ("whose hands made those candlesticks?", "candlesticks"),
        ("whose church drawings are these?", "church"),  # "are": no verb of making
        ("which Japanese artists made the prints?", "japanese"),
    ],
)
def test_a_creator_question_without_its_verb(text: str, subject: str) -> None:
    question = parse_question(text)
    assert question is not None and question.kind == "creator" and question.subject == subject


def test_a_long_stretch_before_the_record_is_kept() -> None:
    text = "who on earth do you suppose made the quilts?"
    assert without_making(text) == text


def test_the_decades_asked_for_by_an_imperative() -> None:
    question = parse_question("give me the decades of the nurse pictures")
    assert question is not None and question.kind == "period" and question.subject == "nurse"
    assert parse_question("show me photos from the decades of the depression") is None


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("how many works in any medium have study in the title?", "study"),
        ("how many works of any kind mention a kite in their title?", "kite"),
        ("how many photos show a title fight?", "title fight"),  # a title of its own
    ],
)
def test_where_a_word_is_and_which_kinds_are_no_subject(text: str, subject: str) -> None:
    question = parse_question(text)
    assert question is not None and question.subject == subject


def test_what_survives_a_cut_is_what_a_narrowing_left() -> None:
    question = parse_question("so how many kite pictures survive that cut to the sixties?")
    assert question is not None and question.subject == "kite" and question.about_previous
