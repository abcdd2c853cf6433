"""Unit tests: reading and normalizing heritage-archive files (no database)."""

from __future__ import annotations

import csv
import gzip
import io
import json
from pathlib import Path
from typing import Any

import pytest

from discovery.catalog.archives.heritage import (
    CANONICAL_FIELDS,
    MEDIA_TYPES,
    detect_place,
    normalize_media_type,
    parse_year,
)
from discovery.catalog.archives.read import infer_format, read_archive_rows
from discovery.catalog.records import CatalogItem, RowError

REPO_ROOT = Path(__file__).resolve().parents[3]
DEMO = REPO_ROOT / "data" / "demo" / "heritage_demo.jsonl.gz"
MIXED = REPO_ROOT / "tests" / "fixtures" / "archives_mixed.jsonl"
TEENIE = 'Charles "Teenie" Harris'

# Literal rows copied from the CMOA data (cmoa/collection, CC0).
TEENIE_ROW: dict[str, Any] = {
    "id": "cmoa:things/ab691365-80d1-4780-b884-51091e5843b3",
    "accession_number": "2001.35.7802",
    "title": "No. 82 Lincoln streetcar on snowy Centre Avenue near YMCA, Hill District",
    "creation_date": "c. 1965-1975",
    "date_earliest": "1960-01-01",
    "date_latest": "1975-01-01",
    "medium": "black and white: Kodak Safety Film",
    "classification": "Photographic Negative",
    "department": "Fine Arts",
    "physical_location": "Not on View",
    "credit_line": "Heinz Family Fund",
    "date_acquired": "2001-10-04",
    "provenance_text": None,
    "creators": [TEENIE],
    "creator_nationalities": ["American"],
    "creator_birth_places": ["Pittsburgh PA"],
    "web_url": "http://teenie.cmoa.org/CollectionSearch.aspx?itemIRN=14486",
    "image_urls": ["http://collection.cmoa.org/CollectionImage.aspx?irn=24572&size=ZoomLarge"],
    "source_path": "teenie/ab691365-80d1-4780-b884-51091e5843b3.json",
}
GLASS_ROW: dict[str, Any] = {
    "id": "cmoa:things/010c58fc-6838-446e-807b-06270138f557",
    "accession_number": "2015.5.7.1",
    "title": "Tricorne candleholder",
    "creation_date": "1956",
    "date_earliest": "1956-01-01",
    "date_latest": "1956-01-01",
    "medium": "leaded glass",
    "classification": "Glass",
    "department": "Decorative Arts and Design",
    "physical_location": "Not on View",
    "credit_line": "Gift of Jewel Stern",
    "date_acquired": "2015-02-11",
    "provenance_text": None,
    "creators": ["Peter Muller-Munk", "Val Saint Lambert"],
    "creator_nationalities": ["American", "Belgian"],
    "creator_birth_places": ["Berlin, Germany", None],
    "web_url": "http://collection.cmoa.org/CollectionDetail.aspx?item=107364",
    "image_urls": ["http://collection.cmoa.org/CollectionImage.aspx?irn=157761&size=Medium"],
    "source_path": "cmoa/010c58fc-6838-446e-807b-06270138f557.json",
}
UNTITLED_ROW: dict[str, Any] = {
    "id": "cmoa:things/05db2836-c8b8-449c-ade7-92e2c2a7bb84",
    "accession_number": "91.49.28",
    "title": None,
    "creation_date": "1922-1927",
    "date_earliest": "1922-01-01",
    "date_latest": "1927-01-01",
    "medium": "pencil on paper",
    "classification": "drawings and watercolors",
    "department": "Heinz Architectural Center",
    "physical_location": "Not on View",
    "credit_line": "Gift of Christopher Monkhouse",
    "date_acquired": "1992-01-23",
    "provenance_text": "Christopher Monkhouse, Pittsburgh, PA",
    "creators": ["Kenneth Hamlyn  McConnel"],
    "creator_nationalities": ["Australian"],
    "creator_birth_places": ["Queensland, Australia"],
    "web_url": "http://collection.cmoa.org/CollectionDetail.aspx?item=1030005",
    "image_urls": [
        "http://collection.cmoa.org/CollectionImage.aspx?irn=118702&size=Medium",
        "http://collection.cmoa.org/CollectionImage.aspx?irn=118699&size=Medium",
    ],
    "source_path": "cmoa/05db2836-c8b8-449c-ade7-92e2c2a7bb84.json",
}


