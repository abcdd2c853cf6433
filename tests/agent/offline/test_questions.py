"""The local planner's reading of catalog questions and the sentences it answers them with."""

from __future__ import annotations

import pytest

from discovery.agent.facts_tool import FACTS_TOOL, FactsArtifact
from discovery.agent.offline.answers import answer, templates
from discovery.agent.offline.question_calls import facts_args, question_calls
from discovery.agent.offline.questions import CatalogQuestion, parse_question
from discovery.agent.offline.shown_facts import within_counted
from discovery.agent.tools import SEARCH_TOOL

PHOTOS = {"media_type": "photograph"}
DRAWINGS = {"media_type": "drawing"}
DECADE_1950S = {"year_from": 1950, "year_to": 1959}


def _assert_own_subject(text: str, kind: str, subject: str, filters: dict[str, object]) -> None:
    """The question is parsed with its own subject and filters, not about the last search."""
    question = parse_question(text)
    assert question is not None
    assert (question.kind, question.subject, question.filters) == (kind, subject, filters)
    assert not question.about_previous


def _assert_points_back(text: str, kind: str, filters: dict[str, object]) -> None:
    """The question is parsed as one about the last search: no subject of its own."""
    question = parse_question(text)
    assert question is not None
    assert (question.kind, question.subject, question.filters) == (kind, "", filters)
    assert question.about_previous


@pytest.mark.parametrize(
    ("text", "kind", "subject", "filters"),
    [
        ("how many photographs of Lena Horne?", "count", "lena horne", PHOTOS),
        ("How many paintings are there?", "count", "", {"media_type": "painting"}),
        (
            "how many jazz photos from the 1950s?",
            "count",
            "jazz",
            {"media_type": "photograph", "year_from": 1950, "year_to": 1959},
        ),
        ("who made the crèche figures?", "creator", "crèche figures", {}),
        ("Who took the church photographs?", "creator", "church", PHOTOS),
        ("which artists painted landscapes?", "creator", "landscapes", {}),
        ("do you know who made the teapots?", "creator", "teapots", {}),
        ("count the photos of Joe Louis", "count", "joe louis", PHOTOS),
        ("what decades do you have jazz photos from?", "period", "jazz", PHOTOS),
        ("how old are the creche figures?", "period", "creche figures", {}),
        ("when were the boxing photos taken?", "period", "boxing", PHOTOS),
        # where the archive keeps them is no subject
        ("how many films are kept in this archive?", "count", "", {"media_type": "film"}),
        ("how many photos of boxers are stored here?", "count", "boxers", PHOTOS),
    ],
)
def test_questions_with_their_own_subject_are_parsed(
    text: str, kind: str, subject: str, filters: dict[str, object]
) -> None:
    _assert_own_subject(text, kind, subject, filters)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("how many are there in total?", "count"),
        ("how many are there?", "count"),
        ("who took these photos?", "creator"),
        ("who took them?", "creator"),
        ("who made these?", "creator"),
        ("tell me who took these pictures", "creator"),
        ("ok, whose work is this?", "creator"),
        ("what decades are they from?", "period"),
        ("when were these taken?", "period"),
    ],
)
def test_questions_pointing_back_are_about_the_previous_search(text: str, kind: str) -> None:
    question = parse_question(text)
    assert question is not None
    assert (question.kind, question.subject, question.about_previous) == (kind, "", True)


@pytest.mark.parametrize(
    "text",
    [
        "boxing photos",
        "show me jazz musicians in a nightclub",
        "only the ones from the 1950s",
        "more like the second one",
        "who's in the third photo?",
        "photos of people who made steel",
        "hello there!",
    ],
)
def test_searches_and_other_turns_are_not_catalog_questions(text: str) -> None:
    assert parse_question(text) is None


def test_units_are_centuries_for_how_old_and_centuries() -> None:
    assert parse_question("how old are the teapots?").unit == "century"  # type: ignore[union-attr]
    assert parse_question("which centuries are the prints from?").unit == "century"  # type: ignore[union-attr]
    assert parse_question("what decades are the prints from?").unit == "decade"  # type: ignore[union-attr]


def test_a_question_pointing_back_takes_the_previous_subject_and_filters() -> None:
    question = parse_question("how many of them are from the 1950s?")
    assert question is not None and question.about_previous
    previous = {"query": "boxing photos", "media_type": "photograph"}
    args = facts_args(question, previous)
    assert args == {
        "subject": "boxing",
        "media_type": "photograph",
        "year_from": 1950,
        "year_to": 1959,
    }
    # Nothing searched before: the whole archive.
    assert facts_args(question, None) == {"subject": "", "year_from": 1950, "year_to": 1959}


def test_a_count_pointing_back_keeps_the_words_the_shown_records_hold() -> None:
    question = parse_question("and how many is that altogether?")
    assert question is not None and question.about_previous
    shown = [
        "Members of the Urban League at a banquet",
        "Urban League officers seated at table",
        "Crowd at Urban League meeting in auditorium",
    ]
    previous = {"query": "urban league get-togethers"}
    assert facts_args(question, previous) == {"subject": "urban league get-togethers"}
    # The records on screen never say "get-togethers": counting it would count almost nothing.
    assert facts_args(question, previous, (), shown) == {"subject": "urban league"}
    # Held by none of them: the word held most stays rather than nothing.
    tugs = ["Tugboat on the river", "Ring", "Crowd"]
    assert facts_args(question, {"query": "harbor tugboats"}, (), tugs) == {"subject": "tugboats"}
    # A word is held in any of its forms: "Boxers in a gym" holds "boxing" and "gyms".
    boxing = facts_args(question, {"query": "boxing gyms"}, (), ["Boxers in a gym", "Ring"])
    assert boxing == {"subject": "boxing gyms"}
    # A name the records write capitalized stays, however few of them hold it.
    hotels = ["Ballroom of the Hilton Hotel", "Hotel lobby", "Hotel Webster Hall", "Hotel bar"]
    assert facts_args(question, {"query": "hilton hotel"}, (), hotels) == {
        "subject": "hilton hotel"
    }
    # A quoted phrase must be held as written: kept.
    clubs = facts_args(question, {"query": "women's clubs"}, (), ["Ladies' tea"])
    assert clubs == {"subject": '"women\'s clubs"'}


