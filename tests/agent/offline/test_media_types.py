"""`media_types.py`: the media types a turn names, by a word, a phrase or a material."""

from __future__ import annotations

import pytest

from discovery.agent.offline.media_types import parse_media_type, without_media_phrases


def test_parse_media_type() -> None:
    assert parse_media_type("only photographs") == "photograph"
    assert parse_media_type("some etchings of bridges") == "print"
    assert parse_media_type("jazz musicians") is None
    assert parse_media_type("what decades are the university pictures from?") == "photograph"
    assert parse_media_type("umm pics of a picnic?") == "photograph"
    assert parse_media_type("a room with a picture on the wall") is None


@pytest.mark.parametrize(
    ("text", "media"),
    [
        ("old films about steel mills", "film"),
        ("some videos of dancers", "video"),
        ("video art from the seventies", "video"),
        ("decorative arts from france", "decorative art"),
        ("decorative plates", "decorative art"),
        # a modifier, not a media type
        ("film stars at the premiere", None),
        ("a man holding a video camera", None),
        ("the movie theater on centre avenue", None),
        ("decorative ironwork on a porch", None),
        # a media word of the main table comes first
        ("photographs of film crews", "photograph"),
        # the engine's other types, named by their phrase; "books" alone is a subject
        ("how many artist books are there", "book"),
        ("artists' books from the sixties", "book"),
        ("computer art", "digital art"),
        ("mixed-media collages", "mixed media"),
        ("children reading books", None),
        ("who are the installation artists?", "installation"),
        ("who made the installations?", "installation"),
        ("video installations", "video"),
        ("the plumbing installation in a basement", None),
        # things of a decorative art's material; the material stays the subject
        ("who made the silver pieces?", "decorative art"),
        ("what period are the glass objects from?", "decorative art"),
        ("a glass of milk on the table", None),
        ("silver anniversary party", None),
        ("who made the wooden pieces?", "decorative art"),
        ("how old are the earthenware pieces?", "decorative art"),
        ("a wooden fence", None),
        ("count the architecture records made after 1950", "architecture"),
    ],
)
def test_media_types_named_by_plurals_and_phrases(text: str, media: str | None) -> None:
    assert parse_media_type(text) == media


def test_a_material_stays_the_subject() -> None:
    assert "silver" in without_media_phrases("who made the silver pieces?")
    assert "decorative" not in without_media_phrases("decorative arts from france")


def test_two_types_joined_are_no_filter() -> None:
    """ "gouache paintings and drawings": either will do, so neither narrows the search."""
    assert parse_media_type("gouache paintings and drawings") is None
    assert parse_media_type("prints or photographs of bridges") is None
    assert parse_media_type("paintings, drawings and prints") is None
    # one type said twice, or a type that is the subject of another, still filters
    assert parse_media_type("drawings and sketches of houses") == "drawing"
    assert parse_media_type("photographs of paintings") == "photograph"