def write_jsonl(path: Path, rows: list[Any]) -> Path:
    text = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows)
    if path.name.endswith(".gz"):
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text, encoding="utf-8")
    return path


def parse(path: Path, **kwargs: Any) -> list[tuple[int, CatalogItem | RowError]]:
    return list(read_archive_rows(path, **kwargs))


def items(path: Path, **kwargs: Any) -> list[CatalogItem]:
    rows = parse(path, **kwargs)
    assert not [r for _, r in rows if isinstance(r, RowError)]
    return [r for _, r in rows if isinstance(r, CatalogItem)]


def test_teenie_row_normalizes(tmp_path: Path) -> None:
    [item] = items(write_jsonl(tmp_path / "teenie.jsonl", [TEENIE_ROW]))
    assert item.id == TEENIE_ROW["id"]
    assert item.kind == "archive"
    assert item.title == item.name == TEENIE_ROW["title"]
    assert item.description == (
        f"Photographic negative by {TEENIE}, c. 1965-1975. Black and white: Kodak Safety Film."
    )
    meta = item.metadata
    assert {k: meta[k] for k in ("creator", "date", "date_start", "date_end")} == {
        "creator": TEENIE,
        "date": "c. 1965-1975",
        "date_start": 1960,
        "date_end": 1975,
    }
    assert meta["place"] == "Hill District, Pittsburgh, PA"
    assert meta["media_type"] == "photograph"
    assert meta["tags"] == [
        "Photographic Negative",
        "black and white: Kodak Safety Film",
        "Fine Arts",
    ]
    assert meta["url"] == TEENIE_ROW["web_url"]
    assert meta["thumbnail"] == TEENIE_ROW["image_urls"][0]
    source = meta["source"]
    assert source["accession_number"] == "2001.35.7802"
    assert source["creator_birth_places"] == ["Pittsburgh PA"]
    assert meta["medium"] == "black and white: Kodak Safety Film"
    assert "medium" not in source
    assert meta["description_generated"] is True  # written from the fields, not the source
    consumed = {"id", "title", "creators", "creation_date", "date_earliest", "date_latest"}
    assert not consumed & source.keys()
    assert not {"classification", "web_url", "image_urls", "provenance_text"} & source.keys()
    assert item.summary == ""
    assert item.embedding_text.startswith(TEENIE_ROW["title"])
    assert "photograph" in item.embedding_text and "Hill District" in item.embedding_text
    assert len(item.embedding_text) <= 400


def test_museum_rows_normalize(tmp_path: Path) -> None:
    glass, untitled = items(write_jsonl(tmp_path / "cmoa.jsonl", [GLASS_ROW, UNTITLED_ROW]))
    assert glass.metadata["creator"] == "Peter Muller-Munk; Val Saint Lambert"
    assert glass.metadata["media_type"] == "decorative art"
    assert glass.metadata["date_start"] == glass.metadata["date_end"] == 1956
    assert glass.metadata["place"] == ""  # the creators' birth places are not the object's place
    assert glass.description == (
        "Glass object by Peter Muller-Munk; Val Saint Lambert, 1956. Leaded glass."
    )
    assert untitled.title == "Untitled"
    assert untitled.metadata["creator"] == "Kenneth Hamlyn McConnel"  # whitespace collapsed
    assert untitled.metadata["media_type"] == "drawing"
    assert untitled.metadata["thumbnail"] == UNTITLED_ROW["image_urls"][0]
    assert untitled.metadata["source"]["image_urls"] == UNTITLED_ROW["image_urls"]  # kept: 2