def test_a_count_pointing_back_that_names_its_subject_counts_what_it_names() -> None:
    """ "how many casket photos are left?" after "mourners around a casket at the funeral home"
    and "the fifties only": caskets of the fifties, not only those at a funeral home."""
    question = parse_question("so how many casket photos are left?")
    assert question is not None and question.about_previous and not question.among
    previous = {"query": "mourners around casket funeral home fifties", **PHOTOS}
    previous |= {"year_from": 1950, "year_to": 1959}
    shown = ["Casket in funeral home", "Mourners at funeral home, casket", "Funeral home casket"]
    args = facts_args(question, previous, (), shown)
    assert args == {"subject": "casket", **PHOTOS, "year_from": 1950, "year_to": 1959}
    # Named in other words, it is counted in the search's ("phone" was searched as "telephone").
    phone = parse_question("how many phone pictures are left?")
    assert phone is not None
    assert facts_args(phone, {"query": "telephone booths"})["subject"] == "telephone"  # type: ignore[index]


def test_a_count_naming_only_what_the_last_narrowing_added_counts_the_narrowed_records() -> None:
    """ "how many bow tie ones does that leave?" after "men in tuxedos", "only the ones with a
    bow tie": the tuxedos with a bow tie."""
    question = parse_question("how many bow tie ones does that leave?")
    assert question is not None and question.about_previous
    previous = {"query": "men in tuxedos bow tie", **PHOTOS}
    shown = ["Man in tuxedo and bow tie", "Men wearing tuxedos and bow ties", "Tuxedo, bow tie"]
    narrowed = facts_args(question, previous, (), shown, ["bow tie"])
    assert narrowed == {"subject": "tuxedos bow tie", **PHOTOS}
    # Without the narrowing (the bow ties were asked for in the first search): what it names.
    assert facts_args(question, previous, (), shown) == {"subject": "bow tie", **PHOTOS}


def test_a_count_naming_a_searched_activity_without_ing_counts_the_plainer_word() -> None:
    """ "those golf photos" after "folks out golfing": "golf" holds both, "golfing" only the
    records that spell it out."""
    question = parse_question("what's the number of those golf photos?")
    assert question is not None and question.about_previous
    args = facts_args(question, {"query": "folks out golfing"}, (), ["Golf course", "Golfers"])
    assert args["subject"] == "golf"
    boxing = parse_question("how many of those boxing photos are there?")
    assert boxing is not None
    assert facts_args(boxing, {"query": "boxing"}, (), ["Boxers"])["subject"] == "boxing"


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("across what decades do the NAACP pictures run?", "naacp"),
        ("how many police photos are on file?", "police"),
        ("how many photos of people running?", "running"),
    ],
)
def test_a_questions_own_verbs_are_no_subject(text: str, subject: str) -> None:
    question = parse_question(text)
    assert question is not None and question.subject == subject


def test_calls_show_records_only_for_a_question_with_its_own_subject() -> None:
    own = parse_question("how many photographs of Lena Horne?")
    assert own is not None
    calls = question_calls(own, None, SEARCH_TOOL, FACTS_TOOL, {"match_count": 10})
    assert [c["name"] for c in calls] == [FACTS_TOOL, SEARCH_TOOL]
    assert calls[1]["args"] == {"query": "lena horne", "match_count": 10, **PHOTOS}
    back = parse_question("who took these?")
    assert back is not None
    calls = question_calls(back, {"query": "boxing"}, SEARCH_TOOL, FACTS_TOOL, {})
    assert [c["name"] for c in calls] == [FACTS_TOOL]


def _artifact(**fields: object) -> FactsArtifact:
    base: dict[str, object] = {"subject": "jazz", "filters": {"media_type": "photograph"}}
    return FactsArtifact.model_validate(base | fields)


def test_answers_state_the_computed_figures() -> None:
    count = CatalogQuestion("count", "jazz")
    assert answer(count, _artifact(total=1234)) == (
        'The archive has 1,234 photographs matching "jazz".'
    )
    assert "no photographs" in answer(count, _artifact(total=0))
    creators = [("Charles Harris", 30), ("W. Eugene Smith", 2), ("Luke Swank", 1)]
    text = answer(CatalogQuestion("creator"), _artifact(total=33, creators=creators))
    assert "Charles Harris (30), then W. Eugene Smith (2) and Luke Swank (1)" in text
    alone = answer(CatalogQuestion("creator"), _artifact(total=4, creators=[("Hiroshige", 4)]))
    assert alone == 'All 4 photographs matching "jazz" are by Hiroshige.'
    decades = [(1930, 1), (1940, 6), (1950, 8), (1960, 3), (1970, 2)]
    facts = _artifact(total=20, decades=decades, earliest=1938, latest=1975)
    period = answer(CatalogQuestion("period"), facts)
    assert "mostly from the 1940s to the 1960s (earliest 1938, latest 1975)" in period
    centuries = answer(CatalogQuestion("period", unit="century"), facts)
    assert "the 20th century" in centuries


def test_a_creator_answer_names_every_tied_creator_not_one_as_the_most() -> None:
    creators = [("Carl-Henning Pedersen", 1), ("Ellsworth Kelly", 1), ("Jiro Yoshihara", 1)]
    facts = _artifact(total=7, creators=creators, filters={"media_type": "painting"})
    text = answer(CatalogQuestion("creator"), facts)
    assert "most were made" not in text
    assert "Carl-Henning Pedersen, Ellsworth Kelly and Jiro Yoshihara made 1 each" in text
    assert text.endswith("among others.")  # 3 of the 7 paintings named
    pair = _artifact(total=4, creators=[("A", 2), ("B", 2)])
    assert answer(CatalogQuestion("creator"), pair).endswith("A and B made 2 each.")


def test_a_creator_answer_names_the_creators_tied_after_the_first_not_two_at_random() -> None:
    creators = [("Tobias Madison", 2), ("Edgar Arceneaux", 1), ("James Coleman", 1)]
    creators += [("Lothar Baumgarten", 1), ("Mike Kelley", 1), ("Paul Chan", 1)]
    facts = _artifact(total=7, creators=creators, filters={"media_type": "installation"})
    text = answer(CatalogQuestion("creator"), facts)
    assert (
        "most were made by Tobias Madison (2), then Edgar Arceneaux (1), James Coleman (1), "
        in text
    )
    assert "Lothar Baumgarten (1) and Mike Kelley (1), among others." in text  # Paul Chan left
    # no tie at the cut: the next two, as before
    plain = [("A", 5), ("B", 3), ("C", 2), ("D", 1)]
    text = answer(CatalogQuestion("creator"), _artifact(total=11, creators=plain))
    assert text.endswith("most were made by A (5), then B (3) and C (2).")


