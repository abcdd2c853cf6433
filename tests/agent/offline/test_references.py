"""The local planner's reading of references to shown records (pure functions): positions,
creators, questions about a record, and what it says when there is no such record."""

from __future__ import annotations

import pytest

from discovery.agent.offline.reference_targets import resolve
from discovery.agent.offline.references import Reference, parse_reference, points_back
from discovery.agent.offline.thread_lists import list_named, newest_searched
from discovery.agent.responses import ArchiveRecord

SHOWN = [
    ArchiveRecord(id=f"r{i}", title=t, description="", summary="", creator=c, score=0.5)
    for i, (t, c) in enumerate(
        [
            ("Lena Horne in a nightclub", 'Charles "Teenie" Harris'),
            ("Art Blakey playing drums on stage", "W. Eugene Smith"),
            ("Boxers sparring in a gym", ""),
        ],
        start=1,
    )
]


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("more like the second one", 2),
        ("more like the 2nd one", 2),
        ("more like that photo at the top", 1),
        ("more like #3", 3),
        ("show me more like number 2", 2),
        ("more like the last one", -1),
        ("more like the 12th one", 12),
        ("more like the second, but only photographs", 2),
        ("similar to the first record", 1),
        ("the third one", 3),
        ("more like that one", 1),
        ("what about the third one", 3),
        # an ordinal after "that" or "this" is still a position, not "the one just shown"
        ("that second photo, find more like it", 2),
        ("this third picture, more like it please", 3),
        # "the first result" is a record; "the first results" would be a list
        ("find me more like the first result", 1),
    ],
)
def test_parse_reference_reads_positions(text: str, position: int) -> None:
    ref = parse_reference(text)
    assert ref is not None and (ref.position, ref.creator, ref.describe) == (position, None, False)


@pytest.mark.parametrize(
    "text",
    [
        "jazz like Duke Ellington",
        "photographs from the 19th century",
        "the first photographs of pittsburgh",
        "only the ones from the 1950s",
        "boxing photos",
        "steel mills in the 1st ward",
    ],
)
def test_parse_reference_ignores_requests_that_point_at_nothing(text: str) -> None:
    assert parse_reference(text) is None


def test_parse_reference_reads_creators_questions_and_the_rest() -> None:
    by = parse_reference("more like the photo by W. Eugene Smith")
    assert by == Reference(creator="W. Eugene Smith", rest="more like")
    narrowed = parse_reference("more like the fourth one but only from the 1960s")
    assert narrowed is not None and narrowed.position == 4
    assert "from the 1960s" in narrowed.rest and "fourth" not in narrowed.rest
    for text, position in [("who's in the third photo?", 3), ("tell me about the second one", 2)]:
        ref = parse_reference(text)
        assert ref is not None and (ref.position, ref.describe) == (position, True)


def test_resolve_finds_the_record_or_says_why_not() -> None:
    assert resolve(Reference(position=2), SHOWN) is SHOWN[1]
    assert resolve(Reference(position=-1), SHOWN) is SHOWN[2]
    assert resolve(Reference(creator="teenie harris"), SHOWN) is SHOWN[0]
    assert resolve(Reference(position=4), SHOWN) == "I showed 3 records; which one do you mean?"
    assert resolve(Reference(creator="Rembrandt"), SHOWN) == (
        "None of the 3 records I showed is by Rembrandt. Which one do you mean?"
    )
    assert "haven't shown you any records" in str(resolve(Reference(position=1), []))


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("the 2nd", 2),
        ("number three", 3),
        ("more like number three please", 3),
        ("show me #3", 3),
        ("what about number 7", 7),
        ("3rd one", 3),
        ("I want the 4th photo", 4),
        ("the first two", 1),
        ("more like the final one", -1),
        ("the second to last one", -2),
        ("more like the next-to-last picture", -2),
        ("anything similar to the penultimate one?", -2),
        ("more like this one", 1),
        ("something like that photo", 1),
        ("find more like item 4", 4),
        ("similar to the tenth picture", 10),
    ],
)
def test_parse_reference_reads_positions_phrased_many_ways(text: str, position: int) -> None:
    ref = parse_reference(text)
    assert ref is not None and (ref.position, ref.describe) == (position, False)


