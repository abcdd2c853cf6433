"""Build `data/eval/cmoa-places/`: a judged archive dev set over places named as countries
("prints from Japan"), from the Carnegie Museum of Art's own records (CC0,
`../shared/data/heritage/cmoa/cmoa_*.jsonl.gz`, the museum objects without the Teenie Harris
photographs). Issue 21; data/eval/cmoa-places/README.md says what it measures.

The records keep title, creators, dates and medium, each creator printed with its nationality
the way many museum exports do ("Utagawa Hiroshige (Japanese)"), and lose their
classification, department and creator birth places, which become the judgments: template
requests over a country (named as a country), an object class and both. A record is relevant
when one of its creators' withheld birth places lies in the country (and its withheld
classification is the class, when one is named). Only records with a creator whose birth place
resolves to a country are kept, so every record is judged. Deterministic; split tune/report by
`split_of` (sha256("split:" + id) parity), fixed before any tuning. Usage:
`uv run python scripts/make_cmoa_places_set.py` (writes the folder, prints the counts and the
agreement of nationality text and birth country).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from collections import Counter, defaultdict

from discovery.evaluation.archive_sets import split_of
from discovery.evaluation.cmoa_records import (
    LABELS,
    MAX_REL,
    MIN_REL,
    museum_records,
    stable_hash,
)
from discovery.search.place_names import Place, load_places
from discovery.settings import REPO_ROOT as ROOT

OUT = ROOT / "data" / "eval" / "cmoa-places"
KEPT = ("id", "title", "creation_date", "date_earliest", "date_latest", "medium", "web_url")
TEMPLATES = {
    "class": ("{c}", "show me {c}", "{c} in the collection"),
    "place": ("art from {p}", "works made in {p}", "objects from {p}"),
    "class_place": ("{c} from {p}", "{c} made in {p}", "{q} {c}", "{c} in {p}"),
}
QUOTA = {"class": 16, "place": 40, "class_place": 104}
UNKNOWN_NATIONALITIES = {"undetermined", "unknown", ""}

# Birth places name a country, a US state (or its postal code) or, without either, a city.
US_STATES = [
    *(
        "Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia "
        "Hawaii Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland "
        "Massachusetts Michigan Minnesota Mississippi Missouri Montana Nebraska Nevada Ohio "
        "Oklahoma Oregon Pennsylvania Tennessee Texas Utah Vermont Virginia Washington Wisconsin "
        "Wyoming"
    ).split(),
    "New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota",
    "Rhode Island", "South Carolina", "South Dakota", "West Virginia", "District of Columbia",
    "Washington, D.C.", "Puerto Rico",
]  # fmt: skip
US_CODES = (
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV "
    "NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC"
).split()
AU_STATES = ["New South Wales", "Queensland", "Tasmania", "Western Australia", "Victoria"]
CITIES = {
    "the United States": ["Pittsburgh", "Philadelphia", "Chicago", "Boston", "Brooklyn",
                          "Manhattan", "San Francisco", "Los Angeles", "Baltimore", "Cleveland"],
    "Japan": ["Tokyo", "Kyoto", "Osaka", "Edo", "Yokohama", "Nagasaki"],
    "France": ["Paris", "Lyon", "Marseille", "Rouen"],
    "the United Kingdom": ["London", "Edinburgh", "Glasgow", "Birmingham", "Manchester"],
    "Germany": ["Berlin", "Munich", "Dresden", "Hamburg", "Nuremberg"],
    "Italy": ["Rome", "Florence", "Venice", "Milan", "Naples"],
    "the Netherlands": ["Amsterdam", "Rotterdam", "Haarlem", "Leiden", "Leyden"],
    "Austria": ["Vienna"], "Belgium": ["Brussels", "Antwerp"], "Spain": ["Madrid", "Barcelona"],
}  # fmt: skip


def gazetteer(places: list[Place]) -> list[tuple[re.Pattern[str], str]]:
    """(pattern, country) for the names of a country (not its adjectives), US and Australian
    states; longer names first, so "New Mexico" is a state and "New South Wales" Australia."""
    names: list[tuple[str, str]] = []
    for place in places:
        names += [(f.removeprefix("the "), place.name) for f in place.names]
    names += [(s, "the United States") for s in US_STATES]
    names += [(s, "Australia") for s in AU_STATES]
    names.sort(key=lambda n: -len(n[0]))
    return [(re.compile(rf"\b{re.escape(n)}\b"), country) for n, country in names]


def birth_country(place: str | None, gaz: list[tuple[re.Pattern[str], str]]) -> str | None:
    """The country a birth place lies in: its "present-day" part first, then the rightmost
    country or state name (longest at a position), then a US postal code at the end, then a
    known city. None when nothing matches."""
    text = " ".join((place or "").split())
    if not text:
        return None
    present = re.search(r"present-day\s+([^,;()]+)", text)
    for part in ([present.group(1)] if present else []) + [text]:
        best: tuple[int, int, str] | None = None
        taken: list[tuple[int, int]] = []
        for pattern, country in gaz:  # longest names first
            for m in pattern.finditer(part):
                if any(s <= m.start() < e for s, e in taken):
                    continue
                taken.append((m.start(), m.end()))
                if best is None or m.end() > best[1]:
                    best = (m.start(), m.end(), country)
        if best:
            return best[2]
    if re.search(rf"(,\s*|\s)({'|'.join(US_CODES)})\.?$", text):
        return "the United States"
    for country, cities in CITIES.items():
        if any(re.search(rf"\b{c}\b", text) for c in cities):
            return country
    return None


def creator_text(name: str, nationality: str | None) -> str:
    """The creator as the export prints it: "Name (Nationality)", the nationality left out when
    unknown or already in the name ("unknown Japanese")."""
    nat = (nationality or "").strip()
    if nat.lower() in UNKNOWN_NATIONALITIES or nat.lower() in name.lower():
        return name
    return f"{name} ({nat})"


def folds_to(text: str, place: Place) -> bool:
    """Whether `text` carries one of the place's forms as whole words (case-insensitive)."""
    return any(re.search(rf"\b{re.escape(f.removeprefix('the '))}\b", text, re.I)
               for f in place.forms)  # fmt: skip