def test_every_answer_template_renders() -> None:
    values = {
        "what": "records",
        "total": "3",
        "first": "A",
        "first_count": "2",
        "others": "",
        "span": "the 1950s",
        "earliest": 1950,
        "latest": 1959,
        "undated": 0,
        "kind": "records",
        "subject": "x",
        "names": "A and B",
        "more": "",
        "creator": "A",
        "year": "1950",
        "asked": "x y",
        "said": "sax",
        "mates": "saxophone",
        "answer": "The archive has 3 records.",
    }
    for name, template in templates().items():
        assert template.format(**values), name


def test_a_question_about_pictures_taken_asks_about_photographs() -> None:
    question = parse_question("when were the boxing pictures taken?")
    assert question is not None and question.filters == {"media_type": "photograph"}
    back = parse_question("who took these?")  # the thread's search keeps its own filters
    assert back is not None and back.about_previous and back.filters == {}


@pytest.mark.parametrize(
    ("text", "subject", "filters"),
    [
        ("what's the number of prints by Hiroshige?", "hiroshige", {"media_type": "print"}),
        ("number of photos of Joe Louis?", "joe louis", PHOTOS),
        ("total number of photographs of jazz?", "jazz", PHOTOS),
        ("give me a count of the jazz photos", "jazz", PHOTOS),
        ("what's the count for baseball photos", "baseball", PHOTOS),
        ("how many records mention the Crawford Grill", "crawford grill", {}),
        ("how many photographs did Teenie Harris take?", "teenie harris", PHOTOS),
        ("How many paintings does the museum have", "", {"media_type": "painting"}),
        ("how many items are in the collection", "", {}),
        ("what is the approximate number of quilts?", "quilts", {}),
        ("how many works are called untitled?", "untitled", {}),  # a title's word
        ("how many prints are titled harbor", "harbor", {"media_type": "print"}),
        # a verb of having, a scope over every kind of record
        ("how many quilts does the museum keep?", "quilts", {}),
        ("how many works of every kind name a lantern in the title?", "lantern", {}),
        ("how many pieces of all kinds show a bridge?", "bridge", {}),
    ],
)
def test_counts_phrased_many_ways_keep_only_their_subject(
    text: str, subject: str, filters: dict[str, object]
) -> None:
    question = parse_question(text)
    assert question is not None and question.kind == "count"
    assert (question.subject, question.filters, question.about_previous) == (
        subject,
        filters,
        False,
    )


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("how many such photos are there", "count"),
        ("what is the total?", "count"),
        ("what is the exact count of those?", "count"),
        ("how many in all?", "count"),
        ("and how many are from the 1940s?", "count"),
        ("who's the photographer?", "creator"),
        ("who are these by?", "creator"),
        ("what photographer took them?", "creator"),
        ("what artist made these", "creator"),
        ("who is behind these photos", "creator"),
        ("who made most of them?", "creator"),
        ("what years do they cover", "period"),
        ("what's the date range?", "period"),
        ("how many textiles is that?", "count"),
        ("how many does that make?", "count"),
        ("so how many prints did that come to", "count"),
        ("what does that come to, in number?", "count"),
        ("give me a head count of those", "count"),
        ("what do they add up to?", "count"),
        ("and the grand total of those?", "count"),
        ("count 'em for me", "count"),
    ],
)
def test_questions_phrased_many_ways_point_back(text: str, kind: str) -> None:
    question = parse_question(text)
    assert question is not None
    assert (question.kind, question.subject, question.about_previous) == (kind, "", True)


def test_creator_questions_name_their_subject_without_question_words() -> None:
    for text, subject in [
        ("which photographer took the boxing photos?", "boxing"),
        ("who's the maker of the teapots?", "teapots"),
        ("which painters made the landscapes?", "landscapes"),
        ("which artists drew the twentieth-century drawings?", ""),  # a period, hyphenated
        ("who made the 18th-century prints?", ""),
    ]:
        question = parse_question(text)
        assert question is not None and (question.kind, question.subject) == ("creator", subject)


def test_one_record_is_named_in_the_singular() -> None:
    one = _artifact(total=1, creators=[("Hiroshige", 1)], decades=[(1850, 1)], earliest=1852,
                    latest=1852)  # fmt: skip
    assert answer(CatalogQuestion("count", "jazz"), one) == (
        'The archive has 1 photograph matching "jazz".'
    )
    assert answer(CatalogQuestion("creator"), one) == (
        'The only photograph matching "jazz" is by Hiroshige, dated 1852.'
    )


def test_questions_after_a_search_by_likeness_ask_about_the_records_it_showed() -> None:
    back = parse_question("who took these?")
    assert back is not None
    previous = {"query": "like: Teakettle Stand", "similar_to": "r1"}
    assert facts_args(back, previous, ["a", "b"]) == {"subject": "", "item_ids": ["a", "b"]}
    assert facts_args(back, {"query": "boxing"}, ["a", "b"]) == {"subject": "boxing"}
    shown = _artifact(subject="", total=2, item_ids=["a", "b"], creators=[("Harris", 2)])
    assert answer(CatalogQuestion("creator"), shown) == (
        "All 2 photographs I showed are by Harris."
    )
    assert answer(CatalogQuestion("count"), shown).startswith(
        "Those are the 2 photographs I showed"
    )


