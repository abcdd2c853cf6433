"""The catalog's word nearest a whole request, chosen by the packaged model with the catalog's
mean subtracted (`agent/offline/concepts.py`), and the refinement that searches it."""

from __future__ import annotations

import numpy as np
import pytest

from discovery.agent.offline.concepts import CatalogConcepts, CatalogConceptSource
from discovery.agent.offline.refiner import LocalRefiner
from discovery.agent.offline.terms import TermStats
from discovery.agent.planning import RefineContext
from discovery.embeddings.local import LocalMiniLMEmbedder
from discovery.runtime import Runtime

# Records per word, as a catalog of about 3,000 records would count them ("by" is in every one).
COUNTS = [("by", 3000), ("mayor", 10), ("city", 60), ("outdoors", 40), ("lake", 12),
          ("softball", 9), ("bowling", 8), ("glasses", 30), ("eyeglasses", 140),
          ("knitting", 4), ("sweater", 20), ("portrait", 2000), ("rare", 2)]  # fmt: skip
# Titles standing for the catalog's records: their mean is the catalog's centre.
TITLES = ["Portrait of a woman seated in a studio", "Group of men standing outdoors",
          "Children playing in a street", "Landscape with trees and a river",
          "Interior of a store with shelves", "Couple posing at a wedding reception"]  # fmt: skip


@pytest.fixture(scope="module")
def concepts(embedder: LocalMiniLMEmbedder) -> CatalogConcepts:
    centroid = embedder.embed_documents(TITLES).mean(axis=0)
    return CatalogConcepts(COUNTS, centroid, embedder.embed_documents)


def test_the_catalog_word_for_a_request_in_everyday_words(concepts: CatalogConcepts) -> None:
    assert concepts.nearest("the fella who runs the whole city") == "mayor"
    assert concepts.nearest("a lakeside scene") == "lake"  # the catalog does not say "lakeside"
    assert concepts.nearest("clothes made by looping yarn with two needles") == "knitting"


def test_words_used_too_rarely_or_too_often_are_no_candidates(concepts: CatalogConcepts) -> None:
    assert "rare" not in concepts.words  # fewer than 3 records
    assert "portrait" not in concepts.words and "by" not in concepts.words  # over 5% of them
    assert "eyeglasses" in concepts.used and "rare" not in concepts.used


def test_no_word_when_the_request_already_says_the_catalogs_word(
    concepts: CatalogConcepts,
) -> None:
    # the nearest is the request's own word: the next nearest ("softball") is a neighbour
    assert concepts.nearest("bowling teams and bowlers") is None
    # "glasses" is inside "eyeglasses", a word the catalog uses
    assert concepts.nearest("folks wearing eyeglasses") is None


def test_no_word_when_nothing_is_near_enough(concepts: CatalogConcepts) -> None:
    assert concepts.nearest("quantum chromodynamics lecture notes") is None


def test_the_catalogs_mean_keeps_words_near_everything_from_winning(
    embedder: LocalMiniLMEmbedder,
) -> None:
    request = "a day out on the sand by the water"
    plain = CatalogConcepts(COUNTS, np.zeros(384, dtype=np.float32), embedder.embed_documents)
    assert plain.nearest(request) == "outdoors"  # without the correction
    centroid = embedder.embed_documents(TITLES).mean(axis=0)
    corrected = CatalogConcepts(COUNTS, centroid, embedder.embed_documents)
    assert corrected.nearest(request) is None


def ctx(request: str, query: str, reason: str = "weak") -> RefineContext:
    return RefineContext(request=request, query=query, filters={}, reason=reason,
                         tried=[query], titles=[])  # fmt: skip


def test_a_weak_search_searches_the_catalogs_word_alone(concepts: CatalogConcepts) -> None:
    refiner = LocalRefiner({}, TermStats(counts=COUNTS), concepts=concepts)
    query = "man who runs the whole city"
    out = refiner.refine(ctx("the fella who runs the whole city", query))
    assert out is not None and (out.query, out.strategy) == ("mayor", "synonyms")
    irrelevant = refiner.refine(ctx("the fella who runs the whole city", query, "irrelevant"))
    assert irrelevant is not None and irrelevant.query == "mayor"
    without = LocalRefiner({}, TermStats(counts=COUNTS)).refine(ctx(query, query))
    assert without is None or without.query != "mayor"


def test_not_for_a_message_that_does_not_name_what_was_searched(
    concepts: CatalogConcepts,
) -> None:
    refiner = LocalRefiner({}, TermStats(counts=COUNTS), concepts=concepts)
    # a narrowing: the message says the period, the query holds the thread's subject
    candidates = refiner.candidates(ctx("only the ones from the lakeside", "mayor 1950s"))
    assert all(c.query != "lake" for c in candidates)
    syntax = refiner.candidates(ctx("the fella who runs the city", 'man "runs the city"'))
    assert all(c.query != "mayor" for c in syntax)


async def test_the_refiners_concepts_are_read_on_first_use(
    demo_runtime: Runtime, embedder: LocalMiniLMEmbedder
) -> None:
    terms = TermStats(demo_runtime.db)
    source = CatalogConceptSource(demo_runtime.db, terms, embedder.model_id,
                                  embedder.embed_documents, embedder.embed_query)  # fmt: skip
    assert source.concepts is None and source.nearest("a lakeside scene") is None
    await source.ensure()
    assert source.concepts is not None and terms.loaded  # the counts read once, for both
    assert source.nearest("a lakeside scene") == "lake"
    other = CatalogConceptSource(demo_runtime.db, terms, "no-such-model",
                                 embedder.embed_documents, embedder.embed_query)  # fmt: skip
    await other.ensure()
    assert other.concepts is None and other.nearest("a lakeside scene") is None
