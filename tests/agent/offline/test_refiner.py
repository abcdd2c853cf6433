"""The local refiner's strategies: broaden, synonyms, feedback, focus; never a repeat."""

from __future__ import annotations

from discovery.agent.offline.refiner import LocalRefiner
from discovery.agent.offline.terms import TermStats
from discovery.agent.planning import RefineContext

# Records per word, as the catalog would count them.
COUNTS = [("children", 120), ("pool", 4), ("swimming", 6), ("portrait", 900), ("jazz", 40),
          ("band", 60), ("nightclub", 15), ("playing", 200), ("men", 1500)]  # fmt: skip
SYNONYMS = {"kids": ["children", "boys"], "club": ["nightclub"]}


def refiner() -> LocalRefiner:
    return LocalRefiner(SYNONYMS, TermStats(counts=COUNTS))


def ctx(query: str, reason: str, tried: list[str] | None = None, **kw: object) -> RefineContext:
    return RefineContext(request=query, query=query, filters=kw.pop("filters", {}),  # type: ignore[arg-type]
                         reason=reason, tried=tried or [query], titles=kw.pop("titles", []))  # type: ignore[arg-type]  # fmt: skip


def test_broadens_an_empty_search_by_dropping_the_filters_first() -> None:
    filters = {"media_type": "photograph", "year_from": 1950}
    out = refiner().refine(ctx("jazz band photographs 1950s", "empty", filters=filters))
    assert out is not None
    assert (out.query, out.strategy, out.filters) == ("jazz band", "broaden", {})


def test_broadens_by_dropping_unknown_then_most_frequent_words() -> None:
    candidates = refiner().candidates(ctx("men playing jazz zzyzx", "empty"))
    assert [c.query for c in candidates if c.strategy == "broaden"] == [
        "men playing jazz", "playing jazz", "jazz",
    ]  # fmt: skip


def test_swaps_in_the_archives_own_words_for_weak_matches() -> None:
    out = refiner().refine(ctx("kids at the pool", "weak"))
    assert out is not None
    assert (out.query, out.strategy) == ("children at the pool", "synonyms")


def test_adds_words_recurring_in_the_best_titles() -> None:
    titles = ["Jazz band in nightclub on stage", "Nightclub with jazz band and singer", "Stage"]
    out = refiner().refine(ctx("jazz band", "weak", titles=titles))
    assert out is not None
    assert (out.query, out.strategy) == ("jazz band nightclub stage", "feedback")


def test_focuses_on_key_words_when_results_are_irrelevant() -> None:
    candidates = refiner().candidates(ctx("photos of men swimming in a pool", "irrelevant"))
    assert [c.query for c in candidates][:1] == ["swimming pool"]
    assert all(c.strategy != "feedback" for c in candidates)


def test_never_offers_a_query_already_tried() -> None:
    r = refiner()
    tried = ["kids at the pool", "children at the pool", "boys at the pool"]
    out = r.refine(ctx("kids at the pool", "weak", tried=tried))
    assert out is not None and out.query not in tried
    assert r.refine(ctx("jazz", "weak", tried=["jazz"])) is None


def test_off_topic_results_are_retried_with_the_rarest_words_of_the_whole_message() -> None:
    """The query writer kept the frame ("photos of men playing jazz"); the message's rarest
    words the catalog uses (and the ones it never uses, kept as they are) say what it is about."""
    message = "zzyzx! could you find photos of men playing jazz in a band by the swimming pool?"
    query = "photos of men playing jazz"
    context = RefineContext(request=message, query=query, filters={}, reason="irrelevant",
                            tried=[query], titles=[])  # fmt: skip
    out = refiner().refine(context)
    assert out is not None
    assert (out.query, out.strategy) == ("zzyzx jazz swimming pool", "specify")


def test_a_message_that_does_not_name_the_search_is_not_used_to_specify() -> None:
    context = RefineContext(request="more like the first one", query="jazz band in nightclub",
                            filters={}, reason="irrelevant", tried=["jazz band in nightclub"],
                            titles=[])  # fmt: skip
    counted = LocalRefiner(SYNONYMS, TermStats(counts=[*COUNTS, ("first", 30)]))
    assert all("first" not in c.query for c in counted.candidates(context))