# Questions written for issue 17's generality check, phrased apart from the conversation sets.
@pytest.mark.parametrize(
    ("text", "kind", "subject", "filters"),
    [
        ("what's the number of photos of dancers?", "count", "dancers", PHOTOS),
        ("count the paintings of rivers", "count", "rivers", {"media_type": "painting"}),
        ("how many trumpet players are there?", "count", "trumpet players", {}),
        ("number of pictures of Billy Eckstine", "count", "billy eckstine", PHOTOS),
        ("could you count the drawings of horses for me?", "count", "horses", DRAWINGS),
        ("how many women's clubs are there?", "count", '"women\'s clubs"', {}),
        ('how many "steel mill" photos are in the archive?', "count", '"steel mill"', PHOTOS),
        ("which photographer shot the parades?", "creator", "parades", PHOTOS),
        ("who photographed the picnics?", "creator", "picnics", PHOTOS),
        ("who's the artist behind the teapots?", "creator", "teapots", {}),
        ("who painted the harbor scenes?", "creator", "harbor", {}),
        ("what years are the fire engine photos from?", "period", "fire engine", PHOTOS),
        ("how old are the quilts?", "period", "quilts", {}),
        ("when were the skating pictures taken?", "period", "skating", PHOTOS),
        ("from what decades are the band photographs?", "period", "band", PHOTOS),
    ],
)
def test_questions_written_apart_from_the_sets_are_parsed(
    text: str, kind: str, subject: str, filters: dict[str, object]
) -> None:
    _assert_own_subject(text, kind, subject, filters)


@pytest.mark.parametrize(
    ("text", "kind", "filters"),
    [
        ("how many in total?", "count", {}),
        ("and how many of those are from the 1950s?", "count", DECADE_1950S),
        ("can you count them?", "count", {}),
        ("total?", "count", {}),
        ("how many did you find?", "count", {}),
        ("by who?", "creator", {}),
        ("by which photographer?", "creator", PHOTOS),
        ("who made these?", "creator", {}),
        ("any idea who photographed these?", "creator", {}),
        ("which artists are they by?", "creator", {}),
        ("how old are these?", "period", {}),
        ("what years are they from?", "period", {}),
        ("when were they made?", "period", {}),
        ("what time period do these cover?", "period", {}),
        # the word alone, idioms of a total, makers "of those", what was just shown
        ("centuries?", "period", {}),
        ("so what about their dates?", "period", {}),
        ("how many is that, all told?", "count", {}),
        ("so the total comes to?", "count", {}),
        ("and the artists of those?", "creator", {}),
        ("which factories made them?", "creator", {}),
        ("how many pieces from those two centuries?", "count", {}),
        ("who took the photos you just showed me?", "creator", PHOTOS),
    ],
)
def test_questions_pointing_back_written_apart_from_the_sets(
    text: str, kind: str, filters: dict[str, object]
) -> None:
    _assert_points_back(text, kind, filters)


def test_a_question_pointing_back_keeps_the_previous_phrase_and_drops_a_change_of_mind() -> None:
    back = parse_question("how many are there?")
    assert back is not None
    clubs = facts_args(back, {"query": "women's clubs"})
    assert clubs == {"subject": '"women\'s clubs"'}
    mind = facts_args(back, {"query": "actually forget that nightclubs"})
    assert mind == {"subject": "nightclubs"}


def test_a_narrowing_count_shows_the_narrowed_records_too() -> None:
    narrowed = parse_question("how many of those are from the 1950s?")
    assert narrowed is not None
    previous = {"query": "jazz", "media_type": "photograph"}
    calls = question_calls(narrowed, previous, SEARCH_TOOL, FACTS_TOOL, {})
    assert [c["name"] for c in calls] == [FACTS_TOOL, SEARCH_TOOL]
    assert calls[1]["args"] == {"query": "jazz", **PHOTOS, **DECADE_1950S}
    same = parse_question("how many are there?")
    assert same is not None
    assert len(question_calls(same, previous, SEARCH_TOOL, FACTS_TOOL, {})) == 1


def test_a_relaxed_count_says_which_words_it_counted() -> None:
    facts = _artifact(subject="glass", asked="glass pittsburgh", total=26, filters={})
    text = answer(CatalogQuestion("count", "glass pittsburgh"), facts)
    assert text == (
        'No record holds every word of "glass pittsburgh". '
        'The archive has 26 records matching "glass".'
    )


def test_a_phrase_no_record_holds_is_answered_as_its_words_and_said_so() -> None:
    facts = _artifact(subject="women's clubs", asked='"women\'s clubs"', unquoted=True, total=33)
    text = answer(CatalogQuestion("count", '"women\'s clubs"'), facts)
    assert text.startswith('No record has the phrase "women\'s clubs" as written')
    assert text.endswith('The archive has 33 photographs matching "women\'s clubs".')


@pytest.mark.parametrize(
    ("text", "extra"),
    [
        ("how many of those are by Teenie Harris?", "teenie harris"),
        ("how many of them show children?", "children"),
        ("how many of the results mention Pittsburgh?", "pittsburgh"),
        ("who made the ones among these with a piano?", "piano"),
    ],
)
def test_a_question_among_the_shown_records_adds_its_subject_to_the_previous_one(
    text: str, extra: str
) -> None:
    question = parse_question(text)
    assert question is not None and question.about_previous and question.subject == extra
    previous = {"query": "jazz musicians", **PHOTOS}
    assert facts_args(question, previous) == {"subject": f"jazz musicians {extra}", **PHOTOS}
    calls = question_calls(question, previous, SEARCH_TOOL, FACTS_TOOL, {})
    assert calls[1]["args"] == {"query": f"jazz musicians {extra}", **PHOTOS}
    # After a search by likeness: the shown records, narrowed by the words.
    like = facts_args(question, {"query": "like: x", "similar_to": "r1"}, ["r1", "r2"])
    assert like == {"subject": extra, "item_ids": ["r1", "r2"]}


@pytest.mark.parametrize(
    ("text", "kind", "subject", "media"),
    [
        # media types named by a plural or a phrase, not by the words a record must hold
        ("how many movies does the museum have?", "count", "", "film"),
        ("tally up the motion pictures", "count", "", "film"),  # "tally" is a count word
        ("number of videos in the archive?", "count", "", "video"),
        ("who are the makers of the video installations?", "creator", "", "video"),
        ("how many decorative arts objects are there?", "count", "", "decorative art"),
        ("who made the decorative bowls?", "creator", "bowls", "decorative art"),
        # makers by their trade after "by" are not subject words; a nationality stays
        ("how many church drawings by architects are there?", "count", "church", "drawing"),
        ("count the harbor prints by Japanese artists", "count", "harbor japanese", "print"),
        # a verb that says the media type
        ("who sketched the bridges?", "creator", "bridges", "drawing"),
        # a printmaker by the technique: prints
        ("who were the etchers, then?", "creator", "", "print"),
        ("which lithographers made the posters?", "creator", "posters", "print"),
    ],
)
def test_media_types_and_makers_are_read_apart_from_the_subject(
    text: str, kind: str | None, subject: str, media: str
) -> None:
    question = parse_question(text)
    if kind is None:
        assert question is None
        return
    assert question is not None
    assert (question.kind, question.subject) == (kind, subject)
    assert question.filters.get("media_type", "") == media


