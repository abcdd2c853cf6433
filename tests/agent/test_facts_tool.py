"""What the `catalog_facts` tool says it counted (pure)."""

from __future__ import annotations

from discovery.agent.facts_tool import (
    FactsArtifact,
    describe_facts,
    matched_subject,
    media_type_named,
)


def test_the_subject_counted_leaves_out_only_the_relaxed_words() -> None:
    assert matched_subject("glass pittsburgh", ["pittsburgh"]) == "glass"
    assert matched_subject('"women\'s clubs" pittsburgh', ["pittsburgh"]) == '"women\'s clubs"'
    assert matched_subject('"women\'s clubs"', []) == '"women\'s clubs"'  # "s" is no word


def test_a_relaxed_count_tells_the_model_what_was_asked() -> None:
    artifact = FactsArtifact(subject="glass", asked="glass pittsburgh", total=26)
    text = describe_facts(artifact)
    assert text.startswith('No record holds every word of "glass pittsburgh".')
    assert '26 records matching "glass"' in text


def test_a_phrase_counted_as_its_words_says_so() -> None:
    artifact = FactsArtifact(subject="women's clubs", asked='"women\'s clubs"', unquoted=True)
    assert describe_facts(artifact).startswith('No record holds the phrase "women\'s clubs"')


def test_a_subject_that_only_names_a_media_type_is_that_media_type() -> None:
    types = {"photograph", "book", "document", "decorative art", "mixed media"}
    assert media_type_named("books", types) == "book"
    assert media_type_named("Documents", types) == "document"
    assert media_type_named("mixed media", types) == "mixed media"
    assert media_type_named("children's books", types) is None  # a subject with the word
    assert media_type_named("books", {"photograph"}) is None  # a catalog without books
    assert media_type_named("", types) is None


def test_a_word_counted_as_the_catalogs_word_for_it_says_so() -> None:
    artifact = FactsArtifact(subject="saxophone", asked="sax", replaced={"sax": "saxophone"})
    text = describe_facts(artifact)
    said = 'No record uses "sax"; counted as the catalog\'s word for it, "saxophone"'
    assert text.startswith(said)