def test_a_position_from_the_end_resolves_against_what_was_shown() -> None:
    assert resolve(Reference(position=-2), SHOWN) is SHOWN[1]
    assert resolve(Reference(position=-4), SHOWN) == "I showed 3 records; which one do you mean?"


@pytest.mark.parametrize(
    ("text", "creator"),
    [
        ("more like the one by Teenie Harris", "Teenie Harris"),
        ("the picture taken by W. Eugene Smith", "W. Eugene Smith"),
        ("similar to the Hiroshige print", "Hiroshige"),
        ("more like the Teenie Harris one", "Teenie Harris"),
    ],
)
def test_parse_reference_reads_a_creator_with_or_without_by(text: str, creator: str) -> None:
    ref = parse_reference(text)
    assert ref is not None and ref.creator == creator
    assert ref.guessed == (" by " not in text)  # a bare name is only a guess


def test_a_guessed_name_resolves_only_against_a_shown_creator() -> None:
    ref = parse_reference("more like the Eugene Smith photo")
    assert ref is not None and ref.guessed and resolve(ref, SHOWN) is SHOWN[1]
    place = parse_reference("more like the Hill District one")
    assert place is not None and place.guessed and isinstance(resolve(place, SHOWN), str)


@pytest.mark.parametrize(
    "text",
    ["the first photos of the hill", "number of photos of Joe Louis", "jazz like Duke Ellington"],
)
def test_plain_pointers_need_a_single_record(text: str) -> None:
    assert parse_reference(text) is None


def test_the_one_with_some_words_resolves_by_the_records_title() -> None:
    ref = parse_reference("more like the one with the drums")
    assert ref is not None and ref.about == "the drums" and ref.guessed
    assert resolve(ref, SHOWN) is SHOWN[1]  # "Art Blakey playing drums on stage"
    who = parse_reference("who's in the picture of the boxers sparring?")
    assert who is not None and who.describe and resolve(who, SHOWN) is SHOWN[2]
    none = parse_reference("that photo of the Crawford Grill")
    assert none is not None and none.guessed and isinstance(resolve(none, SHOWN), str)
    assert parse_reference("ok, just the ones with a cake") is None  # narrowing, not a pointer


# Turns written for issue 17's generality check, phrased apart from the conversation sets.
@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("show me the 2nd", 2),
        ("give me the 5th.", 5),
        ("more like picture two", 2),
        ("more like photo number four", 4),
        ("anything like #2?", 2),
        ("I'd like more like the very last one", -1),
        ("similar to the one before last", -2),
        ("more like the photo right before the last", -2),
        ("more like the first three", 1),
        ("more like the photo above", 1),
        ("more like the picture up there", 1),
        ("something similar to this photograph", 1),
    ],
)
def test_parse_reference_reads_positions_written_apart_from_the_sets(
    text: str, position: int
) -> None:
    ref = parse_reference(text)
    assert ref is not None and (ref.position, ref.creator, ref.describe) == (position, None, False)
    assert not any(w in ref.rest.split() for w in ("two", "three", "above"))


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("who's the artist of the third one?", 3),
        ("who took the 2nd photo?", 2),
        ("when was the last one made?", -1),
        ("tell me more about picture 4", 4),
    ],
)
def test_questions_about_one_shown_record_describe_it(text: str, position: int) -> None:
    ref = parse_reference(text)
    assert ref is not None and (ref.position, ref.describe) == (position, True)


@pytest.mark.parametrize(
    ("text", "record"),
    [
        ("more like the one by Eugene Smith", 2),
        ("similar to the photo taken by Charles Harris", 1),
        ("more like the one with the drums on stage", 2),
        ("show me more like the one of the boxers", 3),
        ("more like the picture featuring Lena Horne", 1),
    ],
)
def test_creators_and_attributes_resolve_to_the_shown_record(text: str, record: int) -> None:
    ref = parse_reference(text)
    assert ref is not None and resolve(ref, SHOWN) is SHOWN[record - 1]


