"""Unit tests: the offline extractive summarizer (a stand-in when no LLM is configured)."""

from __future__ import annotations

from discovery.catalog.records import CatalogItem
from discovery.catalog.summarize import (
    SUMMARY_MAX,
    ExtractiveSummarizer,
    Summarizer,
    extractive_summary,
    first_sentence,
    lead_clause,
)

TEENIE = 'Charles "Teenie" Harris'
# A real Teenie Harris caption (CMOA, CC0): long, one sentence, many clauses.
PORTRAIT = (
    "Portrait of smiling woman wearing dark suit with pleated skirt, light colored blouse with "
    "sheer ruffled collar, wristwatch, and button earrings, posed seated on rug covered bench, "
    "in front of light colored circular background, in Harris Studio"
)


def archive_item(title: str, **metadata: object) -> CatalogItem:
    return CatalogItem(
        id="cmoa:things/test",
        kind="archive",
        name=title[:120],
        title=title,
        description="Photographic negative.",
        metadata=metadata,
        embedding_text=title,
    )


def test_long_caption_keeps_whole_leading_clauses() -> None:
    summary = extractive_summary(
        {"title": PORTRAIT, "creator": TEENIE, "date": "c. 1940-1950", "media_type": "photograph"}
    )
    assert len(summary) <= SUMMARY_MAX
    assert summary.startswith("Portrait of smiling woman wearing dark suit with pleated skirt")
    assert summary.endswith(f". {TEENIE}, c. 1940-1950; photograph.")
    lead = summary.split(f". {TEENIE}")[0]
    assert PORTRAIT.startswith(lead) and PORTRAIT[len(lead)] == ","  # cut at a clause boundary


def test_short_title_with_all_facts() -> None:
    fields = {
        "title": "No. 82 Lincoln streetcar on snowy Centre Avenue near YMCA, Hill District",
        "creator": TEENIE,
        "date": "c. 1965-1975",
        "media_type": "photograph",
        "place": "Hill District, Pittsburgh, PA",
    }
    assert extractive_summary(fields) == (
        "No. 82 Lincoln streetcar on snowy Centre Avenue near YMCA, Hill District. "
        f"{TEENIE}, c. 1965-1975; photograph; Hill District, Pittsburgh, PA."
    )


def test_museum_object() -> None:
    fields = {"title": "Old Trees", "creator": "Robert Swain Gifford", "date": "1883"}
    assert extractive_summary({**fields, "media_type": "drawing"}) == (
        "Old Trees. Robert Swain Gifford, 1883; drawing."
    )
    assert extractive_summary({"title": "Bowl", "date": "c. 1925"}) == "Bowl. c. 1925."


def test_first_sentence_skips_abbreviations_and_initials() -> None:
    text = "Rev. George A. Fitch placing crown on Desiree Nelson, no. 6 winner. Second sentence."
    assert first_sentence(text) == (
        "Rev. George A. Fitch placing crown on Desiree Nelson, no. 6 winner."
    )
    assert first_sentence("One. Two.") == "One."
    assert first_sentence("No full stop here") == "No full stop here"


def test_lead_clause_falls_back_to_a_word_boundary() -> None:
    words = "word " * 80
    lead = lead_clause(words, limit=50)
    assert len(lead) <= 50 and lead.endswith("…")
    assert lead.removesuffix("…").split() == ["word"] * len(lead.removesuffix("…").split())


def test_without_facts_uses_the_description() -> None:
    fields = {
        "name": "search_archives",
        "description": "Search heritage archives by meaning. Returns ranked items.",
    }
    assert extractive_summary(fields) == "search_archives. Search heritage archives by meaning."
    assert extractive_summary({"title": "Untitled"}) == "Untitled."
    assert extractive_summary({}) == ""


def test_summary_is_never_longer_than_the_limit() -> None:
    fields = {"title": "x" * 1000, "creator": "c" * 500, "date": "1950", "media_type": "print"}
    assert len(extractive_summary(fields)) <= SUMMARY_MAX


def test_extractive_summarizer_reads_item_fields() -> None:
    summarizer = ExtractiveSummarizer()
    assert isinstance(summarizer, Summarizer)
    item = archive_item(PORTRAIT, creator=TEENIE, date="1946", media_type="photograph", tags=[])
    summary = summarizer.summarize(item)
    assert summary.endswith(f"{TEENIE}, 1946; photograph.") and len(summary) <= SUMMARY_MAX
    assert item.model_copy(update={"summary": summary}).content_hash == item.content_hash
