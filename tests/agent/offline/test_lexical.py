"""The lexical relevance grader (a heuristic stand-in for an LLM grader): which evidence
makes it reject the first records, and which does not; and the coverage reranker over hybrid
search: which records it moves up."""

from __future__ import annotations

import asyncio

from discovery.agent.offline.lexical import CoverageReranker, KeyTerms, LexicalGrader, describes
from discovery.agent.offline.terms import TermStats
from discovery.agent.responses import ArchiveRecord
from discovery.search.place_names import load_places, place_synonyms

# Records per word, as the catalog would count them.
COUNTS = [("sea", 5), ("ships", 4), ("wedding", 80), ("bride", 60), ("band", 60),
          ("marching", 50), ("painting", 300), ("abstract", 2)]  # fmt: skip
SYNONYMS = {"wedding": ["bride", "groom"]}
BOILERPLATE = "Painting by Hann Trier, 1963. Oil on canvas."


def grader() -> LexicalGrader:
    return LexicalGrader(KeyTerms(TermStats(counts=COUNTS), SYNONYMS))


def record(title: str, description: str = BOILERPLATE) -> ArchiveRecord:
    return ArchiveRecord(id=title, title=title, description=description, summary="", score=0.5)


DESCRIBED = [  # titles that say what the records show, none of them the sea or ships
    record("Group portrait of women seated at banquet table", "Photographic negative."),
    record("Men and women dancing in ballroom of hotel", "Photographic negative."),
    record("Children playing in swimming pool at park", "Photographic negative."),
]
NAMED = [record("Sailing"), record("White Painting"), record("The Sleeve")]


def test_accepts_records_that_hold_a_key_word_of_the_request() -> None:
    records = [record("Ships in the harbor at dusk"), *DESCRIBED[:2]]
    assert grader().grade("paintings of the sea or ships", "sea ships", records)


def test_rejects_records_whose_descriptive_titles_lack_every_key_word() -> None:
    assert not grader().grade("paintings of the sea or ships", "sea ships", DESCRIBED)


def test_titles_that_only_name_the_record_are_no_evidence_against_it() -> None:
    """The catalog's descriptions are boilerplate (maker, date, medium): "The Sleeve" cannot
    show that a painting is not abstract, so such records are not rejected for lacking it."""
    assert grader().grade("abstract paintings", "abstract paintings", NAMED)


def test_one_named_record_among_described_ones_does_not_save_them() -> None:
    records = [NAMED[0], *DESCRIBED[:2]]
    assert not grader().grade("paintings of the sea or ships", "sea ships", records)


def test_a_request_of_words_the_archive_never_uses_is_still_rejected() -> None:
    assert not grader().grade("qwzx plorkh", "qwzx plorkh", NAMED)


def test_a_key_word_counts_through_the_archives_own_synonym() -> None:
    records = [record("Bride and groom cutting the cake at reception hall"), *DESCRIBED[:2]]
    assert grader().grade("wedding photos", "wedding", records)


def test_a_key_word_counts_through_the_catalogs_word_for_an_everyday_one() -> None:
    """ "lady" is held by the women the catalog's captions name ("woman" in the everyday words'
    list), where the catalog barely says "lady"."""
    counted = LexicalGrader(KeyTerms(TermStats(counts=[*COUNTS, ("lady", 3), ("women", 90)]), {}))
    women = [record("Women in swimming suits at the pool"), *DESCRIBED[1:]]
    assert counted.grade("shots that include a lady", "lady", women)
    men = [record("Men in swimming suits at the pool"), record("Boys diving off a board here")]
    assert not counted.grade("shots that include a lady", "lady", men)


def test_describes_counts_the_content_words_of_the_title() -> None:
    assert describes(record("Marching band in parade honoring Pittsburgh Pirates"))
    assert not describes(record("The Sleeve"))
    assert not describes(record("Coffeepot"))


def test_support_is_the_share_of_described_records_holding_a_key_word() -> None:
    ships = record("Ships in the harbor at dusk", "Photographic negative.")
    sea = "paintings of the sea or ships"
    assert grader().support(sea, "sea ships", [ships, *DESCRIBED]) == 0.25
    assert grader().support(sea, "sea ships", [ships] * 4) == 1.0
    assert grader().support(sea, "sea ships", NAMED) == 0.0  # no key word at all, below


def test_support_leaves_out_a_key_word_far_more_common_than_the_rarest() -> None:
    """ "wedding" (80 records, "bride" 60) is no evidence next to "abstract" (2): records
    holding only the common word do not support the request."""
    weddings = [record(f"Bride and groom with wedding party number {i}", "Oil.") for i in range(4)]
    assert grader().support("abstract wedding", "abstract wedding", weddings) == 0.0
    assert grader().support("wedding", "wedding", weddings) == 1.0
    band = [record("Band on stage at hotel ballroom")] * 3
    assert grader().support("marching band", "marching band", band) == 1.0