@pytest.mark.parametrize(
    ("text", "position", "kept"),
    [
        ("the fourth one but from the 1960s", 4, "1960s"),
        ("more like #2 but only photographs", 2, "photographs"),
        ("similar to the last one, from the 1940s", -1, "1940s"),
    ],
)
def test_a_reference_keeps_its_narrowing(text: str, position: int, kept: str) -> None:
    ref = parse_reference(text)
    assert ref is not None and ref.position == position and kept in ref.rest


@pytest.mark.parametrize(
    "text",
    [
        "the last photographs of the steel mills",
        "pictures of the second world war",
        "photos from the 1st ward",
        "number of paintings",
        "the top hat collection",
    ],
)
def test_requests_that_only_look_like_references_are_not(text: str) -> None:
    assert parse_reference(text) is None


@pytest.mark.parametrize(
    ("text", "position", "list_index"),
    [
        ("back to the first list, more like its second picture", 2, 1),
        ("the 4th one from the original search, similar ones please", 4, 1),
        ("more like number 5 in the earlier results", 5, -2),
        ("from the previous list: anything like the last one?", -1, -2),
        ("more like the first photo of the second batch", 1, 2),
        ("what about the third item from the initial results you showed me", 3, 1),
        # a subject word between: "that first fireplace batch"
        ("return to that first fireplace batch and find ones like its final picture", -1, 1),
    ],
)
def test_parse_reference_reads_a_position_in_an_earlier_list(
    text: str, position: int, list_index: int
) -> None:
    ref = parse_reference(text)
    assert ref is not None and (ref.position, ref.list_index) == (position, list_index)


def test_a_reference_without_a_list_counts_in_the_last_one() -> None:
    ref = parse_reference("more like the first one")
    assert ref is not None and ref.list_index is None
    assert parse_reference("the first list was better") is None  # no record pointed at


def test_a_creator_reference_can_name_an_earlier_list() -> None:
    ref = parse_reference("more like the one by Teenie Harris from the first list")
    assert ref is not None and (ref.creator, ref.list_index) == ("Teenie Harris", 1)


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("gimme more like pic 4", 4),
        ("more like the third object", 3),
        ("the 2nd shot, more like it", 2),
        ("more like the first entry", 1),
    ],
)
def test_parse_reference_reads_more_nouns_for_a_record(text: str, position: int) -> None:
    ref = parse_reference(text)
    assert ref is not None and ref.position == position


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("third one please, more like it", 3),  # an ordinal word and a noun, no "the"
        ("second photo, more like that", 2),
        ("more in the vein of the first two", 1),  # a likeness phrase
        ("anything in that same vein as the last one?", -1),
    ],
)
def test_positions_without_the_and_likeness_in_a_vein(text: str, position: int) -> None:
    ref = parse_reference(text)
    assert ref is not None and (ref.position, ref.describe) == (position, False)


def test_an_ordinal_before_a_plural_or_of_is_no_position() -> None:
    assert parse_reference("first photographs of boxing") is None
    assert parse_reference("second one of the famous ones") is None


def test_an_earlier_list_named_by_its_subject_or_counted_back() -> None:
    ref = parse_reference("back to the hats: more like the first one there")
    assert ref is not None and (ref.position, ref.list_about) == (1, "hats")
    ref = parse_reference("going back two lists, more like the last one there")
    assert ref is not None and (ref.position, ref.list_index) == (-1, -3)
    queries = ["women in feathered hats", "people holding up trophies"]
    assert list_named(queries, "hats") == -2
    assert list_named(queries, "the trophies") == -1
    assert list_named(queries, "photos") is None  # no specific word: the last list


