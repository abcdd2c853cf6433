"""The word-by-word reading of a place in a shown list (pure functions): places said in words
the phrase patterns do not hold, what it must not read as a place, and when it is asked."""

from __future__ import annotations

import pytest

from discovery.agent.offline.loose_references import loose_reference, read_reference


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("the sixth tiara photo, anything else of that sort?", 6),
        ("whatever print brings up the rear, only drawings like it", -1),
        ("the plate one up from the bottom, fifties only", -2),
        ("the sketch right after the top one, similar please", 2),
        ("the print just ahead of the final one", -2),
        ("the desk shot in second place, show me others of that sort", 2),
        ("the trophy photo in position three, show me pictures that match it", 3),
        ("microphone photo number one, more in its vein", 1),
        ("the fourth counting from the end, more of those", -4),
        ("the opening picture, others like it", 1),
        ("the banner at the very end of the list, anything comparable", -1),
        ("the 3rd, but only photographs", 3),
        ("shot #4 please, but from the forties", 4),
        ("the next to last sketch, kindred works", -2),
        ("the quilt picture that came up second, forties matches", 2),
        ("the kiln image that brings up the rear: anything resembling it?", -1),
        ("the mill shot sitting at the head of the results, sixties only", 1),
        ("the barn sketch at the foot of that list: what else resembles it?", -1),
        ("in the last list, the one right before the end: ones that resemble it", -2),
        ("the pulpit shot in the two spot, pictures in the same style", 2),
        ("the tennis photo in the runner-up spot, ones resembling it", 2),
        ("the second last quilt photo, kindred ones please", -2),
        ("the third last one, only drawings like it", -3),
        ("the very last but two, anything comparable", -3),
        # the list's start or end said as what the one who listed them did
        ("the kiln photo you ended the list on, only drawings in the same vein", -1),
        ("the mill sketch you closed with, kindred works", -1),
        ("the barn picture you opened with, more of its kind", 1),
    ],
)
def test_a_place_in_the_list_read_word_by_word(text: str, position: int) -> None:
    ref = loose_reference(text)
    assert ref is not None and ref.position == position


@pytest.mark.parametrize(
    "text",
    [
        "show me the first photographs of boxing",
        "the last supper",
        "wait a second",
        "photos from the first half of the century",
        "the second world war",
        "earthquakes in the last 24 hours",
        "book a flight on june 5th",
        "go back to the first list",
        "the top-rated apps in a list of the best",
        "pictures of the opening of the bridge",
        "cancel that last command",
        "first communion portraits",
        "that is not true, it's false",
        "the first photographs of boxing, show me",
        "the photo of the bakery that opened in 1950",
    ],
)
def test_what_is_no_place_in_the_list(text: str) -> None:
    assert loose_reference(text) is None


def test_a_question_about_the_record_or_its_like() -> None:
    about = loose_reference("describe the third image")
    like = loose_reference("the third image, anything along those lines?")
    assert about is not None and about.describe
    assert like is not None and not like.describe


def test_the_noun_for_the_record_leaves_the_narrowing() -> None:
    ref = loose_reference("the sixth tiara photo, only drawings like it")
    assert ref is not None and "photo" not in ref.rest and "drawings" in ref.rest


def test_asked_only_when_records_were_shown_and_no_catalog_question() -> None:
    text = "the banner at the very end of the list, anything comparable"
    assert read_reference(text, anything_shown=False) is None
    assert read_reference(text, anything_shown=True) is not None
    assert read_reference("how many are in the first batch?", anything_shown=True) is None
    # the phrase patterns answer first, shown or not, unless they read only "like it"
    assert read_reference("more like the second one", anything_shown=False) is not None
    rear = read_reference("whatever print brings up the rear, only drawings like it", True)
    assert rear is not None and rear.position == -1


def test_a_record_set_apart_by_its_words_and_taken_up_again() -> None:
    ref = loose_reference("the Teamsters casket, I want pictures that could pass for it")
    assert ref is not None and ref.about == "Teamsters casket" and ref.guessed
    one = loose_reference("the Ammon Center one there, which pictures are its near twins?")
    assert one is not None and one.about == "Ammon Center"
    assert loose_reference("the Teamsters casket, please") is None  # nothing takes it up


def test_a_place_the_patterns_read_but_the_words_around_turn() -> None:
    above = read_reference("and the drawing right above the bottom one, comparable works", True)
    assert above is not None and above.position == -2  # the patterns read "the bottom one"
    up = read_reference("the third one up from the bottom, similar ones", True)
    assert up is not None and up.position == -3
    # a place that nothing turns stays the patterns' ("more like #3" after "#2 and #3")
    kept = read_reference("#2 and #3 are nice, more like #3", True)
    assert kept is not None and kept.position == 3


def test_a_list_named_by_its_place_is_no_record() -> None:
    assert loose_reference("go back to the first mayor list, anything like it") is None


@pytest.mark.parametrize(
    ("text", "position", "listed"),
    [
        ("the closing elevation, only drawings like it", -1, "elevation"),
        ("the lead spoon: what else looks like that?", 1, "spoon"),
        ("the fourth quilt, anything that could pass for it", 4, "quilt"),
    ],
)
def test_a_place_and_its_subject_set_apart(text: str, position: int, listed: str) -> None:
    ref = loose_reference(text)
    assert ref is not None and ref.position == position and ref.list_about == listed