def test_a_follow_up_that_names_no_subject_is_judged_on_the_query() -> None:
    """ "actually any decade is fine" searches the thread's subject: its own words ("actually",
    "fine", which the archive never uses) are not held against the records."""
    weddings = [record(f"Bride and groom with wedding party number {i}", "Oil.") for i in range(3)]
    assert grader().grade("actually any decade is fine", "wedding", weddings)
    assert not grader().grade("qwzx plorkh", "qwzx plorkh", weddings)


def test_no_key_word_in_any_first_record_is_no_support_whatever_the_titles() -> None:
    """ "abstract paintings" answered by paintings titled by name, none of which holds
    "abstract" even in its description: not rejected (the titles cannot show it), but nothing
    supports it, so it is doubtful and searched again."""
    assert grader().support("abstract paintings", "abstract paintings", NAMED) == 0.0
    assert grader().grade("abstract paintings", "abstract paintings", NAMED)
    named = [record("Sailing", "Painting of the sea by Hann Trier."), *NAMED[1:]]
    assert grader().support("paintings of the sea", "sea", named) is None  # cannot tell


def test_records_the_text_ranking_alone_found_on_part_of_the_words_are_no_support() -> None:
    """ "wedding ships": the BM25 leg ranks records holding "ships" alone first, and the dense
    ranking did not rank them (`text_only`): the two rankings disagree."""
    ships = [record(f"Ships in the harbor at dusk number {i}", "Oil.") for i in range(3)]
    request = "wedding ships"
    assert grader().support(request, request, ships) == 1.0
    text_only = [r.id for r in ships[:2]]
    assert grader().support(request, request, ships, text_only) == 0.0
    assert grader().support("ships", "ships", ships, text_only) == 1.0  # all its key words
    assert grader().support(request, request, ships, text_only[:1]) == 1.0  # one is not most


def test_period_words_are_not_key_words() -> None:
    """ "and from before 1850" names a period, not a subject: "before" (a word the catalog
    uses) is not held against the records."""
    counted = LexicalGrader(KeyTerms(TermStats(counts=[*COUNTS, ("before", 9)]), SYNONYMS))
    assert counted.keys.of("and from before 1850") == []
    assert counted.grade("and from before 1850", "glass objects 1850", DESCRIBED)


def test_support_counts_a_stem_as_the_catalog_does_not_stemmed_twice() -> None:
    """ "tuskegee" stems to "tuskege", which stems again to "tuskeg": counted twice over, the
    rarest key word looked absent (0 records) and every common one was left out."""
    counts = [("tuskegee", 3), ("army", 40)]
    stats = TermStats(counts=counts)
    assert stats.stem_freq("tuskege") == 3 and stats.doc_freq("tuskege") == 0
    army = [record(f"Portrait of man wearing Army uniform number {i}", "Photo.") for i in range(3)]
    counted = LexicalGrader(KeyTerms(stats, {}))
    assert counted.support("tuskegee army", "tuskegee army", army) == 1.0


def test_the_words_a_follow_up_opens_with_are_not_held_against_the_records() -> None:
    """ "ok, back to the band: only the 1950s" narrows the thread's search; "band", a word of
    its opening, is not what the records must show."""
    brides = [record(f"Bride and groom leaving church, ceremony {i}", "Oil.") for i in range(3)]
    assert grader().grade("ok, back to the band: only the 1950s", "wedding 1950s", brides)
    assert not grader().grade("only the band from the 1950s", "wedding band 1950s", brides)


def test_the_words_a_narrowing_is_said_with_are_not_held_against_the_records() -> None:
    """ "narrow it to the 1950s" narrows by a period: the records need not say "narrow"."""
    brides = [record(f"Bride and groom leaving church, ceremony {i}", "Oil.") for i in range(3)]
    narrow = LexicalGrader(KeyTerms(TermStats(counts=[*COUNTS, ("narrow", 40)]), SYNONYMS))
    assert narrow.grade("narrow it to the 1950s", "wedding 1950s", brides)
    assert not narrow.grade("a narrow street", "narrow street", brides)


def test_a_country_is_held_by_a_record_that_says_its_adjective() -> None:
    """The grader reads a country as the BM25 leg's place folding does: "objects from Hungary"
    is held by "Vase (Zsolnay, Hungarian)"; the synonyms come from `config/places.toml`."""
    counts = [*COUNTS, ("hungarian", 12), ("hungary", 1)]
    records = [
        record("Vase with iridescent glaze", "Zsolnay Porcelain Manufactory (Hungarian)"),
        *DESCRIBED[:2],
    ]
    plain = LexicalGrader(KeyTerms(TermStats(counts=counts), SYNONYMS))
    assert not plain.grade("objects from Hungary", "objects from hungary", records)
    folds = place_synonyms(load_places())
    assert "hungarian" in folds["hungary"] and "hungary" not in folds.get("hungarian", [])
    folded = LexicalGrader(KeyTerms(TermStats(counts=counts), {**folds, **SYNONYMS}))
    assert folded.grade("objects from Hungary", "objects from hungary", records)


