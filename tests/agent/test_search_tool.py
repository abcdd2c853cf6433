"""The agent's search tool on a real catalog: the archive's default strategy, its evidence, and
media types the archive does not carry."""

from __future__ import annotations

import pytest
from tests.catalog.test_ingest import FIXTURE

from discovery.agent.more_like import needed_shared, subject_words
from discovery.agent.offline.terms import stem, stems
from discovery.agent.responses import ArchiveRecord
from discovery.agent.tools import SearchArtifact, held_first, make_search_tool, with_word
from discovery.catalog.archives.ingest import ingest_archives
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration


async def test_the_tool_searches_hybrid_and_drops_an_unknown_media_type(runtime: Runtime) -> None:
    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    search = make_search_tool(runtime.search).coroutine  # type: ignore[attr-defined]
    _, found = await search(query="streetcar snow", match_count=5)
    artifact = SearchArtifact.model_validate(found)
    assert artifact.records and artifact.text_matched is True  # hybrid: BM25 found it too
    _, unknown = await search(query="streetcar", media_type="hologram", match_count=5)
    artifact = SearchArtifact.model_validate(unknown)
    assert artifact.query == "streetcar hologram" and "media_type" not in artifact.filters
    assert artifact.records  # the filter would have removed every record
    # a query that already says the type (in another number) is searched as it is
    _, said = await search(query="streetcar holograms", media_type="hologram", match_count=5)
    assert SearchArtifact.model_validate(said).query == "streetcar holograms"
    _, known = await search(query="streetcar", media_type="photograph", match_count=5)
    assert SearchArtifact.model_validate(known).filters == {"media_type": "photograph"}


async def test_the_tool_searches_like_a_record_and_reports_an_unknown_one(
    runtime: Runtime,
) -> None:
    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    search = make_search_tool(runtime.search).coroutine  # type: ignore[attr-defined]
    _, found = await search(query="streetcar snow", match_count=3)
    shown = SearchArtifact.model_validate(found).records
    _, like = await search(similar_to=shown[0].id, match_threshold=0.0, match_count=3)
    artifact = SearchArtifact.model_validate(like)
    assert artifact.filters == {"similar_to": shown[0].id}
    assert artifact.query.startswith("like: ") and artifact.error is None
    assert artifact.records and shown[0].id not in {r.id for r in artifact.records}
    excluded = {r.id for r in artifact.records}
    _, rest = await search(
        similar_to=shown[0].id, exclude_ids=sorted(excluded), match_threshold=0.0
    )
    # An excluded record comes back only when it is like the record (enough subject words)
    # and after every unseen record that is (more_like.like_first).
    item = await runtime.search.similar.item(shown[0].id)
    words, again = subject_words(item), SearchArtifact.model_validate(rest).records
    need = needed_shared(words)
    like = [
        r.id in excluded
        for r in again
        if sum(w in f"{r.title} {r.description}".lower() for w in words) >= need
    ]
    assert like == sorted(like)  # the unseen first
    for record in again:
        if record.id in excluded:
            text = f"{record.title} {record.description}".lower()
            assert sum(w in text for w in words) >= need
    _, unknown = await search(similar_to="cmoa:nope")
    assert SearchArtifact.model_validate(unknown).error == "no item with id 'cmoa:nope'"


async def test_the_tool_searches_the_dense_ranking_alone_on_request(runtime: Runtime) -> None:
    """`leg="dense"` (what the refinement asks for when word matches mislead) ranks by meaning
    alone: no BM25 evidence, no text-only records; hybrid reports the records only BM25 found."""
    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    search = make_search_tool(runtime.search).coroutine  # type: ignore[attr-defined]
    _, hybrid = await search(query="streetcar snow", match_threshold=0.0, match_count=10)
    both = SearchArtifact.model_validate(hybrid)
    assert both.text_matched is True and set(both.text_only) <= {r.id for r in both.records}
    _, dense = await search(
        query="streetcar snow", match_threshold=0.0, match_count=10, leg="dense"
    )
    alone = SearchArtifact.model_validate(dense)
    assert alone.filters == {"leg": "dense"} and alone.records
    assert alone.text_matched is None and alone.text_only == []
    scores = [r.score for r in alone.records]
    assert scores == sorted(scores, reverse=True)  # the dense order, by similarity


def test_with_word_adds_a_word_the_query_does_not_hold_in_any_form() -> None:
    assert with_word("streetcar", "hologram") == "streetcar hologram"
    assert with_word("Textiles", "textile") == "Textiles"
    assert with_word("australia prints", "print") == "australia prints"
    assert with_word("", "film") == "film"
    assert with_word("architectural models", "architecture") == "architectural models"


def _record(rid: str, title: str) -> ArchiveRecord:
    return ArchiveRecord(id=rid, title=title, description="", summary=title, score=0.5)


def test_held_first_puts_the_records_holding_every_required_word_first() -> None:
    records = [
        _record("a", "Pallbearers carrying casket"),
        _record("b", "Women mourners beside casket"),
        _record("c", "Casket in funeral home"),
        _record("d", "Woman standing by casket with flowers"),
    ]
    held = held_first(records, ["woman"])  # any number: "women" holds it too
    assert [r.id for r in held] == ["b", "d", "a", "c"]
    assert [r.id for r in held_first(records, ["woman", "flowers"])] == ["d", "a", "b", "c"]
    # those holding more of the query's other words first
    assert [r.id for r in held_first(records, ["woman"], "flowers casket")] == ["d", "b", "a", "c"]
    # a word the domain's synonyms give for it holds it too
    army = [_record("e", "Man in Army uniform"), _record("f", "Woman at desk")]
    soldier = held_first([*army[::-1]], ["soldier"], "", {"soldier": ["serviceman", "army"]})
    assert [r.id for r in soldier] == ["e", "f"]
    # and so does the catalog's word for an everyday one ("woman" for "lady")
    assert [r.id for r in held_first(records, ["lady"])] == ["b", "d", "a", "c"]
    assert held_first(records, ["trumpet"]) == records  # none holds it: the order stays
    assert held_first(records, ["casket"]) == records  # every one holds it
    assert held_first(records, []) == records


async def test_the_tool_shows_the_records_holding_a_required_word_first(
    runtime: Runtime,
) -> None:
    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    search = make_search_tool(runtime.search).coroutine  # type: ignore[attr-defined]
    _, plain = await search(query="streetcar", match_threshold=0.0, match_count=3)
    first = SearchArtifact.model_validate(plain).records
    word = next(w for w in first[-1].title.lower().split() if len(w) > 4 and w.isalpha())
    _, found = await search(query="streetcar", match_threshold=0.0, match_count=3, require=[word])
    records = SearchArtifact.model_validate(found).records
    assert stem(word) in stems(f"{records[0].title} {records[0].description}")