@pytest.mark.parametrize(
    ("text", "position", "list_about"),
    [
        ("the last but one, more like it", -2, None),
        ("#2 and #3 are nice, more like #3", 3, None),  # the one after "like"
        ("the second stole picture, more of that", 2, "stole"),
        ("the third suspenders photo: similar ones", 3, "suspenders"),
        ("the last of the skirt photos, more like it", -1, "skirt"),
        ("ok, find me more in that vein", 1, None),
        ("fourth from the bottom, similar ones", -4, None),
        ("more like the 3rd one from the end", -3, None),
        ("the second to last one, please", -2, None),
        ("and the one before last from the gardening photos", -2, "gardening"),
        ("more like #2 among the church pictures", 2, "church"),
        ("more like the 2nd one of those photos", 2, None),  # no subject: the last list
        # written apart from the sets: "above the final one", a list named after a pointer
        # by "list" or "scenes", a subject word between the pointer and "one"
        ("the one right above the final one: similar, please", -2, None),
        ("more like the photo just before the final one", -2, None),
        ("the first one of the boxing list, something similar", 1, "boxing"),
        ("the last of the church scenes, more like it", -1, "church"),
        ("the second Homewood one, more like it", 2, "Homewood"),
        ("the third trolley one, anything similar?", 3, "trolley"),
    ],
)
def test_more_pointers_and_the_list_they_name(
    text: str, position: int, list_about: str | None
) -> None:
    ref = parse_reference(text)
    assert ref is not None and (ref.position, ref.list_about) == (position, list_about)


def test_a_name_before_like_it_is_the_creator_and_an_about_ends_at_a_dash() -> None:
    named = parse_reference("the Luke Swank one, find me others like it")
    assert named is not None and named.creator == "Luke Swank" and named.guessed
    about = parse_reference("the one with the child in it - more like that")
    assert about is not None and about.about == "the child in it"
    # a subject with an ordinal is no pointer without a likeness or a question
    assert parse_reference("the first world war photos") is None
    assert parse_reference("the last supper paintings") is None


def test_that_with_a_subject_word_is_the_record_just_talked_about_or_the_one_holding_it() -> None:
    ref = parse_reference("anything like that gym picture?")
    assert ref is not None and (ref.about, ref.demonstrative, ref.guessed) == ("gym", True, True)
    assert resolve(ref, SHOWN) == SHOWN[2]  # "Boxers sparring in a gym"
    missing = parse_reference("more like that trumpet photo")
    assert missing is not None and isinstance(resolve(missing, SHOWN), str)  # a guess: no record
    for plain in ("more like that one", "this same photo, more like it"):
        ref = parse_reference(plain)
        assert ref is not None and ref.about is None and ref.position == 1


def test_a_guessed_reference_points_back_when_it_asks_for_likeness() -> None:
    """ "the one with X, anything like it?" points at a shown record even when none holds X;
    "the one with X" alone, "that X photo" and a name are guesses that may be requests."""
    asked = parse_reference("the one with the bride, anything like it?")
    assert (
        asked is not None
        and asked.guessed
        and points_back(asked, "the one with the bride, anything like it?")
    )
    plain = parse_reference("the photo with the bride")
    assert plain is not None and not points_back(plain, "the photo with the bride")
    that = parse_reference("more like that conference photo")
    assert that is not None and not points_back(that, "more like that conference photo")
    named = parse_reference("more like the Hill District one")
    assert named is not None and not points_back(named, "more like the Hill District one")


@pytest.mark.parametrize(
    "text",
    ["the one Luke Swank took, more of those", "and the one Sol Libsohn made: anything like it?"],
)
def test_the_one_a_maker_took_points_back_at_it(text: str) -> None:
    """ "The one X took" was shown, as the person thinks: when none of the shown ones is by
    that maker, the answer says so instead of searching the name. So does a turn that opens with
    "the X one" (since stop 47); "more like the X one" stays a guess that may be a request (a
    place's name reads like a maker's)."""
    ref = parse_reference(text)
    assert ref is not None and ref.guessed and ref.creator and points_back(ref, text)
    said = resolve(ref, SHOWN)
    assert isinstance(said, str) and f"is by {ref.creator}" in said
    opening = "the Sol Libsohn one, more in that vein"
    named = parse_reference(opening)
    assert named is not None and points_back(named, opening)
    said = resolve(named, SHOWN)
    assert isinstance(said, str) and "is by Sol Libsohn or has those words in its title" in said
    later = "more like the Sol Libsohn one"
    assert not points_back(parse_reference(later), later)  # type: ignore[arg-type]


