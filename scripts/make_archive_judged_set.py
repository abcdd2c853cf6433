"""Build a judged, non-lexical archive dev set from the Smithsonian National Portrait Gallery data.

    uv run python scripts/make_archive_judged_set.py <mirror> [--out data/eval/npg] [--check]

Source
    Repository  american-art/npg (GitHub), the National Portrait Gallery's export for the
                American Art Collaborative linked-data project
    Commit      d4b5eb99ec4ce0c7cb7fae18809d6f4c0fe1765e (2018-04-04), pinned by `--commit`
    Licence     CC0 1.0 Universal (the repository's LICENSE file); attribution requested:
                "National Portrait Gallery, Smithsonian Institution"
    Files read  NPGObjects/NPGObjects3.csv, NPGObjTitles/NPGObjTitles3.csv,
                NPGObjConXrefs/NPGObjConXrefs3.csv, NPGConstituents/NPGConstituents3.csv,
                NPGObjURLs/NPGWebObjectURLs.csv, NPGWebImageURLs/NPGWebImageURLs.csv,
                Data/NPGObjWebLabels.xlsx, NPGObjThesTerms/NPGObjThesTerms3.xlsx
                (the CSV export of the term table is not in the snapshot, so its XLSX twin from
                the same commit is read with zipfile + ElementTree)

`<mirror>` is the git directory that the `fetch` tool brings (a bare repository) or a checkout
of it; files are read with `git show <commit>:<path>`, or from disk for a checkout.

What it writes (under `--out`, default data/eval/npg):
  records.jsonl.gz  every object (16,846), in the shape `discovery ingest archives` reads without
                    a --map: id ("npg:<ObjectID>"), title, description (the museum's web label,
                    only where one exists), creator, date, date_start, date_end, media_type (the
                    source classification), medium, url, thumbnail. The thesaurus terms (portrait
                    objects, setting, sitter type, places) are WITHHELD: they are the judgments.
  queries.jsonl     requests written from templates over subject tags, places and their
                    combinations; a record is relevant when it carries the tag or a narrower one
                    (hierarchy from the term paths), and the media type when the template names
                    one. Split tune/report by sha256 of the query id, fixed before any tuning.
  README.md         source, licence, selection, withheld fields, templates, counts, the title
                    overlap figures and (with --check) a plain BM25 reference.
  LICENSE           CC0 note plus the source's licence text.

`--check` also computes nDCG@10 of a small plain BM25 (k1 1.5, b 0.75) over title, creator,
medium, media_type and date, per kind and per split, prints it and puts it in the README.

Standard library and numpy only. Output is byte-reproducible (sorted records, gzip mtime 0).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import html
import io
import json
import math
import re
import subprocess
import sys
import unicodedata
import zipfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

import numpy as np

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / "data" / "eval" / "npg"
SOURCE_REPO = "american-art/npg"
SOURCE_COMMIT = "d4b5eb99ec4ce0c7cb7fae18809d6f4c0fe1765e"
SLUG = "npg"
MIN_REL, MAX_REL = 5, 300
MAX_TITLE_OVERLAP = 0.5
QUOTA = {"subject": 130, "subject_type": 80, "subject_place": 50, "place": 60, "place_type": 25}
PER_PLACE_CAP = 6  # subject_place queries per place, so Washington does not take them all
PER_SUBJECT_CAP = 2  # subject_place and subject_type queries per subject

FILES = {
    "objects": "NPGObjects/NPGObjects3.csv",
    "titles": "NPGObjTitles/NPGObjTitles3.csv",
    "conxrefs": "NPGObjConXrefs/NPGObjConXrefs3.csv",
    "constituents": "NPGConstituents/NPGConstituents3.csv",
    "urls": "NPGObjURLs/NPGWebObjectURLs.csv",
    "images": "NPGWebImageURLs/NPGWebImageURLs.csv",
    "labels": "Data/NPGObjWebLabels.xlsx",
    "terms": "NPGObjThesTerms/NPGObjThesTerms3.xlsx",
    "license": "LICENSE",
}

# Constituent roles that make a record's `creator` (sitters, publishers, "copy after" are not).
CREATOR_ROLES = {
    "Artist:", "Attribution:", "Possible attribution:", "Maker:", "Designer:", "Studio:",
    "Lithographer:", "Illustrator:", "Animator:",
}  # fmt: skip

# Thesaurus facets. Subjects: what a portrait shows. Places: where the work was made.
SUBJECT_FACETS = ("Portrait Objects", "Portrait Setting", "Sitter Type")
PLACE_FACET = "Execution place"
WITHHELD_FACETS = (
    "Portrait Objects",
    "Portrait Setting",
    "Sitter Type",
    "Execution place",
    "Place depicted",
    "Related place",
    "Other Classification",
    "Shape",
)  # fmt: skip  (Medium and Support terms repeat the medium text, which records keep)

# Media types a template may name: normalized media_type (as the ingest lowercases it) -> words.
MEDIA = {
    "photograph": ("photograph", "photographs"),
    "print": ("print", "prints"),
    "drawing": ("drawing", "drawings"),
    "painting": ("painting", "paintings"),
    "sculpture": ("sculpture", "sculptures"),
}
# The ingest maps "Photographic Negative" to "photograph" too; everything else is lowercased.
MEDIA_ALIASES = {"photographic negative": "photograph"}

# --- subject labels ---------------------------------------------------------------------------
# Portrait-object terms whose meaning depends on the parent term ("Parent/Term" -> label), and
# a few terms a visitor would word differently. Everything else is the lowercased term.
OBJECT_LABELS = {
    "Flag/National": "national flag", "National/United States": "American flag",
    "Button/Brass": "brass button", "Headgear/Military": "military cap",
    "Coat/Fur": "fur coat", "Necklace/Pearl": "pearl necklace",
    "Drinking vessel/Glass": "drinking glass", "Dress Accessory/Flower": "buttonhole flower",
    "Capitol/US Capitol": "US Capitol", "Watch/Wrist watch": "wristwatch", "Pen/Quill": "quill pen",
    "Ring/Wedding Band": "wedding ring", "Personal Attribute/Teeth": "toothy smile",
    "Human Figures/Symbolic Figure": "allegorical figure", "Glove/Gloves": "gloves",
    "Portrait Objects/Artist's Effects": "artist's tools", "Building/Capitol": "capitol",
    "Facial Hair/Muttonchops": "muttonchop sideburns", "Eyeglasses/Pince-nez": "pince-nez",
    "Equipment/Industrial": "industrial machinery", "Mascot/Democratic Mascot": "Democratic donkey",
    "Mascot/Republican Mascot": "Republican elephant", "Wreath/Laurel": "laurel wreath",
    "Stole/Fur": "fur stole", "Lighting Devices/Spot Light": "spotlight",
    "Medal/Society of the Cincinnati": "Society of the Cincinnati badge",
    "Building/White House": "White House", "Nature & Environment/Snow": "snow",
}  # fmt: skip
# Plurals the simple rule gets wrong.
PLURALS = {
    "mouse": "mice", "fish": "fish", "volcano": "volcanoes", "bow and arrow": "bows and arrows",
    "academic cap and gown": "academic caps and gowns", "sheep": "sheep", "deer": "deer",
    "knife": "knives", "leaf": "leaves", "man": "men", "woman": "women", "child": "children",
    "tomato": "tomatoes", "potato": "potatoes", "hero": "heroes", "wolf": "wolves",
    "cactus": "cacti", "calf": "calves", "goose": "geese", "tooth": "teeth", "foot": "feet",
}  # fmt: skip
# Category nodes and depicted artworks (a painting in a portrait reads like a media type).
OBJECT_SKIP = {
    "Human Figures", "Drafting & Writing Implements", "Sound Devices", "Lighting Devices",
    "Sports Equipment", "Baggage & Luggage", "Religious", "Painting", "Photograph", "Portrait",
    "Print", "Sculpture", "Artwork", "Symbols & Motifs", "Nature & Environment", "Equipment",
    "Architecture", "Home Furnishings", "Costume", "Dress Accessory", "Personal Attribute",
    "Printed Material", "Container", "Vehicle", "Weapon", "Music", "Plant", "Animal", "Headgear",
    "Jewelry", "Outerwear", "Footwear", "Hair Accessory", "Furniture", "Seating", "Building",
    "Baseball Equipment", "Unidentified", "Other",
}  # fmt: skip
# Words with no plural a visitor would type, or already plural.
MASS = {
    "food", "water", "hair", "fur", "jewelry", "lace", "armor", "clothing", "pince-nez",
    "toothy smile", "artist's tools", "laboratory equipment", "currency", "fire", "snow",
    "industrial machinery", "US Capitol", "White House", "Democratic donkey",
    "Republican elephant", "Society of the Cincinnati badge", "smoke", "money", "luggage",
    "sports equipment", "furniture", "grass", "sand", "ice", "rain", "facial hair",
}  # fmt: skip

# Setting terms -> (noun, "where" phrase). Only these settings are used (the rest are vague).
SETTINGS = {
    "Landscape": ("landscape", "in a landscape"), "Domestic": ("home", "at home"),
    "Office": ("office", "in an office"), "Art": ("artist's studio", "in an artist's studio"),
    "Cityscape": ("city", "in a city setting"), "Stage": ("stage", "on stage"),
    "Battleground": ("battlefield", "on a battlefield"), "Seascape": ("sea", "by the sea"),
    "Rural": ("countryside", "in the countryside"),
    "Military Camp": ("army camp", "in a military camp"),
    "Baseball stadium": ("ballpark", "at a baseball stadium"),
    "Courtroom": ("courtroom", "in a courtroom"), "Street": ("street", "in the street"),
    "Forest": ("woods", "in a forest"), "Study": ("study", "in a study"),
    "Porch": ("porch", "on a porch"), "Ship": ("ship deck", "aboard a ship"),
    "Sky": ("sky", "against the sky"), "Garden": ("garden", "in a garden"),
    "Nightclub": ("nightclub", "in a nightclub"), "Library": ("library", "in a library"),
    "Desert": ("desert", "in the desert"), "Film": ("film set", "on a film set"),
    "Laboratory": ("laboratory", "in a laboratory"), "Western": ("American West", "out West"),
    "Prison": ("prison", "in prison"), "Mountains": ("mountains", "in the mountains"),
    "Bedroom": ("bedroom", "in a bedroom"), "Church": ("church", "in a church"),
    "Recording": ("recording studio", "in a recording studio"),
    "Theatrical": ("theater", "in a theater"), "Coastal": ("coast", "on the coast"),
    "Sports arena": ("sports arena", "at a sports arena"),
}  # fmt: skip
# Sitter-type terms -> the group as a visitor names it (plural noun phrase).
GROUPS = {
    "Artistic": "artists", "Family": "families", "Couple": "couples",
    "Military": "military officers", "Theatrical": "actors and performers",
    "Professional": "colleagues at work", "Musical": "bands and musicians",
    "Parent(s) and Child(ren)": "parents with their children", "Sports": "sports teams",
    "Siblings": "brothers and sisters", "Activist": "activists",
    "Religious": "religious leaders", "Tribal": "Native American delegations",
    "Business": "business people",
}  # fmt: skip

# TGN names in the source language -> the English a visitor types.
PLACE_LABELS = {
    "Italia": "Italy", "Deutschland": "Germany", "Nederland": "Netherlands", "Roma": "Rome",
    "España": "Spain", "Misr": "Egypt", "Suriyah": "Syria", "Nihon": "Japan",
    "Zhongguo": "China", "Rossiya": "Russia", "Österreich": "Austria", "Schweiz": "Switzerland",
    "Ellás": "Greece", "Polska": "Poland", "Éire": "Ireland", "Ukrayina": "Ukraine",
    "District of Columbia": "Washington, D.C.", "Washington": "Washington, D.C.",
    "Ville de Paris, Départment de": "Paris", "Saint Louis": "St. Louis",
    "Manhattan Island": "Manhattan", "Saint Louis City": "St. Louis", "México": "Mexico",
    "Viet Nam": "Vietnam", "Nippon": "Japan", "Bharat": "India",
    "United Kingdom": "the United Kingdom",
}  # fmt: skip

# --- templates (the slot names are filled per subject facet; see fill()) ------------------------
TEMPLATES: dict[tuple[str, str], tuple[str, ...]] = {
    ("subject", "with"): (
        "portraits with {pl}",
        "pictures showing {a}",
        "{s}",
        "sitters posing with {pl}",
        "works depicting {pl}",
        "portrait with {a} in it",
    ),
    ("subject", "wear"): (
        "people wearing {pl}",
        "portraits of sitters in {pl}",
        "{s}",
        "pictures of someone wearing {a}",
        "{s} portraits",
    ),
    ("subject", "body"): (
        "portraits of people with {pl}",
        "{s}",
        "faces with {pl}",
        "pictures showing {a}",
    ),
    ("subject", "setting"): (
        "portraits {at}",
        "people shown {at}",
        "{noun} setting",
        "sitters pictured {at}",
    ),
    ("subject", "group"): (
        "group portraits of {g}",
        "{g}",
        "pictures of {g} together",
        "portraits of {g}",
    ),
    ("subject_type", "with"): ("{m} of people with {pl}", "{m} showing {pl}", "{s} {m}"),
    ("subject_type", "wear"): ("{m} of people wearing {pl}", "{s} {m}", "{m} of sitters in {pl}"),
    ("subject_type", "body"): ("{m} of people with {pl}", "{s} {m}"),
    ("subject_type", "setting"): ("{m} of people {at}", "{noun} {m}"),
    ("subject_type", "group"): ("{m} of {g}", "group {m} of {g}"),
    ("subject_place", "with"): (
        "{pl} in {p}",
        "portraits with {pl} made in {p}",
        "{s} {p}",
        "{p} portraits with {pl}",
    ),
    ("subject_place", "wear"): (
        "people wearing {pl} in {p}",
        "{s} {p}",
        "{p} portraits of sitters in {pl}",
    ),
    ("subject_place", "body"): ("{pl} {p}", "portraits of people with {pl} from {p}"),
    ("subject_place", "setting"): ("portraits {at} made in {p}", "{p} {noun} portraits"),
    ("subject_place", "group"): ("{g} in {p}", "group portraits of {g} from {p}"),
    ("place", ""): (
        "portraits made in {p}",
        "works from {p}",
        "{p}",
        "art created in {p}",
        "pictures produced in {p}",
    ),
    ("place_type", ""): ("{m} made in {p}", "{p} {m}", "{m} from {p}"),
}


# --- reading the source -------------------------------------------------------------------------
class Source:
    """Files of the pinned commit, from a bare git dir, a checkout, or plain files."""

    def __init__(self, path: Path, commit: str) -> None:
        self.path, self.commit = path, commit
        self.git = (path / "HEAD").exists() and (path / "objects").is_dir()
        if not self.git and (path / ".git").exists():
            self.path, self.git = path / ".git", True
        if self.git:
            out = subprocess.run(
                ["git", f"--git-dir={self.path}", "cat-file", "-t", commit],
                capture_output=True,
                text=True,
                check=False,
            )
            if out.stdout.strip() != "commit":
                sys.exit(f"{path}: commit {commit} not found (is this the {SOURCE_REPO} mirror?)")

    def read(self, name: str) -> bytes:
        rel = FILES[name]
        if not self.git:
            return (self.path / rel).read_bytes()
        out = subprocess.run(
            ["git", f"--git-dir={self.path}", "show", f"{self.commit}:{rel}"],
            capture_output=True,
            check=False,
        )
        if out.returncode != 0 or not out.stdout:
            sys.exit(f"cannot read {rel} at {self.commit}: {out.stderr.decode(errors='replace')}")
        return out.stdout

    def csv(self, name: str) -> list[dict[str, str]]:
        text = self.read(name).decode("utf-8-sig")
        rows = csv.DictReader(io.StringIO(text, newline=""))
        return [{k.strip(): _null(v) for k, v in row.items() if k} for row in rows]

    def xlsx(self, name: str) -> list[dict[str, str]]:
        return read_xlsx(self.read(name))


def _null(value: str | None) -> str:
    value = (value or "").strip()
    return "" if value == "NULL" else value


_NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}


def read_xlsx(data: bytes) -> list[dict[str, str]]:
    """The first sheet of an .xlsx as dicts keyed by the header row (stdlib only)."""
    book = zipfile.ZipFile(io.BytesIO(data))
    strings = []
    if "xl/sharedStrings.xml" in book.namelist():
        root = ElementTree.fromstring(book.read("xl/sharedStrings.xml"))
        for si in root.findall("m:si", _NS):
            strings.append(
                "".join(
                    t.text or "" for t in si.iter(f"{{{_NS['m']}}}t") if not _in_phonetic(si, t)
                )
            )
    sheet = ElementTree.fromstring(book.read("xl/worksheets/sheet1.xml"))
    table: list[dict[str, str]] = []
    for row in sheet.iter(f"{{{_NS['m']}}}row"):
        cells = {}
        for cell in row.findall("m:c", _NS):
            col = re.sub(r"\d+", "", cell.get("r", ""))
            kind, value = cell.get("t"), cell.find("m:v", _NS)
            if kind == "s" and value is not None:
                cells[col] = strings[int(value.text or 0)]
            elif kind == "inlineStr":
                cells[col] = "".join(t.text or "" for t in cell.iter(f"{{{_NS['m']}}}t"))
            elif value is not None:
                text = value.text or ""
                cells[col] = text[:-2] if text.endswith(".0") else text
        table.append(cells)
    if not table:
        return []
    header = table[0]
    return [{header[c]: _null(v) for c, v in row.items() if c in header} for row in table[1:]]


def _in_phonetic(si: ElementTree.Element, t: ElementTree.Element) -> bool:
    return any(t in list(rph.iter()) for rph in si.findall("m:rPh", _NS))


# --- records --------------------------------------------------------------------------------------
def clean_html(text: str) -> str:
    text = re.sub(r"<[^>]+>", " ", html.unescape(text or ""))
    return re.sub(r"\s+", " ", text).strip()


def media_norm(classification: str) -> str:
    key = " ".join(classification.split()).lower()
    return MEDIA_ALIASES.get(key, key)


def build_records(src: Source) -> list[dict]:
    objects = src.csv("objects")
    titles: dict[str, tuple[int, str]] = {}
    for row in src.csv("titles"):
        order = int(row.get("DisplayOrder") or 99999)
        if row["ObjectID"] not in titles or order < titles[row["ObjectID"]][0]:
            titles[row["ObjectID"]] = (order, row.get("Title", ""))
    names = {r["ConstituentID"]: r.get("DisplayName", "") for r in src.csv("constituents")}
    makers: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for row in src.csv("conxrefs"):
        if row.get("Prefix") in CREATOR_ROLES and row.get("Displayed") == "1":
            name = names.get(row["ConstituentID"], "")
            if name and name != "None":  # one constituent is literally named "None"
                makers[row["ObjectID"]].append((int(row.get("DisplayOrder") or 0), name))
    urls = {r["ObjectID"]: r.get("URL", "") for r in src.csv("urls")}
    thumbs = {r["ObjectID"]: r.get("Web Image Address", "") for r in src.csv("images")}
    labels: dict[str, str] = {}
    for row in src.xlsx("labels"):
        text = clean_html(row.get("TextEntry", ""))
        if text and row.get("ObjectID"):
            labels.setdefault(row["ObjectID"], text)

    records = []
    for obj in objects:
        oid = obj["ObjectID"]
        rec: dict = {"id": f"{SLUG}:{oid}", "title": titles.get(oid, (0, ""))[1] or "Untitled"}
        if labels.get(oid):
            rec["description"] = labels[oid]
        creators = []
        for _, name in sorted(makers.get(oid, [])):
            if name not in creators:
                creators.append(name)
        if creators:
            rec["creator"] = "; ".join(creators)
        if obj.get("Dated"):
            rec["date"] = obj["Dated"]
        start, end = int(obj.get("DateBegin") or 0), int(obj.get("DateEnd") or 0)
        if start or end:
            rec["date_start"], rec["date_end"] = start or end, end or start
        for key, value in (
            ("media_type", obj.get("Classification")),
            ("medium", obj.get("Medium")),
            ("url", urls.get(oid)),
            ("thumbnail", thumbs.get(oid)),
        ):
            if value:
                rec[key] = value
        records.append(rec)
    records.sort(key=lambda r: int(r["id"].split(":")[1]))
    return records


# --- tags and labels ------------------------------------------------------------------------------
@dataclass
class Tag:
    facet: str
    full: str  # path + term + "\": the node; narrower nodes start with it
    term: str
    parent: str
    direct: set[str] = field(default_factory=set)  # object ids tagged with exactly this node
    objects: set[str] = field(default_factory=set)  # with this node or a narrower one


def build_tags(src: Source) -> tuple[dict[str, Tag], Counter]:
    tags: dict[str, Tag] = {}
    facets: Counter = Counter()
    for row in src.xlsx("terms"):
        facet, term, path = row.get("ThesXrefType", ""), row.get("Term", ""), row.get("Path", "")
        if not (facet and term and row.get("ObjectID")):
            continue
        facets[facet] += 1
        full = f"{path}{term}\\"
        key = f"{facet}|{full}"
        if key not in tags:
            parent = path.rstrip("\\").rsplit("\\", 1)[-1]
            tags[key] = Tag(facet, full, term, parent)
        tags[key].direct.add(row["ObjectID"])
    by_facet: dict[str, list[Tag]] = defaultdict(list)
    for tag in tags.values():
        by_facet[tag.facet].append(tag)
    for group in by_facet.values():
        group.sort(key=lambda t: t.full)
        for i, tag in enumerate(group):  # sorted: descendants follow their ancestor
            tag.objects = set(tag.direct)
            for other in group[i + 1 :]:
                if not other.full.startswith(tag.full):
                    break
                tag.objects |= other.direct
    return tags, facets


def plural(word: str) -> str:
    if word in PLURALS:
        return PLURALS[word]
    if word in MASS or (word.endswith("s") and not word.endswith("ss")):
        return word
    if word.endswith("glass") or re.search(r"(ss|x|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def article(word: str) -> str:
    if word in ("US Capitol", "White House"):
        return "the " + word
    if word in MASS or (word.endswith("s") and not word.endswith("ss")):
        return word
    return ("an " if word[0].lower() in "aeiou" else "a ") + word


@dataclass
class Subject:
    tag: Tag
    facet: str  # with | wear | body | setting | group
    slots: dict[str, str]
    words: tuple[str, ...]  # words whose presence in a title counts as lexical overlap

    @property
    def label(self) -> str:
        return self.slots.get("s") or self.slots.get("noun") or self.slots["g"]


def subject_for(tag: Tag) -> Subject | None:
    if tag.facet == "Portrait Objects":
        if tag.term in OBJECT_SKIP or "&" in tag.term:
            return None
        label = OBJECT_LABELS.get(f"{tag.parent}/{tag.term}", tag.term.lower())
        if label[0].isupper() and label not in MASS and not label.startswith("American"):
            label = label[0].lower() + label[1:]
        facet = (
            "wear"
            if "\\Costume\\" in tag.full
            else "body"
            if "\\Personal Attribute\\" in tag.full
            else "with"
        )
        slots = {"s": label, "pl": plural(label), "a": article(label)}
        return Subject(tag, facet, slots, (label, tag.term.lower()))
    if tag.facet == "Portrait Setting" and tag.term in SETTINGS:
        noun, at = SETTINGS[tag.term]
        return Subject(tag, "setting", {"noun": noun, "at": at}, (noun, tag.term.lower()))
    if tag.facet == "Sitter Type" and tag.term in GROUPS:
        g = GROUPS[tag.term]
        return Subject(tag, "group", {"g": g}, (g, tag.term.lower()))
    return None


def place_label(tag: Tag) -> str:
    return PLACE_LABELS.get(tag.term, tag.term)


# --- lexical overlap ------------------------------------------------------------------------------
def word_re(words: tuple[str, ...]) -> re.Pattern[str]:
    alts = sorted({re.escape(w.lower()) for w in words if w}, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(alts) + r")(?:s|es)?\b", re.IGNORECASE)


def overlap(ids: set[str], text_of: dict[str, str], pattern: re.Pattern[str]) -> float:
    if not ids:
        return 0.0
    return sum(1 for i in ids if pattern.search(text_of.get(i, ""))) / len(ids)


# --- queries ------------------------------------------------------------------------------------
def h(text: str) -> int:
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:12], 16)


def split_of(query_id: str) -> str:
    return "tune" if h("split:" + query_id) % 2 == 0 else "report"


def fill(kind: str, facet: str, key: str, slots: dict[str, str]) -> tuple[str, str]:
    options = TEMPLATES[(kind, facet)]
    template = options[h(f"template:{kind}:{key}") % len(options)]
    return template, template.format(**slots)


@dataclass
class Built:
    queries: list[dict]
    stats: dict


def build_queries(records: list[dict], tags: dict[str, Tag]) -> Built:
    oid_of = {r["id"].split(":")[1]: r for r in records}
    titles = {oid: r["title"] for oid, r in oid_of.items()}
    descs = {oid: r.get("description", "") for oid, r in oid_of.items()}
    media = {oid: media_norm(r.get("media_type", "")) for oid, r in oid_of.items()}
    by_media: dict[str, set[str]] = defaultdict(set)
    for oid, m in media.items():
        by_media[m].add(oid)

    def in_range(ids: set[str]) -> bool:
        return MIN_REL <= len(ids) <= MAX_REL

    all_ids = set(oid_of)

    # Subjects: one per label (the node with the most records wins a shared label).
    subjects: dict[str, Subject] = {}
    for tag in sorted(tags.values(), key=lambda t: (-len(t.objects), t.full)):
        if tag.facet not in SUBJECT_FACETS:
            continue
        subj = subject_for(tag)
        if subj and subj.label.lower() not in subjects:
            subjects[subj.label.lower()] = subj
    # Places: one per English label, the broadest node carrying it.
    places: dict[str, Tag] = {}
    for tag in sorted(tags.values(), key=lambda t: (-len(t.objects), t.full)):
        if tag.facet == PLACE_FACET and place_label(tag).lower() not in places:
            places[place_label(tag).lower()] = tag
    # A place is a query target only if it is neither too rare nor too broad itself ("United
    # States" with a media type would be a media-type query in disguise).
    places = {k: t for k, t in places.items() if in_range(t.objects & all_ids)}

    candidates: dict[str, list[dict]] = defaultdict(list)

    def add(kind: str, subj: Subject | None, place: Tag | None, medium: str | None) -> None:
        words: tuple[str, ...] = ()
        slots: dict[str, str] = {}
        parts = []
        if subj:
            parts.append(subj.tag.objects)
            words += subj.words
            slots.update(subj.slots)
        if place:
            parts.append(place.objects)
            words += (place_label(place), place.term)
            slots["p"] = place_label(place)
        if medium:
            parts.append(by_media[medium])
            slots["m"] = MEDIA[medium][1]
        parts.sort(key=len)
        ids = (parts[0] & all_ids).intersection(*parts[1:])
        if not in_range(ids):
            return
        pattern = word_re(words)
        title_ov = overlap(ids, titles, pattern)
        if title_ov > MAX_TITLE_OVERLAP:
            return
        key = "|".join(
            [kind, subj.tag.full if subj else "", place.full if place else "", medium or ""]
        )
        qid = f"{SLUG}-{kind}-{hashlib.sha256(key.encode()).hexdigest()[:10]}"
        template, text = fill(kind, subj.facet if subj else "", key, slots)
        candidates[kind].append(
            {
                "id": qid,
                "query": text,
                "kind": kind,
                "subject": subj.label if subj else None,
                "subject_tag": f"{subj.tag.facet}: {subj.tag.full}" if subj else None,
                "place": place_label(place) if place else None,
                "place_tag": f"{place.facet}: {place.full}" if place else None,
                "media_type": medium,
                "template": template,
                "relevant": sorted(
                    (f"{SLUG}:{i}" for i in ids), key=lambda s: int(s.split(":")[1])
                ),
                "n_relevant": len(ids),
                "title_overlap": round(title_ov, 4),
                "description_overlap": round(overlap(ids, descs, pattern), 4),
                "split": split_of(qid),
                "_subject_key": subj.label.lower() if subj else "",
                "_place_key": place_label(place).lower() if place else "",
            }
        )

    for subj in subjects.values():
        add("subject", subj, None, None)
        for m in MEDIA:
            add("subject_type", subj, None, m)
        for place in places.values():
            add("subject_place", subj, place, None)
    for place in places.values():
        add("place", None, place, None)
        for m in MEDIA:
            add("place_type", None, place, m)

    chosen: list[dict] = []
    for kind, quota in QUOTA.items():
        pool = sorted(candidates[kind], key=lambda q: h("pick:" + q["id"]))
        if kind == "subject":  # every setting and group first (stable sort), then objects
            pool.sort(key=lambda q: q["subject_tag"].startswith("Portrait Objects"))
        per_place: Counter = Counter()
        per_subject: Counter = Counter()
        taken: list[dict] = []
        for q in pool:
            if len(taken) >= quota:
                break
            if kind in ("subject_place", "subject_type") and per_subject[q["_subject_key"]] >= (
                PER_SUBJECT_CAP
            ):
                continue
            if kind in ("subject_place", "place_type") and per_place[q["_place_key"]] >= (
                PER_PLACE_CAP if kind == "subject_place" else 2
            ):
                continue
            per_place[q["_place_key"]] += 1
            per_subject[q["_subject_key"]] += 1
            taken.append(q)
        chosen.extend(taken)
    # Two templates can give the same text for different tags: keep the first only.
    seen: set[str] = set()
    queries = []
    for q in chosen:
        if q["query"].lower() in seen:
            continue
        seen.add(q["query"].lower())
        queries.append({k: v for k, v in q.items() if not k.startswith("_") and v is not None})
    queries.sort(key=lambda q: (list(QUOTA).index(q["kind"]), q["id"]))
    stats = {
        "n_subject_labels": len(subjects),
        "n_place_labels": len(places),
        "candidates": {k: len(v) for k, v in candidates.items()},
        "records_with_subject": len(
            set().union(*(t.objects for t in tags.values() if t.facet in SUBJECT_FACETS))
            & set(oid_of)
        ),
        "records_with_place": len(
            set().union(*(t.objects for t in tags.values() if t.facet == PLACE_FACET)) & set(oid_of)
        ),
    }
    return Built(queries, stats)


# --- BM25 reference -----------------------------------------------------------------------------
STOP = {
    "a", "an", "the", "of", "with", "in", "on", "by", "from", "and", "or", "at", "to", "for",
    "made", "showing", "show", "shown", "works", "work", "pictures", "picture", "people",
    "someone", "it", "their", "together", "out", "art", "created", "produced", "depicting",
    "posing", "pictured", "sitters", "sitter", "wearing", "faces",
}  # fmt: skip


def stem(tok: str) -> str:
    if len(tok) > 4 and tok.endswith("ies"):
        return tok[:-3] + "y"
    if len(tok) > 4 and re.search(r"(ss|x|ch|sh)es$", tok):
        return tok[:-2]
    if len(tok) > 3 and tok.endswith("s") and not tok.endswith("ss"):
        return tok[:-1]
    return tok


def tokens(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return [stem(t) for t in re.findall(r"[a-z0-9]+", text) if t not in STOP]


class BM25:
    def __init__(self, docs: list[list[str]], k1: float = 1.5, b: float = 0.75) -> None:
        self.n = len(docs)
        lengths = np.array([len(d) for d in docs], dtype=np.float64)
        avg = float(lengths.mean()) or 1.0
        self.norm = k1 * (1 - b + b * lengths / avg)
        self.k1 = k1
        post: dict[str, dict[int, int]] = defaultdict(dict)
        for i, doc in enumerate(docs):
            for tok, tf in Counter(doc).items():
                post[tok][i] = tf
        self.post = {
            t: (np.fromiter(p.keys(), np.int64), np.fromiter(p.values(), np.float64))
            for t, p in post.items()
        }

    def scores(self, query: list[str]) -> np.ndarray:
        out = np.zeros(self.n)
        for tok in set(query):
            if tok not in self.post:
                continue
            idx, tf = self.post[tok]
            idf = math.log(1 + (self.n - len(idx) + 0.5) / (len(idx) + 0.5))
            out[idx] += idf * tf * (self.k1 + 1) / (tf + self.norm[idx])
        return out


def ndcg10(ranked: list[int], relevant: set[int]) -> float:
    dcg = sum(1 / math.log2(r + 2) for r, d in enumerate(ranked[:10]) if d in relevant)
    ideal = sum(1 / math.log2(r + 2) for r in range(min(10, len(relevant))))
    return dcg / ideal if ideal else 0.0


def bm25_check(records: list[dict], queries: list[dict]) -> dict[str, dict[str, float]]:
    base = ("title", "creator", "medium", "media_type", "date")
    index_of = {r["id"]: i for i, r in enumerate(records)}
    results: dict[str, dict[str, float]] = {}
    for name, fields in (("bm25", base), ("bm25+description", (*base, "description"))):
        engine = BM25([tokens(" ".join(str(r.get(f, "")) for f in fields)) for r in records])
        per: dict[str, list[float]] = defaultdict(list)
        for q in queries:
            s = engine.scores(tokens(q["query"]))
            hits = np.nonzero(s > 0)[0]
            order = hits[np.lexsort((hits, -s[hits]))][:10].tolist()
            value = ndcg10(order, {index_of[i] for i in q["relevant"]})
            q.setdefault("_bm25", {})[name] = value
            for key in ("all", q["kind"], q["split"], f"{q['kind']}/{q['split']}"):
                per[key].append(value)
        results[name] = {k: float(np.mean(v)) for k, v in per.items()}
        results[name + ":n"] = {k: len(v) for k, v in per.items()}
    return results


# --- writing ------------------------------------------------------------------------------------
def write_gzip_jsonl(path: Path, rows: list[dict]) -> None:
    raw = "".join(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n" for r in rows)
    with (
        open(path, "wb") as fh,
        gzip.GzipFile(filename="", mode="wb", fileobj=fh, mtime=0, compresslevel=9) as gz,
    ):
        gz.write(raw.encode("utf-8"))


def table(header: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def readme(
    records: list[dict],
    queries: list[dict],
    built: Built,
    facets: Counter,
    check: dict | None,
    gz_bytes: int,
    commit: str,
) -> str:
    kinds = list(QUOTA)
    counts = Counter((q["kind"], q["split"]) for q in queries)
    count_rows = [
        [k, counts[(k, "tune")], counts[(k, "report")], counts[(k, "tune")] + counts[(k, "report")]]
        for k in kinds
    ]
    count_rows.append(
        [
            "all",
            sum(counts[(k, "tune")] for k in kinds),
            sum(counts[(k, "report")] for k in kinds),
            len(queries),
        ]
    )
    media = Counter(r.get("media_type", "(none)") for r in records)
    n_desc = sum(1 for r in records if r.get("description"))
    ov = {k: [q["title_overlap"] for q in queries if q["kind"] == k] for k in kinds}
    pooled_hit = sum(q["title_overlap"] * q["n_relevant"] for q in queries)
    pooled_n = sum(q["n_relevant"] for q in queries)
    ov_rows = [
        [k, len(v), f"{np.mean(v):.3f}", f"{np.max(v):.2f}", sum(1 for x in v if x == 0)]
        for k, v in ov.items()
    ]
    ov_rows.append(
        [
            "all",
            len(queries),
            f"{np.mean([q['title_overlap'] for q in queries]):.3f}",
            f"{max(q['title_overlap'] for q in queries):.2f}",
            sum(1 for q in queries if q["title_overlap"] == 0),
        ]
    )
    desc_ov = np.mean([q["description_overlap"] for q in queries])
    rel = [q["n_relevant"] for q in queries]
    examples = []
    for k in kinds:
        for q in [q for q in queries if q["kind"] == k][:3]:
            examples.append(
                [
                    f"`{q['query']}`",
                    k,
                    q.get("subject", ""),
                    q.get("place", ""),
                    q.get("media_type", ""),
                    q["n_relevant"],
                    q["title_overlap"],
                ]
            )
    tpl_rows = [[k, f or "-", "; ".join(f"`{t}`" for t in v)] for (k, f), v in TEMPLATES.items()]
    facet_rows = [
        [
            f,
            n,
            "yes" if f in WITHHELD_FACETS else "no (kept as `medium` text)",
            "subject" if f in SUBJECT_FACETS else "place" if f == PLACE_FACET else "-",
        ]
        for f, n in facets.most_common()
    ]

    desc_note = (
        "the museum's web label (`Data/NPGObjWebLabels.xlsx`, HTML stripped); "
        f"present on {n_desc:,} records only, omitted elsewhere"
    )
    roles = ", ".join(sorted(r.rstrip(":") for r in CREATOR_ROLES))
    creator_note = (
        f"constituents whose role is one of {roles} (displayed ones, in display order, joined "
        'by "; "); sitters, publishers and "copy after" names are not creators'
    )
    parts = [
        f"""# NPG judged archive dev set (non-lexical)

