"""Normalize one heritage-archive record (a dict from JSONL, CSV or JSON) into a `CatalogItem`.

Each canonical field is read from an explicit `mapping` column first, then from an ordered list
of source-key aliases that covers the CMOA / Teenie Harris schema out of the box. Canonical
fields go into `metadata` top level; every source field not consumed stays under
`metadata["source"]` (null and empty values dropped). A row without an id gets a stable one
derived from the file name and its content (`derive_id`); without a source description, a short
factual one is written from the fields (`describe`); `place` comes from the source, else from a
Pittsburgh neighbourhood named in the title (`detect_place`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from discovery.catalog.records import CatalogItem, canonical_json
from discovery.catalog.text import clip
from discovery.db.schema import ItemKind

CANONICAL_FIELDS = (
    "id", "title", "description", "creator", "date", "date_start", "date_end",
    "place", "media_type", "medium", "tags", "url", "thumbnail",
)  # fmt: skip

ALIASES: dict[str, tuple[str, ...]] = {
    "id": ("id", "identifier", "record_id", "object_id", "uuid"),
    "title": ("title", "name", "caption", "label"),
    "description": ("description", "abstract", "summary", "notes"),
    "creator": ("creators", "creator", "artist", "artists", "author", "photographer", "maker"),
    "date": ("creation_date", "date", "date_display", "display_date", "dated"),
    "date_start": ("date_earliest", "date_start", "start_date", "begin_date", "year_start", "year"),
    "date_end": ("date_latest", "date_end", "end_date", "year_end"),
    "place": ("place", "location", "place_name", "spatial", "coverage"),  # not physical_location
    "media_type": ("classification", "media_type", "object_type", "type"),
    "medium": ("medium", "materials", "technique"),
    "tags": ("tags", "subjects", "subject", "keywords"),
    "url": ("web_url", "url", "link", "uri"),
    "thumbnail": ("image_urls", "thumbnail", "thumbnail_url", "image_url", "image"),
}
DEPARTMENT_KEYS = ("department", "collection")

# Source classification (lowercased) -> (media_type, noun phrase used in the description).
# Covers every distinct CMOA classification; unknown values pass through lowercased.
_DECO = "decorative art"
MEDIA_TYPES: dict[str, tuple[str, str]] = {
    "photographic negative": ("photograph", "photographic negative"),
    "photographs": ("photograph", "photograph"), "photo": ("photograph", "photograph"),
    "photography": ("photograph", "photograph"),
    "prints": ("print", "print"), "printing plates": ("print", "printing plate"),
    "printing blocks": ("print", "printing block"),
    "drawings and watercolors": ("drawing", "drawing"),
    "architectural drawings": ("drawing", "architectural drawing"),
    "paintings": ("painting", "painting"),
    "sculpture": ("sculpture", "sculpture"), "casts": ("sculpture", "cast"),
    "ceramics": (_DECO, "ceramic object"), "glass": (_DECO, "glass object"),
    "metals": (_DECO, "metalwork"), "wood": (_DECO, "woodwork"),
    "furniture": (_DECO, "piece of furniture"), "containers": (_DECO, "container"),
    "lighting devices": (_DECO, "lighting device"), "mirrors": (_DECO, "mirror"),
    "crèches": (_DECO, "crèche figure"), "tools and equipment": (_DECO, "tool"),
    "measuring devices": (_DECO, "measuring device"),
    "weapons and ammunition": (_DECO, "weapon"),
    "recreational artifacts": (_DECO, "recreational artifact"),
    "sound devices": (_DECO, "sound device"), "vehicles (transportation)": (_DECO, "vehicle"),
    "textiles": ("textile", "textile"), "textile art": ("textile", "textile work"),
    "costume": ("textile", "costume"),
    "architectural models": ("architecture", "architectural model"),
    "architectural elements": ("architecture", "architectural element"),
    "films": ("film", "film"), "video": ("video", "video"), "video art": ("video", "video work"),
    "mixed media": ("mixed media", "mixed-media work"), "collages": ("mixed media", "collage"),
    "installations": ("installation", "installation"),
    "computer art": ("digital art", "computer artwork"), "sound art": ("sound art", "sound work"),
    "books": ("book", "book"), "documents and information artifacts": ("document", "document"),
}  # fmt: skip

# Places are only detected from the title, never from the creator's birth place. Pittsburgh
# neighbourhoods that are unlikely to name anything else; ambiguous ones (Oakland, Manchester,
# Garfield, Downtown, Bloomfield, ...) and separate boroughs (Homestead, Braddock) are left out.
PITTSBURGH_NEIGHBOURHOODS = (
    "Hill District", "Lower Hill", "Middle Hill", "Upper Hill", "Herron Hill", "Sugar Top",
    "Homewood", "East Liberty", "Larimer", "Lawrenceville", "Shadyside", "Squirrel Hill",
    "Highland Park", "Point Breeze", "Hazelwood", "Mount Washington", "Beltzhoover", "Beechview",
    "Polish Hill", "Strip District", "North Side", "Northside", "South Side", "Terrace Village",
    "Bedford Dwellings",
)  # fmt: skip
_NEIGHBOURHOOD_RE = re.compile(r"\b(" + "|".join(PITTSBURGH_NEIGHBOURHOODS) + r")\b")
# "Pittsburgh" alone, but not as the head of a name ("Pittsburgh Courier", "Pittsburgh Crawfords").
_PITTSBURGH_RE = re.compile(r"\bPittsburgh\b(?!'s|-|\s+[A-Z&])")

_ISO_YEAR_RE = re.compile(r"^\s*(-?\d{1,4})(?:-\d{2}(?:-\d{2})?(?:[T ].*)?)?\s*$")
_TEXT_YEAR_RE = re.compile(r"(?<!\d)(\d{4})(?!\d)")
NAME_MAX = 120
EMBEDDING_TEXT_MAX = 400


class RowInvalid(ValueError):
    """A row-level problem; the reader reports it as a `RowError` and carries on."""


def validate_mapping(mapping: Mapping[str, str] | None) -> dict[str, str]:
    """Check `{canonical_field: source_column}` overrides; unknown fields raise ValueError."""
    mapping = dict(mapping or {})
    unknown = sorted(set(mapping) - set(CANONICAL_FIELDS))
    if unknown:
        raise ValueError(
            f"unknown field(s) in mapping: {', '.join(unknown)}; "
            f"valid fields: {', '.join(CANONICAL_FIELDS)}"
        )
    return mapping


def normalize_media_type(value: str) -> tuple[str, str]:
    """(media_type, noun phrase) for a source classification; unknown values pass through."""
    key = " ".join(value.split()).lower()
    return MEDIA_TYPES.get(key, (key, key))


def parse_year(value: Any) -> int | None:
    """A year from 1930, "1930", "1930-01-01", "-0206-01-05" or "c. 1930s"; None if none."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value if -10_000 <= value <= 9999 else None
    if isinstance(value, float):
        return int(value) if value.is_integer() and -10_000 <= value <= 9999 else None
    if not isinstance(value, str):
        return None
    if match := _ISO_YEAR_RE.match(value):
        return int(match.group(1))
    found = _TEXT_YEAR_RE.search(value)
    return int(found.group(1)) if found else None