def test_a_count_pointing_back_at_drawings_by_architects_counts_the_subject() -> None:
    question = parse_question("so what's the total number?")
    assert question is not None and question.about_previous
    previous = {"query": "church drawings by architects", **DRAWINGS}
    assert facts_args(question, previous) == {"subject": "church", **DRAWINGS}


MEDIEVAL = {"year_from": 500, "year_to": 1499}
RENAISSANCE = {"year_from": 1400, "year_to": 1599}
AFTER_1940S = {**PHOTOS, "year_from": 1950}
SCULPTURES = {"media_type": "sculpture"}
FILMS = {"media_type": "film"}


@pytest.mark.parametrize(
    ("text", "kind", "subject", "filters"),
    [
        ("how many hockey pics do you have", "count", "hockey", PHOTOS),
        ("how many items from before 1850 does the museum have?", "count", "", {"year_to": 1849}),
        ("number of objects in the catalog older than 1700", "count", "", {"year_to": 1699}),
        ("count the post-1960 prints", "count", "", {"media_type": "print", "year_from": 1961}),
        ("how many medieval things are in your collection?", "count", "", MEDIEVAL),
        ("how many renaissance medals are there", "count", "medals", RENAISSANCE),
        ("how many photos of trolleys after the 1940s?", "count", "trolleys", AFTER_1940S),
        ("who were the principal photographers of the mill strikes?", "creator",
         "mill strikes", PHOTOS),
        ("which cinematographers are in the archive?", "creator", "", FILMS),
        ("who are the sculptors represented in the collection?", "creator", "", SCULPTURES),
        ("who are the film makers across the whole archive?", "creator", "", FILMS),
        ("when were the pre-1900 maps made?", "period", "maps", {"year_to": 1899}),
    ],
)  # fmt: skip
def test_questions_with_trades_eras_and_open_periods_are_parsed(
    text: str, kind: str, subject: str, filters: dict[str, object]
) -> None:
    _assert_own_subject(text, kind, subject, filters)


@pytest.mark.parametrize(
    ("text", "kind", "filters"),
    [
        ("which printmakers appear here?", "creator", {"media_type": "print"}),
        ("what painters made these?", "creator", {"media_type": "painting"}),
        ("how many items like that are there?", "count", {}),
        ("how many of these are older than 1900?", "count", {"year_to": 1899}),
        ("what era are they from?", "period", {}),
        ("when were these made?", "period", {}),
    ],
)
def test_questions_pointing_back_with_trades_and_periods(
    text: str, kind: str, filters: dict[str, object]
) -> None:
    _assert_points_back(text, kind, filters)


@pytest.mark.parametrize(
    "text", ["who were they taken by?", "who was this one made by?", "who are those pictures by"]
)
def test_who_was_it_made_by_is_a_creator_question_pointing_back(text: str) -> None:
    question = parse_question(text)
    assert question is not None and (question.kind, question.about_previous) == ("creator", True)


@pytest.mark.parametrize(
    ("text", "kind", "subject", "back"),
    [
        ("is there a tally of the hockey photos?", "count", "hockey", False),
        ("what's the tally?", "count", "", True),
        ("How big is the set of Hiroshige prints?", "count", "hiroshige", False),
        ("how many big band photos?", "count", "big band", False),
        ("name the photographers please", "creator", "", True),
        ("could you list all the artists?", "creator", "", True),
        ("how recent are these?", "period", "", True),
        ("how new are the chairs?", "period", "chairs", False),
    ],
)
def test_tallies_lists_of_makers_and_recency_are_catalog_questions(
    text: str, kind: str, subject: str, back: bool
) -> None:
    question = parse_question(text)
    assert question is not None
    assert (question.kind, question.subject, question.about_previous) == (kind, subject, back)


def test_listing_records_is_no_question_about_their_makers() -> None:
    assert parse_question("list the photos of trains") is None
    assert parse_question("name three jazz clubs") is None


def test_a_trade_pointing_back_asks_about_its_media_without_narrowing_the_shown_records() -> None:
    question = parse_question("who's the photographer?")
    assert question is not None and question.by_trade
    previous = {"query": "loendi club members", "year_from": 1940, "year_to": 1949}
    calls = question_calls(question, previous, SEARCH_TOOL, FACTS_TOOL, {})
    assert [c["name"] for c in calls] == [FACTS_TOOL]  # the records are already on screen
    assert calls[0]["args"]["media_type"] == "photograph"
    named = parse_question("how many of those are photographs?")  # a media type named narrows
    assert named is not None and not named.by_trade
    assert len(question_calls(named, previous, SEARCH_TOOL, FACTS_TOOL, {})) == 2


def test_how_many_like_that_after_a_likeness_counts_the_records_it_showed() -> None:
    question = parse_question("and how many items like that are there?")
    assert question is not None and question.about_previous
    previous = {"query": "like: Boxers sparring", "similar_to": "r9", "media_type": "photograph"}
    assert facts_args(question, previous, ["r1", "r2"]) == {"subject": "", "item_ids": ["r1", "r2"]}


def test_a_span_of_centuries_is_one_phrase_and_a_shown_answer_says_so() -> None:
    centuries = [(1520, 3), (1610, 4), (1750, 5), (1840, 1)]
    facts = _artifact(total=13, decades=centuries, earliest=1499, latest=1850)
    text = answer(CatalogQuestion("period", unit="century"), facts)
    assert "mostly from the 16th to 18th centuries (earliest 1499, latest 1850)" in text
    asked = _artifact(subject="steel mills industry", asked="pittsburgh steel mills industry")
    shown = _artifact(subject="", item_ids=["r1", "r2"], total=2, creators=[("Luke Swank", 2)])
    said = answer(CatalogQuestion("creator", about_previous=True), shown, asked)
    assert said.startswith('No record holds every word of "pittsburgh steel mills industry", so')
    assert "All 2 photographs I showed are by Luke Swank." in said


