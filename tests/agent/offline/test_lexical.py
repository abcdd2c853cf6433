"""The lexical relevance grader (a heuristic stand-in for an LLM grader): which evidence
makes it reject the first records, and which does not."""

from __future__ import annotations

from discovery.agent.offline.lexical import KeyTerms, LexicalGrader, describes
from discovery.agent.offline.terms import TermStats
from discovery.agent.responses import ArchiveRecord

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


def test_describes_counts_the_content_words_of_the_title() -> None:
    assert describes(record("Marching band in parade honoring Pittsburgh Pirates"))
    assert not describes(record("The Sleeve"))
    assert not describes(record("Coffeepot"))


def test_support_is_the_share_of_described_records_holding_a_key_word() -> None:
    ships = record("Ships in the harbor at dusk", "Photographic negative.")
    sea = "paintings of the sea or ships"
    assert grader().support(sea, "sea ships", [ships, *DESCRIBED]) == 0.25
    assert grader().support(sea, "sea ships", [ships] * 4) == 1.0
    assert grader().support(sea, "sea ships", NAMED) is None  # cannot tell


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