def test_long_title_is_clipped_for_name_and_embedding_text(tmp_path: Path) -> None:
    title = "Group portrait of " + ", ".join(f"member number {i} of the choir" for i in range(40))
    [item] = items(write_jsonl(tmp_path / "long.jsonl", [{**TEENIE_ROW, "title": title}]))
    assert item.title == title
    assert len(item.name) <= 120 and item.name.endswith("…")
    assert title.startswith(item.name.removesuffix("…"))
    assert len(item.embedding_text) <= 400
    assert TEENIE in item.embedding_text  # the facts survive the title's clipping


def test_fixture_reports_malformed_lines_and_keeps_going() -> None:
    rows = parse(MIXED)
    errors = [r for _, r in rows if isinstance(r, RowError)]
    assert [(e.source, e.line) for e in errors] == [(str(MIXED), 3), (str(MIXED), 6)]
    assert "invalid JSON" in errors[0].message
    assert "title must be a string" in errors[1].message
    good = [(line, r) for line, r in rows if isinstance(r, CatalogItem)]
    assert [line for line, _ in good] == [1, 2, 4, 5, 7, 8]
    assert str(errors[0]).startswith(f"{MIXED}:3: ")


def test_blank_lines_are_skipped_silently(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "blank.jsonl", [TEENIE_ROW, "", "   ", GLASS_ROW, ""])
    assert [(line, type(r)) for line, r in parse(path)] == [(1, CatalogItem), (4, CatalogItem)]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ([1, 2, 3], "expected a JSON object, got list"),
        ({"accession_number": "1.2.3", "medium": "oil"}, "neither an id nor a title"),
        ({"id": "x:1", "title": ["a", "b"]}, "title must be a string"),
        ({"id": "x:2", "title": "ok", "creators": {"name": "A"}}, "creator must be"),
        ({"id": "x:3", "title": "ok", "classification": 5}, "media_type must be a string"),
        ({"id": ["x"], "title": "ok"}, "id must be a string"),
    ],
)
def test_bad_rows_become_row_errors(tmp_path: Path, row: Any, message: str) -> None:
    path = write_jsonl(tmp_path / "bad.jsonl", [row, TEENIE_ROW])
    (line, error), (_, after) = parse(path)
    assert isinstance(error, RowError) and line == error.line == 1
    assert message in error.message
    assert isinstance(after, CatalogItem)


def test_undecodable_line_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    latin1 = b'{"id": "x:1", "title": "caf\xe9"}\n'
    path.write_bytes(latin1 + json.dumps(GLASS_ROW).encode() + b"\n")
    (_, error), (_, after) = parse(path)
    assert isinstance(error, RowError) and "UTF-8" in error.message
    assert isinstance(after, CatalogItem)


def test_bad_years_are_none_not_errors(tmp_path: Path) -> None:
    row = {**GLASS_ROW, "date_earliest": "unknown", "date_latest": True, "creation_date": None}
    [item] = items(write_jsonl(tmp_path / "years.jsonl", [row]))
    assert item.metadata["date_start"] is None and item.metadata["date_end"] is None


@pytest.mark.parametrize(
    ("value", "year"),
    [
        ("1930-01-01", 1930), ("1930", 1930), (1930, 1930), (1930.0, 1930),
        ("-0206-01-05", -206), ("c. 1930s", 1930), ("1930-01-01T00:00:00Z", 1930),
        ("unknown", None), ("", None), (None, None), (True, None), ([1930], None), (1.5, None),
    ],
)  # fmt: skip
def test_parse_year(value: Any, year: int | None) -> None:
    assert parse_year(value) == year


def test_missing_id_gets_a_stable_derived_id(tmp_path: Path) -> None:
    row = {"title": "Lena Horne at the Crawford Grill", "creators": [TEENIE]}
    reordered = {"creators": [TEENIE], "title": "Lena Horne at the Crawford Grill"}
    (tmp_path / "again").mkdir()
    [a] = items(write_jsonl(tmp_path / "shots.jsonl", [row]))
    [b] = items(write_jsonl(tmp_path / "again" / "shots.jsonl.gz", [reordered]))
    [c] = items(write_jsonl(tmp_path / "other.jsonl", [row]))
    assert a.id.startswith("shots:") and len(a.id) == len("shots:") + 16
    assert a.id == b.id  # same file name, same content: same id, whatever the key order
    assert c.id == "other:" + a.id.removeprefix("shots:")