def test_decades_spread_over_centuries_are_said_as_centuries() -> None:
    spread = [(1750, 3), (1820, 3), (1960, 4)]
    facts = _artifact(total=10, decades=spread, earliest=1750, latest=1965)
    text = answer(CatalogQuestion("period"), facts)  # "what era ...?": decades by default
    assert "mostly from the 18th to 20th centuries" in text
    close = _artifact(total=10, decades=[(1940, 6), (1950, 4)], earliest=1941, latest=1958)
    assert "mostly from the 1940s to the 1950s" in answer(CatalogQuestion("period"), close)
    ancient = _artifact(total=6, decades=[(-2510, 3), (1900, 3)], earliest=-2505, latest=1910)
    assert "the 26th BCE to 20th centuries" in answer(CatalogQuestion("period"), ancient)


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("who directed these?", ""),
        ("who wrote the letters?", "letters"),
        ("whose are the maps?", "maps"),
    ],
)
def test_more_creator_verbs(text: str, subject: str) -> None:
    question = parse_question(text)
    assert question is not None and (question.kind, question.subject) == ("creator", subject)


@pytest.mark.parametrize(
    ("text", "kind", "subject"),
    [
        # a craft's makers ask who made the records; the trade is not what they hold
        ("which silversmiths made the spoons?", "creator", "spoons"),
        ("who were the cabinetmakers of the desks?", "creator", "desks"),
        ("whose garden drawings are these?", "creator", "garden"),
        ("when were they photographed?", "period", ""),
        ("when was the bridge built?", "period", "bridge"),
        # depicted, not made: the trade stays the subject of a count
        ("how many photos of potters?", "count", "potters"),
    ],
)
def test_crafts_whose_and_more_period_verbs(text: str, kind: str, subject: str) -> None:
    question = parse_question(text)
    assert question is not None and (question.kind, question.subject) == (kind, subject)


def test_a_spelled_out_century_is_a_period_and_no_subject() -> None:
    question = parse_question("count up the prints made in the twentieth century")
    assert question is not None and question.subject == ""
    assert question.filters == {"media_type": "print", "year_from": 1900, "year_to": 1999}
    assert parse_question("how many architecture pieces?").filters == {  # type: ignore[union-attr]
        "media_type": "architecture"
    }


@pytest.mark.parametrize(
    ("text", "kind", "subject"),
    [
        ("name the artists of the lithographs", "creator", "lithographs"),
        ("how many etchings are there?", "count", "etchings"),
        ("what decades are the watercolors from?", "period", "watercolors"),
    ],
)
def test_a_technique_is_the_subject_within_its_media_type(
    text: str, kind: str, subject: str
) -> None:
    """The lithographs are some of the prints: the question counts and names those records
    (the records' media say "Lithograph on paper"), not every print."""
    media = {"lithographs": "print", "etchings": "print", "watercolors": "drawing"}[subject]
    _assert_own_subject(text, kind, subject, {"media_type": media})


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("how many photos show someone on the telephone?", "telephone"),
        ("how many Japanese works are there, all kinds together?", "japanese"),
    ],
)
def test_general_words_are_no_subject_of_a_count(text: str, subject: str) -> None:
    question = parse_question(text)
    assert question is not None and question.subject == subject


def test_men_and_women_are_held_in_a_count_where_people_are_not() -> None:
    question = parse_question("how many photographs show a woman in a plaid skirt?")
    assert question is not None and question.subject == "woman plaid skirt"
    people = parse_question("how many photographs show people kneeling?")
    assert people is not None and people.subject == "kneeling"
    # the men of the search pointed back at were its words, not the question's
    left = parse_question("how many does that leave?")
    assert left is not None and facts_args(left, {"query": "men walking dogs"}) == {
        "subject": "walking dogs"
    }


def test_a_question_pointing_back_adds_only_the_words_it_does_not_restate() -> None:
    """ "how many of those women on the phone?" after a search for someone on the telephone:
    "phone" says "telephone" again (WordNet), "women" is new; "handshakes" says "shaking"."""
    question = parse_question("how many of those women on the phone are there?")
    assert question is not None and question.about_previous
    args = facts_args(question, {"query": "somebody talking telephone"})
    assert args == {"subject": "talking telephone women"}
    shake = parse_question("how many handshakes with women does that leave?")
    assert shake is not None
    # what it names, in the search's words (not among the records shown: no "of those")
    args = facts_args(shake, {"query": "two people shaking hands ceremony"})
    assert args == {"subject": "shaking women"}
    # naming more than the last narrowing added ("women"): still what it names
    args = facts_args(
        shake, {"query": "two people shaking hands ceremony women"}, (), (), ["women"]
    )
    assert args == {"subject": "shaking women"}
    # "pew" says "pews" again, a searched word the records shown do not hold: it is counted
    pew = parse_question("so how many pew shots remain?")
    assert pew is not None and pew.about_previous
    shown = ["Interior view of the church from the altar", "Church choir on the steps"]
    args = facts_args(pew, {"query": "pews filling church sanctuary"}, ["a", "b"], shown)
    assert args == {"subject": "pews"}  # what it names, as the search said it


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("how many photos of cats or dogs are there?", "cats or dogs"),
        ("how many bridal photos with lace or tulle?", "bridal lace or tulle"),
        ("count the boxers, or wrestlers, from the 1950s", "boxers or wrestlers"),
        ("how many pictures of cars or buses or trucks", "cars or buses or trucks"),
        ("how many jazz photos or paintings?", "jazz"),
        ("and the total number of bowling shots?", "bowling"),
        # plural nouns of a list are alternatives too; adjectives and "X at Y" are not
        ("how many mirrors and clocks?", "mirrors or clocks"),
        ("how many porcelain cups, bowls and teapots?", "porcelain cups or bowls or teapots"),
        ("how many German and Dutch candlesticks?", "german dutch candlesticks"),
        ("how many caskets at funerals?", "caskets funerals"),
    ],
)
def test_words_joined_by_or_stay_alternatives_in_the_subject(text: str, subject: str) -> None:
    question = parse_question(text)
    assert question is not None and question.subject == subject