def main() -> None:
    places = load_places(ROOT / "config" / "places.toml")
    by_name = {p.name: p for p in places}
    gaz = gazetteer(places)
    source = museum_records()
    rows, countries_of, unresolved = [], {}, Counter[str]()
    agree = Counter[str]()
    for r in source:
        births = r.get("creator_birth_places") or []
        countries = {c for b in births if (c := birth_country(b, gaz))}
        unresolved.update(b.strip() for b in births if b and not birth_country(b, gaz))
        if not countries:
            continue
        creators = [creator_text(n, nat) for n, nat in
                    zip(r["creators"], r["creator_nationalities"], strict=True)]  # fmt: skip
        for b, nat in zip(births, r["creator_nationalities"], strict=True):
            if (c := birth_country(b, gaz)) and (nat or "").lower() not in UNKNOWN_NATIONALITIES:
                agree["agree" if folds_to(nat or "", by_name[c]) else "differ"] += 1
        kept = {k: r[k] for k in KEPT if r.get(k) not in (None, "", [])} | {"creators": creators}
        rows.append(kept | {"_cls": (r.get("classification") or "").strip().lower()})
        countries_of[r["id"]] = countries
    by_class: dict[str, set[str]] = defaultdict(set)
    by_place: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        if row["_cls"]:
            by_class[row["_cls"]].add(row["id"])
        for c in countries_of[row["id"]]:
            by_place[c].add(row["id"])
    candidates: list[tuple[str, str, str, set[str]]] = []
    for cls, ids in by_class.items():
        candidates.append(("class", cls, "", ids))
        candidates += [("class_place", cls, p, ids & pids) for p, pids in by_place.items()]
    candidates += [("place", "", p, ids) for p, ids in by_place.items()]
    taken: Counter[str] = Counter()
    queries = []
    for kind, cls, place, ids in sorted(candidates, key=lambda c: stable_hash("|".join(c[:3]))):
        if not MIN_REL <= len(ids) <= MAX_REL or taken[kind] >= QUOTA[kind]:
            continue
        taken[kind] += 1
        key = hashlib.sha256("|".join((kind, cls, place)).encode()).hexdigest()[:10]
        qid = f"places-{kind}-{key}"
        templates = TEMPLATES[kind]
        text = templates[stable_hash(qid) % len(templates)].format(
            c=LABELS.get(cls, cls), p=place, q=place.removeprefix("the ")
        )
        queries.append({"id": qid, "query": text, "kind": kind, "classification": cls,
                        "country": place, "relevant": sorted(ids), "n_relevant": len(ids),
                        "split": split_of(qid)})  # fmt: skip
    text_of = {row["id"]: " ".join(row["creators"]) for row in rows}
    said = Counter[str]()
    for q in queries:
        if q["country"]:
            place = by_name[q["country"]]
            for rid in q["relevant"]:
                said["relevant_says"] += folds_to(text_of[rid], place)
                said["relevant"] += 1
            saying = {i for i, t in text_of.items() if folds_to(t, place)}
            if q["classification"]:
                saying &= by_class[q["classification"]]
            said["saying"] += len(saying)
            said["saying_relevant"] += len(saying & set(q["relevant"]))
    OUT.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(OUT / "records.jsonl.gz", "wb", mtime=0) as fh:
        for row in rows:
            out = {k: v for k, v in row.items() if k != "_cls"}
            fh.write((json.dumps(out, ensure_ascii=False) + "\n").encode())
    with (OUT / "queries.jsonl").open("w") as fh:
        for q in sorted(queries, key=lambda q: q["id"]):
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"{len(source)} source records, {len(rows)} kept (a birth place resolved),"
          f" {len(queries)} queries", Counter(q["kind"] for q in queries),
          Counter((q["kind"], q["split"]) for q in queries))  # fmt: skip
    print(
        "creators with a birth country and a nationality:",
        dict(agree),
        f"agreement {agree['agree'] / max(1, sum(agree.values())):.3f}",
    )
    print(
        "judgments (query, relevant record) whose creator text names the country:",
        f"{said['relevant_says']} of {said['relevant']}"
        f" ({said['relevant_says'] / max(1, said['relevant']):.3f});"
        f" records naming it (and of the class) that are relevant: {said['saying_relevant']}"
        f" of {said['saying']} ({said['saying_relevant'] / max(1, said['saying']):.3f})",
    )
    print("birth places left unresolved (most common):", unresolved.most_common(15))


if __name__ == "__main__":
    main()
