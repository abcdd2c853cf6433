"""More like a shown record: its subject text (pure) and the fused search on a real catalog."""

from __future__ import annotations

import pytest
from tests.catalog.test_ingest import FIXTURE

from discovery.agent.more_like import (
    like_first,
    more_like,
    needed_shared,
    subject_text,
    subject_words,
)
from discovery.catalog.archives.ingest import ingest_archives
from discovery.db import ItemKind
from discovery.runtime import Runtime
from discovery.search.results import ItemHit
from discovery.search.similar import ItemDetail


class Counts:
    """Word counts of a made-up 100-record archive (a test stand-in for `TermStats`)."""

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = counts

    async def ensure(self) -> None:
        return None

    def doc_freq(self, word: str) -> int:
        return self.counts.get(word, 1)


def _item(title: str, description: str = "", creator: str = "") -> ItemDetail:
    return ItemDetail(
        id="x", kind=ItemKind.ARCHIVE, name=title, title=title, description=description,
        summary="", metadata={"creator": creator}, skill_ids=[], primary_skill_id=None,
    )  # fmt: skip


def test_subject_text_of_an_object_title_adds_its_description_without_the_maker() -> None:
    text = "Container by John Brown, c. 1785. Silver with wood handle."
    item = _item("Teapot", text, "John Brown")
    assert subject_text(item) == "teapot container silver wood handle"


def test_subject_text_of_a_long_title_keeps_its_rare_words() -> None:
    title = "Young man wearing Boy Scout uniform showing newspaper to two men seated, with headline"
    counts = Counts(
        {"man": 40, "men": 30, "wearing": 50, "young": 8, "boy": 9, "two": 20, "seated": 12,
         "uniform": 3, "scout": 2, "newspaper": 4, "headline": 1}
    )  # fmt: skip
    text = subject_text(_item(title), counts, size=100).split()
    assert not {"man", "men", "wearing", "showing", "with"} & set(text)  # common or stopwords
    assert {"scout", "uniform", "newspaper", "headline"} <= set(text) and len(text) <= 6


def test_subject_words_count_a_word_once_and_leave_out_how_the_record_looks() -> None:
    title = "Boy Scouts wearing light colored uniforms, one scout holding newspapers, a newspaper"
    found = subject_words(_item(title))
    assert found == ["boy", "scouts", "uniforms", "newspapers"]
    assert needed_shared(found) == 2 and needed_shared(["teapot"]) == 1


def test_subject_words_leave_out_function_words_positions_sizes_and_furniture() -> None:
    # "some", "before", "behind" and "bottom" place people in a caption; "full length" and
    # "chairs" say how it looks: a long title's rarest words were these before
    title = (
        "Full length portrait of boys, some holding trumpets, standing before bandstand behind "
        "chairs at bottom of hill"
    )
    counts = Counts({"some": 2, "before": 1, "behind": 1, "bottom": 1, "full": 3, "length": 3})
    found = subject_words(_item(title), counts, size=100)
    assert found == ["boys", "trumpets", "bandstand", "hill"]
    assert subject_text(_item(title), counts, size=100) == "boys trumpets bandstand hill"


def _hit(id_: str, title: str) -> ItemHit:
    return ItemHit(
        id=id_, kind=ItemKind.ARCHIVE, name=title, title=title, description="", summary="",
        metadata={}, skill_ids=[], primary_skill_id=None, score=0.5,
    )  # fmt: skip


def test_like_first_puts_records_sharing_subject_words_first_and_the_shown_after_them() -> None:
    subject = ["buddhist", "deity"]  # one shared word is enough
    hits = [
        _hit("a", "Night Rain at Oyama"),
        _hit("b", "The Deity Benzaiten (Buddhist)"),  # shown before
        _hit("c", "Sashimi"),
        _hit("d", "Buddhist Deity (Pilgrimage Souvenir)"),
        _hit("e", "Shinto Ceremony"),  # shown before, not like it: left out
    ]
    assert [h.id for h in like_first(hits, subject, {"b", "e"})] == ["d", "b", "a", "c"]
    long = ["scout", "uniform", "newspaper", "lap", "headline"]  # two shared words needed
    hits = [_hit("x", "Scout troop"), _hit("y", "Scout in uniform"), _hit("z", "Newspaper")]
    assert [h.id for h in like_first(hits, long, set())] == ["y", "x", "z"]


@pytest.mark.integration
async def test_more_like_keeps_the_records_media_type_and_leaves_out_the_shown(
    runtime: Runtime,
) -> None:
    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    jazz = "cmoa:things/1db9a4fc-e37c-4919-b7dd-19302f493f82"  # a photograph
    church = "cmoa:things/0f7d0548-f6bf-44b6-abb3-d0f0dd4cdebd"
    found = await more_like(
        runtime.search, jazz, limit=10, threshold=0.0, media_types=None, year_from=None,
        year_to=None, exclude_ids=[church],
    )  # fmt: skip
    ids = [h.id for h in found.items]
    assert ids and jazz not in ids and church not in ids and len(ids) == len(set(ids))
    assert {h.metadata.get("media_type") for h in found.items} == {"photograph"}
    painted = await more_like(
        runtime.search, jazz, limit=10, threshold=0.0, media_types=["painting"], year_from=None,
        year_to=None,
    )  # fmt: skip
    assert {h.metadata.get("media_type") for h in painted.items} <= {"painting"}


def test_records_short_of_the_words_needed_holding_more_of_them_come_first() -> None:
    long = ["pittsburgh", "cubs", "football", "team", "members", "patch"]  # two words needed
    hits = [
        _hit("baseball", "Little League baseball team"),  # "team" only
        _hit("football", "Westinghouse football players"),  # "football" only, after it
        _hit("both", "Pittsburgh football game"),  # two: like it
        _hit("bar", "Men gathered in a bar"),  # none
    ]
    assert [h.id for h in like_first(hits, long, set())] == ["both", "baseball", "football", "bar"]