def test_the_one_a_maker_took_is_that_makers_record() -> None:
    ref = parse_reference("the one Eugene Smith took, more like it")
    assert ref is not None and ref.creator == "Eugene Smith" and resolve(ref, SHOWN) is SHOWN[1]
    liked = parse_reference("I like the one Luke Swank took")  # no likeness asked: a guess
    assert liked is not None and not points_back(liked, "I like the one Luke Swank took")


@pytest.mark.parametrize(
    ("text", "position", "list_about"),
    [
        ("the second salon there, more like it", 2, "salon"),
        ("the very last salon, more like it", -1, "salon"),
        ("the sixth group of seven, anything like it?", 6, "group of seven"),
        ("the fourth bride: more like her", 4, "bride"),
        ("like the first tiara, from the 1950s only", 1, "tiara"),
        ("who's in the last truck?", -1, "truck"),
        ("the second row house there, more like it", 2, "row house"),  # a two-word subject
        ("more like the 2nd house and the 4th", 2, "house"),  # the first pointer of two
        ("more along the lines of house three", 3, "house"),  # a number word after it
    ],
)
def test_an_ordinal_and_a_subject_without_a_noun_count_in_that_subjects_list(
    text: str, position: int, list_about: str
) -> None:
    """Only a reference when a shown list was searched for the subject (`names_list`; the
    planner reads "more like the last supper" as a request when none was)."""
    ref = parse_reference(text)
    assert ref is not None and (ref.position, ref.list_about, ref.names_list) == (
        position,
        list_about,
        True,
    )
    assert list_named(["beauty shops and hair salons"], "salon") == -1
    assert list_named(["beauty shops and hair salons"], "supper") is None


def test_a_digit_ordinal_before_a_subject_and_a_noun_is_the_first_pointer_after_like() -> None:
    ref = parse_reference("more like the 2nd satin one and the 4th")
    assert ref is not None and (ref.position, ref.list_about) == (2, "satin")


def test_counting_words_and_nouns_after_an_ordinal_are_no_subject() -> None:
    for text, position in (
        ("more like the first two", 1),
        ("more like the second one", 2),
        ("more like picture two", 2),
        ("the second photo, more like it", 2),
        ("the second to last, more like it", -2),
    ):
        ref = parse_reference(text)
        assert ref is not None and (ref.position, ref.list_about) == (position, None)


def test_a_subject_list_is_found_among_searches_before_more_like_lists() -> None:
    """ "back to the trolleys" after "more like the Wilkinsburg Trolley one": the trolley search,
    not the records like one trolley (whose query holds the word by chance)."""
    queries = ["trolleys and streetcars in the city", "like: (Downtown: People Boarding Trolley)"]
    assert list_named(queries, "trolleys") == -2
    assert list_named(["like: Boarding Trolley"], "trolleys") == -1  # no search: the like list


def test_a_lower_case_word_before_one_names_a_shown_record_by_its_title() -> None:
    text = "the duckpins one, similar ones please"
    ref = parse_reference(text)
    assert ref is not None and (ref.about, ref.guessed) == ("duckpins", True)
    assert points_back(ref, text)  # it opens the turn: one shown, none holds it, said so
    back = "back to the banners: the Red Cross one, similar"
    assert points_back(parse_reference(back), back)  # type: ignore[arg-type]
    saint = "the St. James one, similar ones please"  # a name with a dot
    assert points_back(parse_reference(saint), saint)  # type: ignore[arg-type]
    later = "more like the duckpins one"
    assert not points_back(parse_reference(later), later)  # type: ignore[arg-type]
    for plain in ("the same one again, more like it", "the Luke Swank one, more like it"):
        other = parse_reference(plain)
        assert other is not None and other.about is None