A judged dev set for archive search, built the same way as the reviewers' museum set but from a
different public collection: the **National Portrait Gallery, Smithsonian Institution**
(Washington, D.C.). It holds {len(records):,} object records and {len(queries)} requests whose
relevance comes only from the museum's own thesaurus tags, which are **withheld** from the
records. Regenerate it, do not edit it.

## Source and licence

- Repository: `{SOURCE_REPO}` on GitHub (the NPG export made for the American Art Collaborative
  linked-data project), commit `{commit}` (2018-04-04).
- Licence: **CC0 1.0 Universal** (the repository's `LICENSE`, copied in `LICENSE` here). The
  records may be committed. Please credit "National Portrait Gallery, Smithsonian Institution".
  Images are not included; `thumbnail` is only a link to npg.si.edu, whose images fall under the
  Smithsonian's own terms of use.
- Files read: {", ".join(f"`{p}`" for k, p in FILES.items() if k != "license")}. The CSV export of
  the term table (`NPGObjThesTerms3.csv`) is absent from the snapshot (a large file), so the
  generator reads its `.xlsx` twin from the same commit.

## Records (`records.jsonl.gz`, {gz_bytes / 1e6:.2f} MB)

Every object of `NPGObjects3.csv` is kept ({len(records):,}; no sampling was needed to stay under
8 MB), sorted by object id. Fields, in the shape `discovery ingest archives` reads without `--map`:

| field | from |
|---|---|
| `id` | `npg:<ObjectID>` |
| `title` | `NPGObjTitles3.csv`, the title of lowest display order (mostly the sitter's name) |
| `description` | {desc_note} |
| `creator` | {creator_note} |
| `date` | `Dated` (display text), omitted when NULL |
| `date_start`, `date_end` | `DateBegin`, `DateEnd` (years), omitted when both are 0 |
| `media_type` | `Classification` as the source spells it (`Photograph`, `Print`, ...) |
| `medium` | `Medium` |
| `url`, `thumbnail` | `NPGWebObjectURLs.csv`, `NPGWebImageURLs.csv` (2018 addresses) |

There is no `place` field and no tags field: every place and subject term is withheld.

{table(["media_type", "records"], [[m, n] for m, n in media.most_common(12)])}

## Withheld fields: the judgments

`NPGObjThesTerms3` links objects to thesaurus terms, each with a facet (`ThesXrefType`) and a
path (`Path`, e.g. `...\\Portrait Objects\\Costume\\Headgear\\Hat\\`; places are Getty TGN paths):

{table(["facet", "links", "withheld from records", "used as"], facet_rows)}

- **Subject tags**: `Portrait Objects` (what the portrait shows: top hat, horse, sword, microphone,
  ...), `Portrait Setting` (battlefield, office, stage, ...) and `Sitter Type` group types
  (families, couples, military officers, ...). {built.stats["records_with_subject"]:,} records
  carry at least one.
- **Place tags**: `Execution place` (where the work was made, TGN).
  {built.stats["records_with_place"]:,} records carry one. (`Place depicted` and `Related place`
  are too sparse to use; they are withheld too.)
- **Relevance**: a record is relevant when it carries the tag **or a narrower one** (path prefix:
  `Top hat` counts for `hat`, `Brooklyn` for `New York State`), and, for a template that names a
  media type, when its classification normalizes to that type the way the ingest does
  (lowercased; `Photographic Negative` counts as `photograph`).
- **Labels**: a term's own words, lowercased; a curated table words parent-dependent terms
  (`Flag\\National\\United States` -> "American flag", `Button\\Brass` -> "brass button") and TGN
  names in the source language (`Italia` -> "Italy"); settings and sitter types have a visitor's
  phrase each (`Battleground` -> "on a battlefield", `Couple` -> "couples"). Category nodes
  (`Human Figures`, `Artist's Effects`, ...) and artworks within portraits (`Painting`,
  `Photograph`, which read like media types) are not used. One query target per label: the node
  with the most records wins a shared label.

## Queries (`queries.jsonl`)

One JSON object per line: `id`, `query`, `kind`, `subject` / `place` / `media_type` (when the
kind uses them), `subject_tag` / `place_tag` (facet and path of the judged node), `template`,
`relevant` (record ids), `n_relevant`, `title_overlap`, `description_overlap`, `split`.

Kinds: `subject`, `place`, `subject_place`, `subject_type` (a subject with a media type, e.g.
"photographs of people with cigars") and `place_type` (a place with a media type).

Selection, all deterministic:
1. every (subject, place, media type) combination of the kind with **{MIN_REL} to {MAX_REL}
   relevant records** and a **title overlap of at most {MAX_TITLE_OVERLAP}** is a candidate
   ({", ".join(f"{k}: {v}" for k, v in built.stats["candidates"].items())});
2. candidates are ordered by sha256 of their id (settings and sitter types first for `subject`)
   and taken up to {", ".join(f"{k} {v}" for k, v in QUOTA.items())}, with at most
   {PER_SUBJECT_CAP} `subject_type`/`subject_place` queries per subject, {PER_PLACE_CAP}
   `subject_place` queries and 2 `place_type` queries per place; a query text that repeats an
   earlier one is dropped;
3. the template is picked by sha256 of the combination; the query id is
   `npg-<kind>-<first 10 hex of sha256(kind|subject path|place path|media type)>`;
4. **split**: `tune` when sha256("split:" + id) is even, else `report`. It was fixed by this rule
   before anything was tuned; tune on `tune`, quote `report`.

{table(["kind", "tune", "report", "total"], count_rows)}

Relevant records per query: min {min(rel)}, median {int(np.median(rel))}, max {max(rel)}.

### Templates

`{{s}}` subject, `{{pl}}` its plural, `{{a}}` with an article, `{{noun}}`/`{{at}}` a setting,
`{{g}}` a group, `{{p}}` a place, `{{m}}` a media type in the plural (photographs, prints,
drawings, paintings, sculptures). The facet chooses the wording: `with` (objects shown),
`wear` (costume), `body` (facial hair, teeth), `setting`, `group`.

{table(["kind", "facet", "templates"], tpl_rows)}

### Examples

{table(["query", "kind", "subject", "place", "media_type", "relevant", "title overlap"], examples)}

## Lexical overlap

`title_overlap` is, per query, the share of its relevant records whose **title** contains the
tag word (whole word, plural allowed; the label or the source term, for `subject_place` either the
subject or the place). NPG titles are mostly sitters' names, so the set is strongly non-lexical:

{table(["kind", "queries", "mean title overlap", "max", "queries with 0"], ov_rows)}

Pooled over all (query, relevant record) pairs: **{pooled_hit / pooled_n:.3f}** of relevant
records carry the tag word in their title. For comparison, the mean share whose `description`
(web label, on {n_desc / len(records):.0%} of records) contains it is {desc_ov:.3f}.
"""
    ]
    if check:
        main, desc = check["bm25"], check["bm25+description"]
        rows = []
        for key in ["all", *kinds, "tune", "report"]:
            rows.append(
                [
                    key,
                    check["bm25:n"].get(key, 0),
                    f"{main.get(key, 0):.3f}",
                    f"{desc.get(key, 0):.3f}",
                ]
            )
        split_rows = [
            [k, f"{main.get(k + '/tune', 0):.3f}", f"{main.get(k + '/report', 0):.3f}"]
            for k in kinds
        ]
        parts.append(f"""
## BM25 reference

A plain BM25 reference computed by the generator's `--check` flag: k1 1.5, b 0.75, one
document per record made of `title`, `creator`, `medium`, `media_type` and `date`; lowercase,
accents folded, a small stopword list (function words and template filler such as "made",
"showing", "wearing", "people"; `portraits` and media words such as `photographs` stay),
plural `s`/`es`/`ies` stripped; only records with a positive score are ranked; binary gains,
nDCG@10 averaged over queries. The last column adds `description` to the document, for
information only.

{
            table(
                [
                    "queries",
                    "n",
                    "nDCG@10 (title, creator, medium, media_type, date)",
                    "+ description",
                ],
                rows,
            )
        }

By split (first column above):

{table(["kind", "tune", "report"], split_rows)}

These figures are **below** the 0.15-0.35 band a hard-but-fair set was meant to land in, and that
is a property of this collection rather than of the templates: a portrait's title names the
sitter, not what the picture shows or where it was made, so word matching finds almost nothing
for `subject` and `place` requests (no choice of NPG tags changes that: the title overlap is
near 0 for nearly every tag with 5-300 records). What BM25 scores comes from media-type words
(`subject_type`, `place_type`) and the few titles and web labels that name the thing. An engine
does better here only through the description text and by knowing who the sitters were (Groucho
Marx and W.C. Fields are the cigar smokers, Civil War generals stand on battlefields). Read it as
the strict, knowledge-heavy end of the range, next to a more lexical set, not as the only dev set.
""")
    parts.append(f"""
## Regenerate and ingest

```
# the source: fetch github:{SOURCE_REPO} (a bare git dir), then
uv run python scripts/make_archive_judged_set.py <mirror path> --check
uv run discovery ingest archives data/eval/{SLUG}/records.jsonl.gz
```

The output is byte-reproducible for commit `{commit}`.
""")
    return "".join(parts)


LICENSE_NOTE = """\
The records in this directory (records.jsonl.gz) are derived from the collection data of the
National Portrait Gallery, Smithsonian Institution, as published in the GitHub repository
american-art/npg (commit {commit}), which dedicates the data to the public domain under
Creative Commons CC0 1.0 Universal. The queries and judgments (queries.jsonl) are derived from the
same data and are likewise dedicated to the public domain under CC0 1.0.
Attribution, though not required: "National Portrait Gallery, Smithsonian Institution".
Images are not included; linked images are subject to the Smithsonian's terms of use.

The source repository's LICENSE file follows.

----------------------------------------------------------------------------------------------------

"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mirror", type=Path, help=f"git dir or checkout of {SOURCE_REPO}")
    ap.add_argument("--commit", default=SOURCE_COMMIT)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true", help="compute the plain BM25 reference")
    args = ap.parse_args()

    src = Source(args.mirror, args.commit)
    records = build_records(src)
    tags, facets = build_tags(src)
    built = build_queries(records, tags)
    queries = built.queries

    args.out.mkdir(parents=True, exist_ok=True)
    gz = args.out / "records.jsonl.gz"
    write_gzip_jsonl(gz, records)
    check = bm25_check(records, queries) if args.check else None
    with open(args.out / "queries.jsonl", "w", encoding="utf-8") as fh:
        for q in queries:
            fh.write(
                json.dumps(
                    {k: v for k, v in q.items() if not k.startswith("_")}, ensure_ascii=False
                )
                + "\n"
            )
    (args.out / "README.md").write_text(
        readme(records, queries, built, facets, check, gz.stat().st_size, args.commit),
        encoding="utf-8",
    )
    (args.out / "LICENSE").write_text(
        LICENSE_NOTE.format(commit=args.commit) + src.read("license").decode("utf-8"),
        encoding="utf-8",
    )
    kinds = Counter((q["kind"], q["split"]) for q in queries)
    print(f"records: {len(records)} ({gz.stat().st_size / 1e6:.2f} MB gz)")
    print(
        f"queries: {len(queries)} "
        + ", ".join(f"{k}/{s}={n}" for (k, s), n in sorted(kinds.items()))
    )
    print(f"mean title overlap: {np.mean([q['title_overlap'] for q in queries]):.3f}")
    if check:
        for name in ("bm25", "bm25+description"):
            print(name, {k: round(v, 3) for k, v in sorted(check[name].items()) if "/" not in k})


if __name__ == "__main__":
    main()