def test_a_firm_is_a_maker_and_wearing_no_subject() -> None:
    firm = parse_question("which firm designed the Mercer Residence?")
    assert firm is not None and (firm.kind, firm.subject) == ("creator", "mercer residence")
    kids = parse_question("how many kids wearing suspenders are there?")
    assert kids is not None and kids.subject == "kids suspenders"


def test_that_mid_question_does_not_point_back() -> None:
    question = parse_question("how many photographs show that kind of thing at a picnic?")
    assert question is not None and not question.about_previous


def test_a_question_after_a_count_is_within_it_when_it_points_among_or_names_nothing() -> None:
    def within(text: str) -> bool:
        question = parse_question(text)
        assert question is not None
        return within_counted(question, text)

    assert within("and how many of those date before 1700?")
    assert within("how many are from the 1950s?")
    assert not within("how many prints are there overall?")  # prints counted anew
    assert not within("how many paintings by Hopper are there?")


def test_period_words_and_the_words_of_a_spread_are_no_subject() -> None:
    films = parse_question("who made the films from the early seventies?")
    assert films is not None and films.subject == ""
    assert films.filters == {"media_type": "film", "year_from": 1970, "year_to": 1979}
    spread = parse_question("over what centuries are they spread?")
    assert spread is not None and spread.kind == "period"
    assert spread.subject == "" and spread.about_previous
    early = parse_question("how many such early objects exist?")  # "such": the ones found
    assert early is not None and early.subject == "" and early.about_previous
    chairs = parse_question("how many early american chairs?")  # no period named: a subject
    assert chairs is not None and chairs.subject == "early american chairs"


def test_his_her_and_a_leading_only_point_back() -> None:
    his = parse_question("how many prints of his are there in all?")
    assert his is not None and his.subject == "" and his.about_previous
    only = parse_question("only the sculptures: how many?")
    assert only is not None and only.about_previous
    assert only.filters == {"media_type": "sculpture"}
    whole = parse_question("how many sculptures are there?")
    assert whole is not None and not whole.about_previous


def test_a_subject_restated_of_what_was_found_keeps_that_searchs_filters() -> None:
    """ "how many Italian pieces is that?" after "Italian decorative objects" counts the Italian
    decorative art found, not every Italian record; a new subject, or no pointer, does not."""
    previous = {"query": "italian decorative objects", "media_type": "decorative art"}
    restated = parse_question("how many Italian pieces is that?")
    assert restated is not None and restated.found and not restated.about_previous
    assert facts_args(restated, previous) == {"subject": "italian", "media_type": "decorative art"}
    found = parse_question("how many Italian pieces did you find?")
    assert found is not None and facts_args(found, previous)["media_type"] == "decorative art"
    other = parse_question("how many Japanese pieces did you find?")
    assert other is not None and facts_args(other, previous) == {"subject": "japanese"}
    general = parse_question("how many Italian pieces are there?")
    assert general is not None and not general.found
    assert facts_args(general, previous) == {"subject": "italian"}


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("how many does that leave?", ""),
        ("so what count remains after that?", ""),
        ("how many are still in there?", ""),
        ("how many are left?", ""),
        ("how many gown ones does that leave?", "gown"),
    ],
)
def test_what_a_narrowing_left_is_counted_in_the_previous_search(text: str, subject: str) -> None:
    """ "How many does that leave?" after "only the ones with a bow tie" counts that search,
    not the word "leave"; a subject of its own that the narrowing added ("only the gowns") is
    added to the search's words."""
    question = parse_question(text)
    assert question is not None and question.kind == "count"
    assert (question.subject, question.about_previous) == (subject, True)
    previous = {"query": "men tuxedos bow tie", "year_from": 1950, "year_to": 1959}
    args = facts_args(question, previous, (), (), [subject] if subject else [])
    assert args["subject"].split()[:3] == ["tuxedos", "bow", "tie"]
    assert (args["year_from"], args["year_to"]) == (1950, 1959)
    still = parse_question("how many still lifes are there?")
    assert still is not None and still.subject == "still lifes" and not still.about_previous


def test_an_article_after_or_keeps_the_alternatives() -> None:
    question = parse_question("what's the total of photographs with drums or a drummer?")
    assert question is not None and question.subject == "drums or drummer"


def test_a_word_no_record_says_is_answered_with_the_catalogs_word_and_said_so() -> None:
    facts = _artifact(subject="saxophone", asked="sax", replaced={"sax": "saxophone"}, total=18)
    text = answer(CatalogQuestion("count", "sax"), facts)
    assert text.startswith('No record says "sax"; counting the catalog\'s word "saxophone"')
    assert text.endswith('The archive has 18 photographs matching "saxophone".')


def test_what_the_ones_come_to_is_a_count_and_done_is_no_subject() -> None:
    question = parse_question("what do the church piano ones come to?")
    assert question is not None and question.kind == "count"
    assert question.subject == "church piano"
    assert parse_question("what does the bill come to?") is None
    done = parse_question("how many drawings done in the 1950s?")
    assert done is not None and done.subject == ""
    assert done.filters == {"media_type": "drawing", "year_from": 1950, "year_to": 1959}


def test_what_a_narrowing_leaves_is_no_subject_word() -> None:
    question = parse_question("how many sax ones does that leave?")
    assert question is not None and (question.subject, question.about_previous) == ("sax", True)
    left = parse_question("and how many are left now?")
    assert left is not None and (left.subject, left.about_previous) == ("", True)
    total = parse_question("so what was the total on those?")
    assert total is not None and (total.kind, total.about_previous) == ("count", True)


@pytest.mark.parametrize(
    "text",
    [
        "what is the bowling photo count?",
        "what does that Forbes Field batch add up to?",
        "what do those jazz pictures amount to?",
        "what's the textile total, then?",
    ],
)
def test_more_wordings_of_a_count(text: str) -> None:
    question = parse_question(text)
    assert question is not None and question.kind == "count", text


def test_a_count_of_that_batch_points_back_with_its_own_subject() -> None:
    question = parse_question("what does that Forbes Field batch add up to?")
    assert question is not None and question.about_previous
    assert question.subject == "forbes field"  # "batch" is no word of the records


