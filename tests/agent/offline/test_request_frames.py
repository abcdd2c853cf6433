"""The words a request is framed with: the frame before its subject, the asides inside it."""

from __future__ import annotations

import pytest

from discovery.agent.offline.request_frames import ASIDE_RE, FRAME_RE, named, unhedged


def test_the_frame_ends_where_the_subject_begins() -> None:
    for text, subject in [
        ("let me see the textiles you hold", "the textiles you hold"),
        ("could you please show me jazz photos", "jazz photos"),
        ("I'd like to see your ceramics", "your ceramics"),
    ]:
        frames = list(FRAME_RE.finditer(text))
        assert frames and text[frames[-1].end() :].strip() == subject, text


def test_what_the_archive_holds_is_an_aside_only_at_the_end() -> None:
    assert ASIDE_RE.search("the textiles you hold?")
    assert ASIDE_RE.search("quilts you own")
    assert not ASIDE_RE.search("the photos you have of lena horne")


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        (
            "um, so, like, clothes with little shapes on them, maybe?",
            "clothes with little shapes on them",
        ),
        ("uh, a sign you can actually read, I guess?", "a sign you can actually read"),
        ("hmm, boxing photos or something", "boxing photos"),
        # "like" with no comma asks for a likeness; a hyphenated word is no hedge
        ("like the second one", "like the second one"),
        ("uh-huh", "uh-huh"),
        ("maybe", "maybe"),
    ],
)
def test_spoken_hedges_are_no_part_of_the_request(text: str, asked: str) -> None:
    assert unhedged(text) == asked


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("people named Otis, not anybody fishing", " Otis, not anybody fishing"),
        ("a lady by the name of Mabel", "a lady Mabel"),
        ("a man named harry", "a man harry"),  # said of a person: any case
        ("is there anything called Wilhelmina?", "is there anything  Wilhelmina?"),
        ("folks with the last name Webb", " Webb"),
        # not a name: a lowercase word after no person
        ("works that belong to a numbered or named series", None),
        ("pictures of what is called a stoop", None),
    ],
)
def test_a_person_named_by_a_frame_is_said_as_the_name(text: str, said: str | None) -> None:
    assert named(text) == (text if said is None else said)
