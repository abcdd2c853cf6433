"""The catalog's word for a request word, in the sense the request means (the packaged model
chooses among WordNet's senses)."""

from __future__ import annotations

from discovery.agent.offline.refiner import LocalRefiner
from discovery.agent.offline.terms import TermStats
from discovery.agent.offline.word_senses import WordSenses
from discovery.agent.planning import RefineContext
from discovery.embeddings.local import LocalMiniLMEmbedder

# Records per word, as a catalog of about 5,000 records would count them.
COUNTS = [("photograph", 5000), ("zipper", 20), ("nothing", 40), ("energy", 30), ("saxophone", 60),
          ("microphone", 90), ("mike", 3), ("stage", 80), ("jacket", 150)]  # fmt: skip


def senses(embedder: LocalMiniLMEmbedder, counts: list[tuple[str, int]] = COUNTS) -> WordSenses:
    return WordSenses(TermStats(counts=counts), embedder.embed_documents)


def test_the_catalog_word_in_the_sense_the_request_means(embedder: LocalMiniLMEmbedder) -> None:
    # "zip" is also zero ("nothing") and vigour ("energy"), which the catalog uses more
    chooser, zip_request = senses(embedder), "a jacket that closes with a zip"
    assert {"zipper", "nothing", "energy"} <= set(chooser.candidates(zip_request))
    assert chooser.choose(zip_request) == "zipper"
    assert chooser.choose("a sax man wailing away") == "saxophone"
    assert chooser.choose("talking into the mike on stage") == "microphone"


def test_no_word_when_only_a_sense_the_request_does_not_mean_is_used(
    embedder: LocalMiniLMEmbedder,
) -> None:
    counts = [(w, n) for w, n in COUNTS if w != "zipper"]
    assert senses(embedder, counts).choose("a jacket that closes with a zip") is None


def test_the_catalogs_own_words_and_words_it_uses_everywhere_are_no_candidates(
    embedder: LocalMiniLMEmbedder,
) -> None:
    # "jacket" is the request's own word; a mate in more than 5% of the records tells nothing
    counts = [("photograph", 1000), ("saxophone", 60), ("sax", 200)]
    assert senses(embedder, counts).candidates("a sax man wailing away") == []
    common = [("photograph", 1000), ("saxophone", 400)]
    assert senses(embedder, common).candidates("a sax man wailing away") == []


def test_a_weak_search_adds_the_catalog_word(embedder: LocalMiniLMEmbedder) -> None:
    terms = TermStats(counts=COUNTS)
    refiner = LocalRefiner({}, terms, senses=WordSenses(terms, embedder.embed_documents))
    query = "sax man wailing away"
    ctx = RefineContext(request="a sax man wailing away", query=query, filters={},
                        reason="weak", tried=[query], titles=[])  # fmt: skip
    out = refiner.refine(ctx)
    assert out is not None and (out.query, out.strategy) == (f"{query} saxophone", "synonyms")
    without = LocalRefiner({}, terms).refine(ctx)
    assert without is None or "saxophone" not in without.query