def test_that_photo_of_something_is_the_record_just_described() -> None:
    ref = parse_reference("more like that photo of the streetcar")
    assert ref is not None and (ref.about, ref.demonstrative) == ("the streetcar", True)
    the = parse_reference("more like the photo of the streetcar")
    assert the is not None and not the.demonstrative


def test_a_filler_word_after_an_ordinal_is_no_subject() -> None:
    for text in ("similar to the 1st please", "the second again, more like it"):
        ref = parse_reference(text)
        assert ref is not None and ref.list_about is None and not ref.names_list


def test_ordinals_past_the_twelfth_are_positions() -> None:
    ref = parse_reference("the fifteenth: more like it?")
    assert ref is not None and ref.position == 15
    said = resolve(ref, SHOWN)  # fewer shown: the answer asks which one
    assert isinstance(said, str) and "which one do you mean" in said


def test_of_those_after_an_ordinal_is_no_subject() -> None:
    for text, position in (
        ("the second of those, more like it", 2),
        ("the last of them, similar ones please", -1),
    ):
        ref = parse_reference(text)
        assert ref is not None and (ref.position, ref.list_about) == (position, None)


def test_the_one_at_the_end_is_the_last_record() -> None:
    for text in ("the one at the very end, more like it", "the photo at the end, similar please"):
        ref = parse_reference(text)
        assert ref is not None and ref.position == -1, text
    assert parse_reference("something like the end of the war") is None


def test_the_one_at_or_in_a_place_names_a_shown_record_by_its_title() -> None:
    ref = parse_reference("the one at the Centre Avenue YMCA, similar ones please")
    assert ref is not None and ref.guessed and ref.about == "the Centre Avenue YMCA"
    church = parse_reference("the one in the church, more like it")
    assert church is not None and church.about == "the church"
    # a period or the place in the list is no title
    assert (parse_reference("more like the one in the 1950s") or Reference()).about is None
    assert (parse_reference("the one in the middle, more like it") or Reference()).about is None


def test_a_list_is_named_by_a_word_said_alike_when_none_is_said_the_same() -> None:
    assert list_named(["piano players at work"], "pianist") == -1
    assert list_named(["grads in their caps and gowns", "cats"], "graduates") == -2
    # the same word first, wherever it is
    assert list_named(["graduate portraits", "grads in gowns"], "graduates") == -2
    assert list_named(["hats"], "hog") is None  # too short to be alike
    assert list_named(["hats", "cars"], "carpets") is None  # "car" is too little of "carpet"


def test_a_guessed_name_not_among_the_makers_may_be_a_name_in_a_title() -> None:
    shown = [
        ArchiveRecord(id="a", title="Anniversary dinner at the Loendi Club", description="",
                      summary="", creator="Charles Harris", score=0.5),
        ArchiveRecord(id="b", title="Mrs. W.C. Stallworth being presented with flowers",
                      description="", summary="", creator="Charles Harris", score=0.5),
    ]  # fmt: skip
    ref = parse_reference("back to the anniversaries: the Stallworth one, similar")
    assert ref is not None and ref.guessed and ref.creator == "Stallworth"
    assert resolve(ref, shown) is shown[1]
    # "the one by ..." names a maker: a title does not answer it
    by = Reference(creator="Stallworth")
    assert (
        resolve(by, shown)
        == "None of the 2 records I showed is by Stallworth. Which one do you mean?"
    )