def test_a_narrowing_is_read_without_the_words_it_narrows_with() -> None:
    """ "narrow it to ..." frames the follow-up: "narrow", a word the catalog uses (rarely),
    is not what the records should hold."""
    query = "jazz band nightclub children"
    context = RefineContext(request="narrow it to ones with children", query=query, filters={},
                            reason="irrelevant", tried=[query], titles=[])  # fmt: skip
    counted = LocalRefiner(SYNONYMS, TermStats(counts=[*COUNTS, ("narrow", 2)]))
    assert all("narrow" not in c.query for c in counted.candidates(context))
    assert any(
        c.query == "children" and c.strategy == "specify" for c in counted.candidates(context)
    )


def test_an_attempt_nothing_supports_is_searched_again_on_the_dense_ranking() -> None:
    context = ctx("kids at the pool", "doubtful")
    context.support = 0.0
    out = refiner().refine(context)
    assert out is not None
    assert (out.query, out.strategy, out.leg) == ("kids at the pool", "dense", "dense")


def test_the_dense_ranking_is_tried_once_and_only_when_nothing_supported() -> None:
    thin = ctx("kids at the pool", "doubtful")
    thin.support = 0.4  # some support: the rarest words, not another ranking
    out = refiner().refine(thin)
    assert out is not None and out.leg is None
    after = ctx("kids at the pool", "doubtful")
    after.support, after.leg = 0.0, "dense"
    out = refiner().refine(after)
    assert out is not None and out.leg is None and out.query != "kids at the pool"


def test_a_query_with_search_syntax_is_not_retried_on_the_dense_ranking() -> None:
    # the dense ranking cannot keep "-armchairs" out nor hold a "quoted phrase"
    for query in ("chairs -armchairs", '"hill district" kids at the pool'):
        context = ctx(query, "doubtful")
        context.support = 0.0
        out = refiner().refine(context)
        assert out is None or out.leg is None


def test_off_topic_results_are_retried_with_the_names_written_outside_the_query() -> None:
    message = (
        "Hello! My father served in the Army Air Forces during the war and I'd love to see "
        "pictures of Black airmen or pilots from that time, like the Tuskegee Airmen."
    )
    query = "pictures of black airmen or pilots like the tuskegee airmen"
    for reason in ("irrelevant", "doubtful"):
        context = RefineContext(request=message, query=query, filters={}, reason=reason,
                                tried=[query], titles=[], support=0.2)  # fmt: skip
        out = refiner().refine(context)
        assert out is not None
        assert (out.query, out.strategy) == (f"{query} army air forces", "specify")


def test_broadening_leaves_no_filler_at_the_ends() -> None:
    out = refiner().refine(ctx("zzyzx and jazz", "empty"))
    assert out is not None and out.query == "jazz"


def test_only_name_like_words_the_catalog_lacks_are_kept_from_the_message() -> None:
    """ "zzyzx" may be a name the embedding places; "honestly" is an English word the catalog
    does not use, which would only steer the search away."""
    counted = LocalRefiner(SYNONYMS, TermStats(counts=COUNTS), english={"honestly"})
    message = "honestly, zzyzx jazz band by the swimming pool?"
    context = RefineContext(request=message, query="jazz band", filters={}, reason="irrelevant",
                            tried=["jazz band"], titles=[])  # fmt: skip
    out = counted.refine(context)
    assert out is not None and out.query == "zzyzx jazz swimming pool"


def test_feedback_adds_no_caption_frame_or_general_words() -> None:
    """ "Six men, including ... second from left": "men" and "including" recur in the
    catalog's captions without saying what they show."""
    titles = ["Six men, including boxer holding cigar, second from left",
              "Three men, including one holding cigar", "Two men, including boxer"]  # fmt: skip
    out = refiner().refine(ctx("smokers", "weak", titles=titles))
    assert out is not None
    assert (out.query, out.strategy) == ("smokers boxer holding", "feedback")
