"""Countries, their other names and their adjectives (`config/places.toml`), for the archive
BM25 leg's place folding (issue 21; docs/archive-search.md, "Places and their adjectives").

The file is read once when the runtime opens and written to the table `bm25_place_forms`
(migration 20261202000100), which `match_items_bm25` reads: the same SQL on the embedded
PostgreSQL and on Supabase. The table is rewritten only when it differs from the file.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

import psycopg

from discovery.settings import resource

DEFAULT_PLACES_FILE = resource("config/places.toml")


@dataclass(frozen=True)
class Place:
    """One country: the name a request uses, its names (that name first, then its other names)
    and its adjectives; every one of them is a form that stands for it."""

    name: str
    names: tuple[str, ...]
    adjectives: tuple[str, ...] = ()

    @property
    def forms(self) -> tuple[str, ...]:
        return self.names + self.adjectives


def _clean(form: str) -> str:
    return " ".join(form.split())


def load_places(path: Path = DEFAULT_PLACES_FILE) -> list[Place]:
    """The places of `path` in file order. Raises ValueError for a place without a name, a form
    that is not a string, or a form that two places claim (a word folds to one place only)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    places: list[Place] = []
    owner: dict[str, str] = {}
    for entry in data.get("place", []):
        name = _clean(str(entry.get("name") or ""))
        if not name:
            raise ValueError(f"{path}: a place without a name")
        groups: tuple[list[str], list[str]] = ([], [])
        raws = ([name, *entry.get("also", [])], entry.get("adjectives", []))
        for forms, values in zip(groups, raws, strict=True):
            for raw in values:
                if not isinstance(raw, str) or not raw.strip():
                    raise ValueError(f"{path}: {name}: a form must be a non-empty string")
                form = _clean(raw)
                key = form.lower().removeprefix("the ")
                if owner.get(key, name) != name:
                    raise ValueError(f"{path}: {form!r} belongs to both {owner[key]} and {name}")
                owner[key] = name
                if form not in forms:
                    forms.append(form)
        places.append(Place(name, tuple(groups[0]), tuple(groups[1])))
    return places


def place_rows(places: list[Place]) -> list[tuple[str, str, bool]]:
    """(place, form, is_name) rows for the table, a leading "the" left out of a form ("the
    Netherlands" is the form "Netherlands": "the" is a stop word to the BM25 leg anyway)."""
    rows = []
    for place in places:
        for form in place.forms:
            stripped = form[4:] if form.lower().startswith("the ") else form
            rows.append((place.name, stripped, form in place.names))
    return sorted(set(rows))


def place_synonyms(places: list[Place]) -> dict[str, list[str]]:
    """For each name of a place, lowercased, its other one-word forms: "hungary" ->
    ["hungarian", ...], "united kingdom" -> ["uk", "british", ...]. The direction the BM25 leg
    folds by default (a request naming the country), for the agent's relevance grader, which
    must see "Hungarian" as holding "Hungary" as the leg's ranking does. A name of several
    words is one key (the grader reads it as a phrase), never one per word."""
    out: dict[str, list[str]] = {}
    for place in places:
        words = [f.lower().removeprefix("the ") for f in place.forms]
        single = [w for w in dict.fromkeys(words) if " " not in w]
        for form in place.names:
            name = form.lower().removeprefix("the ")
            out[name] = [w for w in single if w != name]
    return out


async def sync_place_forms(conn: psycopg.AsyncConnection, places: list[Place]) -> bool:
    """Make `bm25_place_forms` hold exactly `places`; True when it had to be rewritten. One
    transaction; the table's trigger computes each form's lexemes and phrase in SQL, as the
    BM25 leg reads them."""
    wanted = place_rows(places)
    cur = await conn.execute(
        "select place, form, is_name from bm25_place_forms order by place, form, is_name"
    )
    if [tuple(r) for r in await cur.fetchall()] == wanted:
        return False
    async with conn.transaction():
        await conn.execute("delete from bm25_place_forms")
        async with conn.cursor() as c:
            await c.executemany(
                "insert into bm25_place_forms (place, form, is_name) values (%s, %s, %s)",
                wanted,
            )
    return True