@pytest.mark.parametrize(
    ("text", "position", "about"),
    [
        ("the second hoops photo: more along those lines?", 2, "hoops"),
        ("more in the spirit of baseball shot three", 3, "baseball"),
        ("the one down at the end, more of that sort", -1, None),
        ("the bowl just above the last one, more like it", -2, None),
        ("scout picture twelve: anything like it?", 12, "scout"),
        ("and the second-to-last of the 1900s prints, similar ones", -2, "1900s"),
        ("second from the bottom of those new ones, similar", -2, "new"),
        ("fireplace shot two, show me its kind", 2, "fireplace"),
        ("returning to the leaning list: the final one, similar please", -1, "leaning list"),
        ("the guard just above the bottom one, more like it", -2, None),
        ("neon picture fifteen: anything like it?", 15, "neon"),
        ("picture nine up there, more of its sort", 9, None),
        ("more like picture two", 2, None),
        ("altar photo two, find its likes", 2, "altar"),
        ("the first spoon: anything comparable?", 1, "spoon"),
        # a place in the list said as a place, a slot or a position
        ("the mayor shot in third place, show me similar ones", 3, None),
        ("the courthouse picture in slot two: others like it?", 2, None),
        ("now the first one of those new results: anything close?", 1, "new"),
        ("the police picture at the very end, more like that one", -1, None),
        ("the bottom elevation in that list, drawings like it only", -1, "elevation"),
    ],
)
def test_more_ways_to_point_at_a_shown_record(text: str, position: int, about: str | None) -> None:
    ref = parse_reference(text)
    assert ref is not None and (ref.position, ref.list_about) == (position, about), text


def test_a_time_before_the_last_of_something_is_no_pointer() -> None:
    assert parse_reference("photos from just before the last war") is None


def test_a_list_named_by_words_no_search_had_is_the_newest_searched_for_a_subject() -> None:
    queries = ["twentieth-century prints", "like: Georgics", "like: Denizen of the Lake"]
    assert list_named(queries, "1900s") is None
    assert newest_searched(queries) == -3
    assert newest_searched(["hats", "cars"]) == -1
    assert newest_searched(["like: Georgics"]) is None


def test_what_a_shown_record_shows_is_a_question_about_it() -> None:
    ref = parse_reference("what does the first sign photo show?")
    assert ref is not None and ref.describe
    assert (ref.position, ref.list_about) == (1, "sign")


@pytest.mark.parametrize(
    ("text", "position", "list_about", "about"),
    [
        # a likeness said "along that line" or "in that line"
        ("the first chapel picture, more in that line", 1, "chapel", None),
        ("harbor photo three, more along that line", 3, "harbor", None),
        # the last of a list named by two words, then "shown": not "that one" after "like"
        ("the very last boat race shown, just photos like that one", -1, "boat race", None),
        # a shown record named by two words of its title
        ("the cigar store one, more like it please", None, None, "cigar store"),
        ("more like that Bell Tower photo", None, None, "Bell Tower"),
    ],
)
def test_likeness_along_a_line_and_two_word_subjects(
    text: str, position: int | None, list_about: str | None, about: str | None
) -> None:
    ref = parse_reference(text)
    assert ref is not None
    assert (ref.position, ref.list_about, ref.about) == (position, list_about, about)


def test_two_words_before_one_stop_at_a_pointer_word() -> None:
    assert parse_reference("stand in that line for tickets") is None
    ref = parse_reference("more like that old photo")
    assert ref is not None and ref.about == "old"


def test_a_rundown_of_a_shown_record_asks_about_it() -> None:
    ref = parse_reference("give me a rundown of the first sailor picture")
    assert ref is not None and ref.describe and ref.position == 1


@pytest.mark.parametrize(
    "text", ["a close-up of a face", "people standing close together", "kids in third place"]
)
def test_close_and_a_place_in_a_race_point_at_nothing(text: str) -> None:
    assert parse_reference(text) is None


def test_words_every_shown_record_holds_tell_none_apart() -> None:
    """ "the nurse uniform one" in a list of uniforms: "uniform" is in every title, so only
    "nurse" can tell the record meant, and none holds it."""
    uniforms = [
        ArchiveRecord(id=f"u{i}", title=t, description="", summary="", creator="", score=0.5)
        for i, t in enumerate(
            [
                "Groom wearing light colored military uniform",
                "Soldier in Army uniform with medals",
                "Band members in uniform on parade",
            ]
        )
    ]
    nurse = resolve(Reference(about="nurse uniform", guessed=True), uniforms)
    assert isinstance(nurse, str) and nurse.startswith("None of the 3 records")
    assert resolve(Reference(about="army uniform", guessed=True), uniforms) is uniforms[1]
    assert resolve(Reference(about="uniform", guessed=True), uniforms) is uniforms[0]
    # the words of the list's own subject, when the turn goes back to it by name
    mixed = [*uniforms[:2], ArchiveRecord(id="t", title="Men in tuxedos", description="",
                                          summary="", creator="", score=0.5)]  # fmt: skip
    back = Reference(about="nurse uniform", guessed=True, list_about="uniform list")
    assert isinstance(resolve(back, mixed), str)
    assert resolve(Reference(about="nurse uniform", guessed=True), mixed) is mixed[0]