def detect_place(title: str) -> str:
    """The place a title names: the last Pittsburgh neighbourhood in it, else "Pittsburgh, PA"."""
    hoods = _NEIGHBOURHOOD_RE.findall(title)
    if hoods:
        hood = "North Side" if hoods[-1] == "Northside" else hoods[-1]
        return f"{hood}, Pittsburgh, PA"
    return "Pittsburgh, PA" if _PITTSBURGH_RE.search(title) else ""


def _clean(text: str) -> str:
    return " ".join(text.split())


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _text(field: str, value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return _clean(value)
    if field in ("id", "date") and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise RowInvalid(f"{field} must be a string, got {type(value).__name__}")


def _strings(field: str, value: Any, split: str | None = None) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        parts = re.split(split, value) if split else [value]
        return [p for p in (_clean(part) for part in parts) if p]
    if isinstance(value, list) and all(v is None or isinstance(v, str) for v in value):
        return [p for p in (_clean(v) for v in value if v) if p]
    raise RowInvalid(f"{field} must be a string or a list of strings, got {type(value).__name__}")


def _dedupe(values: list[str]) -> list[str]:
    seen: set[str] = set()
    kept = []
    for value in values:
        if value and value.lower() not in seen:
            seen.add(value.lower())
            kept.append(value)
    return kept


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == []


def _pick(row: Mapping[str, Any], mapping: Mapping[str, str], field: str) -> tuple[str, Any]:
    keys = ((mapping[field],) if field in mapping else ()) + ALIASES[field]
    for key in keys:
        if key in row and not _empty(row[key]):
            return key, row[key]
    return "", None


def derive_id(row: Mapping[str, Any], source: Path) -> str:
    """Stable id for a row without one: `<file stem>:<first 16 hex of sha256(canonical row)>`."""
    stem = source.name.removesuffix(".gz").rsplit(".", 1)[0] or "archive"
    return f"{stem}:{hashlib.sha256(canonical_json(dict(row)).encode()).hexdigest()[:16]}"


def describe(phrase: str, creator: str, date: str, medium: str) -> str:
    """A short factual description, e.g. 'Photographic negative by X, c. 1940. Black and white.'"""
    head = phrase or ("work" if creator or date else "")
    if creator:
        head += f" by {creator}"
    if date:
        head += f", {date}" if head else date
    return " ".join(s for s in (_sentence(head), _sentence(medium)) if s)


def embedding_text(title: str, facts: list[str], description: str = "") -> str:
    """Title first, then the facts compactly (and a source description), within 400 chars."""
    meta = "; ".join(f for f in facts if f)
    head = clip(title, max(200, EMBEDDING_TEXT_MAX - len(meta) - 2))
    text = ". ".join(p for p in (head.rstrip("."), meta, description) if p)
    return clip(text, EMBEDDING_TEXT_MAX)


def normalize_record(
    row: Mapping[str, Any], source: Path, mapping: Mapping[str, str] | None = None
) -> CatalogItem:
    """One source record -> an archive `CatalogItem`; raises `RowInvalid` for a bad row."""
    mapping = mapping or {}
    raw: dict[str, Any] = {}
    consumed: set[str] = set()
    for field in CANONICAL_FIELDS:
        key, raw[field] = _pick(row, mapping, field)
        keys = ALIASES[field] + ((mapping[field],) if field in mapping else ())
        consumed.update(k for k in keys if k in row and _empty(row[k]))
        several = isinstance(raw[field], list) and len(raw[field]) > 1
        if key and not (field == "thumbnail" and several):
            consumed.add(key)  # several images stay in source too: only the first is used

    item_id, title = _text("id", raw["id"]), _text("title", raw["title"])
    if not item_id and not title:
        raise RowInvalid("row has neither an id nor a title")
    item_id = item_id or derive_id(row, source)
    title = title or "Untitled"
    creator = "; ".join(_strings("creator", raw["creator"]))
    date = _text("date", raw["date"])
    years = [int(y) for y in _TEXT_YEAR_RE.findall(date)]
    date_start, date_end = parse_year(raw["date_start"]), parse_year(raw["date_end"])
    if date_start is None and years:
        date_start = years[0]
    if date_end is None and years:
        date_end = years[-1]
    media_raw = _text("media_type", raw["media_type"])
    media_type, phrase = normalize_media_type(media_raw) if media_raw else ("", "")
    medium = "; ".join(_strings("medium", raw["medium"]))
    department = next((_clean(row[k]) for k in DEPARTMENT_KEYS if isinstance(row.get(k), str)), "")
    place = _text("place", raw["place"]) or detect_place(title)
    thumbs = _strings("thumbnail", raw["thumbnail"])
    tags = [*_strings("tags", raw["tags"], split=r"[;|,]"), media_raw, medium, department]
    source_description = _text("description", raw["description"])

    metadata: dict[str, Any] = {
        "creator": creator,
        "date": date,
        "date_start": date_start,
        "date_end": date_end,
        "place": place,
        "media_type": media_type,
        "tags": _dedupe(tags),
        "url": _text("url", raw["url"]),
        "thumbnail": thumbs[0] if thumbs else "",
        "source": {k: v for k, v in row.items() if k not in consumed and not _empty(v)},
    }
    # The text index (BM25) reads title, creator, medium, media type, date, place, tags and
    # description as fields of their own, each with its weight; a description written here
    # from the other fields is marked, so that they are not counted twice.
    if medium:
        metadata["medium"] = medium
    if not source_description:
        metadata["description_generated"] = True
    facts = [creator, date, media_type, place, medium]
    return CatalogItem(
        id=item_id,
        kind=ItemKind.ARCHIVE,
        name=clip(title, NAME_MAX),
        title=title,
        description=source_description or describe(phrase, creator, date, medium),
        metadata=metadata,
        embedding_text=embedding_text(title, facts, clip(source_description, 160)),
    )