def test_a_country_of_several_words_is_one_key_held_by_its_adjective() -> None:
    """The United Kingdom is one key: a record by a "British" artist holds it, although it
    says neither "united" nor "kingdom" (two keys, each unheld, rejected it before)."""
    counts = [*COUNTS, ("british", 40), ("united", 9), ("kingdom", 3)]
    records = [
        record("Office building on a London street, detail drawing",
               "Work by Sir Edwin Lutyens (British), c. 1904. Ink and watercolor."),
        *DESCRIBED[:2],
    ]  # fmt: skip
    request = "drawings and watercolors from the United Kingdom"
    folds = place_synonyms(load_places())
    assert "british" in folds["united kingdom"]
    folded = LexicalGrader(KeyTerms(TermStats(counts=counts), {**folds, **SYNONYMS}))
    assert folded.grade(request, request.lower(), records)
    assert not folded.grade(request, request.lower(), DESCRIBED)  # still judged on its words


def test_a_key_word_is_held_by_the_catalogs_other_spelling_of_it() -> None:
    """The catalog spells it "moustache": a request for "mustaches" is held by those records
    (before, the word was not checkable and the records were judged on "guys" alone)."""
    counts = [*COUNTS, ("moustache", 20), ("guys", 3)]
    records = [
        record("Portrait of man wearing moustache and Army uniform", "Photographic negative."),
        *DESCRIBED[:2],
    ]
    keys = KeyTerms(TermStats(counts=counts), SYNONYMS)
    assert {"moustach"} in keys.of("guys with mustaches")
    assert LexicalGrader(keys).grade("guys with mustaches", "guys with mustaches", records)
    assert not LexicalGrader(keys).grade("guys with mustaches", "guys with mustaches", DESCRIBED)


def reranked(query: str, titles: list[str]) -> list[str]:
    reranker = CoverageReranker(KeyTerms(TermStats(counts=COUNTS), SYNONYMS))
    records = [record(t, "Photographic negative.") for t in titles]
    return [r.title for r in asyncio.run(reranker.rerank(query, records))]


def test_the_coverage_reranker_moves_records_holding_more_key_words_up() -> None:
    fused = ["Harbor at dusk", "Ships in the harbor", "Ships at sea off the coast"]
    assert reranked("ships at sea", fused) == [
        "Ships at sea off the coast",
        "Ships in the harbor",
        "Harbor at dusk",
    ]


def test_a_rare_key_word_outweighs_two_common_ones() -> None:
    # abstract: 2 records of about 300; marching and band: 50 and 60
    fused = ["Marching band in parade", "Abstract composition in blue"]
    assert reranked("abstract marching band", fused) == fused[::-1]


def test_the_fused_order_is_kept_among_records_holding_the_same_words() -> None:
    fused = ["Sea at dawn", "Sea at noon", "Calm sea", "Stormy sea"]
    assert reranked("the sea", fused) == fused
    assert reranked("photographs", fused) == fused  # no key word: nothing to move


def test_a_record_far_down_the_pool_holding_every_key_word_overtakes_the_first() -> None:
    fused = [f"Portrait number {n}" for n in range(20)] + ["Ships at sea"]
    assert reranked("ships at sea", fused)[0] == "Ships at sea"


def test_records_in_general_and_eras_are_no_key_words() -> None:
    specific = KeyTerms.specific_words
    assert specific("objects from the industrial revolution") == ["industrial", "revolution"]
    assert specific("decorative pieces") == []
    assert specific("ok then medieval and renaissance objects") == []
    assert specific("folk art quilts") == ["folk", "quilts"]
    assert specific("only the fifties ones") == []
    assert specific("show me nineteenth-century prints") == []  # a century, one word
    assert specific("twentieth-century quilts") == ["quilts"]
    assert specific("only the 1940s ones from that batch") == []  # the records shown


def test_the_catalogs_synonym_a_refinement_added_holds_the_persons_word() -> None:
    counts = [("congregation", 40), ("faithful", 2), ("church", 900), ("sunday", 30)]
    keys = KeyTerms(TermStats(counts=counts), {})
    records = [
        record("Congregation gathered in interior of Central Baptist Church", "Negative."),
        record("Group portrait of congregation posed in front of altar", "Negative."),
        record("Congregation of women and men gathered in small church", "Negative."),
    ]
    request = "the faithful gathered for service"
    assert not LexicalGrader(keys).grade(request, "faithful gathered for service", records)
    refined = "faithful gathered for service congregation"  # WordNet: faithful, congregation
    assert LexicalGrader(keys).grade(request, refined, records)
    assert LexicalGrader(keys).support(request, refined, records) == 1.0
    # a word a refinement added that is no synonym of the person's words vouches for nothing
    assert not LexicalGrader(keys).grade(request, "faithful gathered for service church", records)