def test_content_hash_is_stable_and_tracks_content(tmp_path: Path) -> None:
    reordered = dict(reversed(list(TEENIE_ROW.items())))
    a, b = items(write_jsonl(tmp_path / "h.jsonl", [TEENIE_ROW, reordered]))
    assert len(a.content_hash) == 64 and a.content_hash == b.content_hash
    assert a.model_copy(update={"summary": "A summary."}).content_hash == a.content_hash
    [changed] = items(write_jsonl(tmp_path / "t.jsonl", [{**TEENIE_ROW, "title": "Streetcar"}]))
    assert changed.content_hash != a.content_hash
    shuffled = a.model_copy(update={"metadata": dict(reversed(list(a.metadata.items())))})
    assert shuffled.content_hash == a.content_hash
    assert a.model_dump()["content_hash"] == a.content_hash


def csv_text(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def test_csv_with_mapping(tmp_path: Path) -> None:
    path = tmp_path / "photos.csv"
    path.write_text(
        csv_text(
            [
                ["Object ID", "title", "Caption", "Photographer", "Year", "Kind", "Area", "Link"],
                ["p-1", "ignored", "Crawford Grill\ninterior", "A. Lee", "1951", "prints", "", ""],
                ["p-2", "", "Choir in church", "", "c. 1940-1945", "Holograms", "Homewood", "x"],
                ["p-3", "too", "many", "cells", "", "", "", "", "extra"],
                [],
                ["", "", "", "", "", "", "", ""],
                ["p-4", "", "Short row"],
            ]
        ),
        encoding="utf-8",
    )
    mapping = {
        "id": "Object ID", "title": "Caption", "creator": "Photographer", "date": "Year",
        "media_type": "Kind", "place": "Area", "url": "Link",
    }  # fmt: skip
    rows = parse(path, mapping=mapping)
    assert [line for line, _ in rows] == [2, 4, 5, 8]  # where each record starts
    (_, p1), (_, p2), (_, p3), (_, p4) = rows
    assert isinstance(p1, CatalogItem) and isinstance(p2, CatalogItem)
    assert isinstance(p3, RowError) and "expected 8 columns, got 9" in p3.message
    assert isinstance(p4, CatalogItem) and p4.title == "Short row"
    assert (p1.id, p1.title) == ("p-1", "Crawford Grill interior")  # the mapping wins
    assert p1.metadata["source"]["title"] == "ignored"
    assert p1.metadata["media_type"] == "print"
    assert (p1.metadata["date_start"], p1.metadata["date_end"]) == (1951, 1951)
    assert p2.metadata["media_type"] == "holograms"  # unknown: passed through, lowercased
    assert p2.metadata["place"] == "Homewood"  # a mapped place is taken as is
    assert (p2.metadata["date_start"], p2.metadata["date_end"]) == (1940, 1945)


def test_unknown_mapping_field_raises(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="valid fields: id, title") as info:
        read_archive_rows(tmp_path / "none.csv", mapping={"titel": "Caption"})
    assert "titel" in str(info.value)


def test_json_array_counts_elements(tmp_path: Path) -> None:
    path = tmp_path / "array.json"
    path.write_text(json.dumps([TEENIE_ROW, "not an object", GLASS_ROW], indent=2))
    rows = parse(path)
    assert [line for line, _ in rows] == [1, 2, 3]
    assert isinstance(rows[1][1], RowError) and rows[1][1].line == 2
    assert isinstance(rows[2][1], CatalogItem) and rows[2][1].id == GLASS_ROW["id"]


def test_json_array_streams_across_chunks(tmp_path: Path) -> None:
    rows = [{**GLASS_ROW, "id": f"x:{i}", "title": f"Item {i} " + "word " * 60} for i in range(400)]
    path = tmp_path / "big.json.gz"
    path.write_bytes(gzip.compress(json.dumps(rows).encode()))
    parsed = items(path)
    assert [p.id for p in parsed] == [f"x:{i}" for i in range(400)]


def test_broken_json_array_stops_with_one_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps([TEENIE_ROW, GLASS_ROW])[:-40])
    rows = parse(path)
    assert isinstance(rows[0][1], CatalogItem)
    assert isinstance(rows[-1][1], RowError) and rows[-1][0] == 2
    assert len(rows) == 2