@pytest.mark.parametrize(
    ("text", "position", "list_about"),
    [
        # likeness said as look-alikes, kin, "its like", "near", matches
        ("third fireplace shot, find me its look-alikes", 3, "fireplace"),
        ("harbor picture four, bring up its kin", 4, "harbor"),
        ("the chapel shot sitting second, bring up its like", 2, None),
        ("now the top one of that new batch: anything near it?", 1, None),
        ("the first crowd shot, but only matches from the fifties", 1, "crowd"),
        ("the opening jazz picture, more along those lines", 1, "jazz"),
        ("the spoon one up from the bottom, more along those lines", -2, None),
        # a noun with a number word is read before "number four"
        ("more like theatre shot two, plus number four", 2, "theatre"),
    ],
)
def test_likeness_said_other_ways_and_places_said_with_verbs(
    text: str, position: int, list_about: str | None
) -> None:
    ref = parse_reference(text)
    assert ref is not None and (ref.position, ref.list_about) == (position, list_about), text


def test_a_record_named_at_the_turns_start_without_the() -> None:
    ref = parse_reference("candlestick one: anything resembling it?")
    assert ref is not None and ref.about == "candlestick" and ref.guessed
    assert points_back(ref, "candlestick one: anything resembling it?")
    assert parse_reference("this one, more like it") is not None  # "that one", not a title
    assert parse_reference("this one, more like it").about is None  # type: ignore[union-attr]


def test_walk_me_through_asks_about_a_record() -> None:
    ref = parse_reference("walk me through the first fireplace photo")
    assert ref is not None and ref.describe and (ref.position, ref.list_about) == (1, "fireplace")


@pytest.mark.parametrize(
    "text", ["boxing matches from the fifties", "the opening ceremony", "a kit for first aid"]
)
def test_matches_and_openings_that_point_at_nothing(text: str) -> None:
    assert parse_reference(text) is None


@pytest.mark.parametrize(
    ("text", "position"),
    [
        # a place said by what the record does to the list
        ("the harbor shot that leads the list, similar ones", 1),
        ("whatever bridge picture closes out the list, give me others like it", -1),
        ("the chapel one that ends the list: more like it", -1),
        ("and the lead picture among these: what resembles it?", 1),
        ("the fountain picture that came up second, match it for me", 2),
        ("describe the parade shot that's third in line", 3),
        ("the trophy shot third from the top: find its match", 3),
        ("the vase listed just ahead of the last one, others in that mold", -2),
        ("the bottommost chair, fifties matches only", -1),
        # likeness said with match, sort, mold and echo
        ("the fifth cake picture, dig up ones that look the same", 5),
        ("the sixth tiara photo, anything else of that sort?", 6),
        ("the second sketch in that list, only drawings that echo it", 2),
    ],
)
def test_places_said_by_what_a_record_does_to_the_list(text: str, position: int) -> None:
    ref = parse_reference(text)
    assert ref is not None and ref.position == position, text


def test_a_description_of_a_record_asks_about_it_and_those_results_name_a_list() -> None:
    ref = parse_reference("give me a description of the second podium picture")
    assert ref is not None and ref.describe and ref.position == 2
    back = parse_reference("go back to those first trophy results and match the very bottom one")
    assert back is not None and (back.position, back.list_index) == (-1, 1)


@pytest.mark.parametrize(
    "text", ["a boxing match in the ring", "the lead singer of the band", "boxing matches only"]
)
def test_matches_and_leads_that_point_at_nothing(text: str) -> None:
    assert parse_reference(text) is None