def test_a_general_noun_a_count_among_the_records_asks_for_is_its_subject() -> None:
    question = parse_question("how many of those older drawings are portraits?")
    assert question is not None and question.about_previous
    assert (question.subject, question.filters) == ("portraits", {"media_type": "drawing"})
    # not an adjective, nor a media type
    assert (parse_question("how many of these are old?") or CatalogQuestion("count")).subject == ""
    photos = parse_question("how many of those are photographs?")
    assert photos is not None and photos.subject == ""
    # a search's general word is still no subject
    plain = parse_question("how many portraits are there?")
    assert plain is not None and plain.subject == ""


def test_the_makers_of_those_may_be_named_two_ways() -> None:
    question = parse_question("and the authors or artists of those were?")
    assert question is not None and question.kind == "creator" and question.about_previous


def test_belong_and_fall_in_are_words_of_a_period_question() -> None:
    for text in ("which decades do the candlelit photos belong to?",
                 "so which decades do those jazz prints fall in?"):  # fmt: skip
        question = parse_question(text)
        assert question is not None and question.kind == "period", text
        assert not {"belong", "fall"} & set(question.subject.split()), text


def test_what_time_asks_about_a_period_only_with_a_period_word() -> None:
    assert parse_question("what time does the sun set in December?") is None
    frame = parse_question("which time frame do the quilts come from?")
    assert frame is not None and (frame.kind, frame.subject) == ("period", "quilts")
    period = parse_question("what time period are these from?")
    assert period is not None and period.kind == "period" and period.about_previous


def test_a_fall_that_is_no_period_word_stays_a_subject() -> None:
    question = parse_question("how many photos of the fall harvest?")
    assert question is not None and question.subject == "fall harvest"


def test_a_word_the_question_leaves_out_is_no_name_for_being_capitalized_in_a_title() -> None:
    """ "those dog photos" after "folks with their dogs": the "Old Folks" of one shown title
    keeps "folks" only when the question says nothing of the search's words."""
    question = parse_question("what's the number of those dog photos?")
    assert question is not None and question.about_previous
    shown = [
        'Women at the annual "Old Folks" picnic with a dog',
        "Girl with two small dogs on a sidewalk",
        "Man walking his dog",
    ]
    previous = {"query": "folks with their dogs"}
    args = facts_args(question, previous, ["a", "b", "c"], shown)
    assert args == {"subject": "dogs", "media_type": "photograph"}
    bare = parse_question("how many are there in all?")
    assert bare is not None
    assert facts_args(bare, previous, ["a", "b", "c"], shown) == {"subject": "folks dogs"}


def test_those_before_a_subject_the_search_had_keeps_its_filters() -> None:
    """ "who made those older porcelain pieces?" after "just the porcelain ones" of decorative
    pieces made before 1900 asks about those, not every porcelain piece; a subject the search
    did not have is counted whole."""
    previous = {"query": "decorative pieces porcelain", "media_type": "decorative art",
                "year_to": 1899}  # fmt: skip
    those = parse_question("who made those older porcelain pieces?")
    assert those is not None and those.found
    assert facts_args(those, previous) == {
        "subject": "porcelain", "media_type": "decorative art", "year_to": 1899
    }  # fmt: skip
    other = parse_question("who made those silver pieces?")
    assert other is not None
    assert facts_args(other, previous) == {"subject": "silver", "media_type": "decorative art"}


def test_modern_after_those_is_the_period_of_what_was_found() -> None:
    those = parse_question("so which decades do those modern prints fall in?")
    assert those is not None and those.about_previous and those.subject == ""
    art = parse_question("how many modern art pieces are there?")
    assert art is not None and art.subject == "modern art"


@pytest.mark.parametrize(
    ("text", "kind", "subject"),
    [
        ("what's the full count of fireplace photos?", "count", "fireplace"),
        ("which names are attached to those architecture records?", "creator", ""),
        ("which artists are responsible for the sculptures?", "creator", ""),
        ("across which decades do the kitchen photos fall?", "period", "kitchen"),
        # a hyphen beside a preposition joins a phrase's words
        ("what does the sofa-with-women tally come to?", "count", "sofa women"),
        ("how many photos of the fall harvest?", "count", "fall harvest"),
        ("who crafted those swords?", "creator", "swords"),
        ("which directors made the films here?", "creator", ""),
        ("who were the draftsmen on those?", "creator", ""),
        ("how many trophy photos are there, start to finish?", "count", "trophy"),
        ("how many jukebox photos turn up?", "count", "jukebox"),
        ("split the desk pictures up by decade for me", "period", "desk"),
        ("which centuries did the printmakers work in, going by the prints?", "period", ""),
        ("how many cake-and-women pictures does that leave?", "count", "cake women"),
        ("how many black-and-white photos?", "count", "black-and-white"),
    ],
)
def test_question_frames_said_other_ways(text: str, kind: str, subject: str) -> None:
    question = parse_question(text)
    assert question is not None and (question.kind, question.subject) == (kind, subject), text


def test_the_size_of_a_pile_after_a_cut_is_a_count_of_what_the_cut_left() -> None:
    question = parse_question("after that cut, what's the size of the harp pile from the sixties?")
    assert question is not None and question.kind == "count" and question.about_previous
    assert question.subject == "harp"
    assert parse_question("what size is the painting?") is None  # its dimensions: no count


def test_the_makers_names_asked_for_are_a_creator_question() -> None:
    for text in ("tell me the filmmakers' names", "what are the names of the photographers?"):
        question = parse_question(text)
        assert question is not None and question.kind == "creator" and question.about_previous
    assert parse_question("please identify the name of the creator of this ai") is None


def test_who_made_the_subject_named_again_keeps_the_searchs_kind_of_record() -> None:
    """ "and the dishes were made by whom?" after "serving dishes among the decorative objects":
    those dishes, decorative art; a count of them names its own scope."""
    question = parse_question("and the dishes were made by whom?")
    assert question is not None and not question.about_previous
    previous = {"query": "dishes", "media_type": "decorative art"}
    assert facts_args(question, previous) == {"subject": "dishes", "media_type": "decorative art"}
    count = parse_question("how many dishes are there?")
    assert count is not None
    assert facts_args(count, previous) == {"subject": "dishes"}