@pytest.mark.parametrize("name", ["rows.jsonl.gz", "rows.ndjson", "rows.json.gz", "rows.csv.gz"])
def test_formats_are_inferred_and_gzip_is_transparent(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    fmt = infer_format(path)
    if fmt == "json":
        data = json.dumps([TEENIE_ROW, GLASS_ROW]).encode()
    elif fmt == "csv":
        header = ["id", "title", "classification"]
        data = csv_text([header] + [[r[k] for k in header] for r in (TEENIE_ROW, GLASS_ROW)])
        data = data.encode()
    else:
        data = (json.dumps(TEENIE_ROW) + "\n" + json.dumps(GLASS_ROW) + "\n").encode()
    path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    parsed = items(path)
    assert [p.id for p in parsed] == [TEENIE_ROW["id"], GLASS_ROW["id"]]
    assert parsed[1].metadata["media_type"] == "decorative art"


def test_unknown_extension_raises(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot infer"):
        read_archive_rows(tmp_path / "rows.xml")


def test_truncated_gzip_ends_with_an_error(tmp_path: Path) -> None:
    data = gzip.compress("".join(json.dumps(TEENIE_ROW) + "\n" for _ in range(200)).encode())
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(data[: len(data) // 2])
    rows = parse(path)
    assert isinstance(rows[-1][1], RowError) and "truncated" in rows[-1][1].message
    assert all(isinstance(r, CatalogItem) for _, r in rows[:-1])


def test_media_type_table() -> None:
    assert normalize_media_type("Photographic Negative") == ("photograph", "photographic negative")
    assert normalize_media_type("photographs")[0] == "photograph"
    assert normalize_media_type("prints")[0] == "print"
    assert normalize_media_type("drawings and watercolors")[0] == "drawing"
    assert normalize_media_type("paintings")[0] == "painting"
    assert normalize_media_type("Ceramics")[0] == normalize_media_type("Glass")[0]
    assert normalize_media_type("Mixed  Media") == normalize_media_type("mixed media")
    assert normalize_media_type("Daguerreotypes") == ("daguerreotypes", "daguerreotypes")
    assert all(key == key.lower() for key in MEDIA_TYPES)


@pytest.mark.parametrize(
    ("title", "place"),
    [
        ("Home of Donald Evans on Burrows Street, Hill District", "Hill District, Pittsburgh, PA"),
        ("721 Larimer Avenue, Homewood", "Homewood, Pittsburgh, PA"),
        ("Church on Charles Street, Northside", "North Side, Pittsburgh, PA"),
        ("View of Pittsburgh from the river", "Pittsburgh, PA"),
        ("Comedian holding Pittsburgh Courier newspaper", ""),
        ("Pittsburgh Crawfords baseball team", ""),
        ("Woman in office at desk surrounded by children", ""),
    ],
)
def test_detect_place(title: str, place: str) -> None:
    assert detect_place(title) == place


def test_canonical_fields_are_the_documented_ones() -> None:
    assert CANONICAL_FIELDS == (
        "id", "title", "description", "creator", "date", "date_start", "date_end",
        "place", "media_type", "medium", "tags", "url", "thumbnail",
    )  # fmt: skip


def test_demo_archive_parses_cleanly() -> None:
    rows = parse(DEMO)
    assert not [r for _, r in rows if isinstance(r, RowError)]
    assert 2900 <= len(rows) <= 3100
    ids = [r.id for _, r in rows if isinstance(r, CatalogItem)]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    titles = " ".join(r.title.lower() for _, r in rows if isinstance(r, CatalogItem))
    for word in ("jazz", "church", "baseball", "portrait", "streetcar"):
        assert word in titles
    media = [r.metadata["media_type"] for _, r in rows if isinstance(r, CatalogItem)]
    assert media.count("photograph") >= 2200
