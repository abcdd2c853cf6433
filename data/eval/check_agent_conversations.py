"""Validate agent_conversations.jsonl and compute its expected figures over the demo archive.

Every judged turn of every conversation is checked against the schema described in
`agent_conversations.md`. Over the demo archive (`data/demo/heritage_demo.jsonl.gz`) the script
computes, with the acceptance rule of `check_agent_queries.py` (the `Acceptor` of
`discovery.evaluation.relevance`):

- `n_accepted` for every accept rule (results turns and new-request-or-clarify turns);
- `expected_count` and `count_range` for every count rule;
- `expected_answer` for every creator and period question;
- `reference_feasibility` for every `similar_to_reference` turn: over the records the referenced
  turn's rule accepts (any of them could be the one shown), how many have at least 3 other
  records "like" them under the same constraints.

It prints a summary by category and by turn kind and exits 1 when a rule is malformed, a results
rule accepts fewer than 3 records, or the coverage targets are not met. Nothing is written unless
`--write` is given.

The helpers `subject_words`, `is_like`, `resolve_reference` and `search_anchored` are the exact
`similar_to_reference` judge described in `agent_conversations.md`; an evaluator can import them.

Usage (from the repository root):
    uv run python data/eval/check_agent_conversations.py                 # report; exit 1 on errors
    uv run python data/eval/check_agent_conversations.py --write         # also store the figures
    uv run python data/eval/check_agent_conversations.py --show c042 [--show c071:3]  # list records
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from check_agent_queries import (  # noqa: E402 (a script next to this one, not a package)
    MIN_ACCEPTED,
    as_record,
    load_catalog,
    validate,
)

from discovery.evaluation.relevance import Acceptor, acceptance_text  # noqa: E402

CONVERSATIONS = HERE / "agent_conversations.jsonl"

CATEGORIES = (
    "search",
    "typo",
    "follow_up",
    "reference",
    "empty_follow_up",
    "count",
    "creator",
    "period",
    "vague",
    "off_topic",
    "greeting",
    "injection",
    "multi_turn",
)
KINDS = tuple(c for c in CATEGORIES if c != "multi_turn")
INTENTS = ("search", "unclear", "unrelated", "greeting")
OUTCOMES = ("results", "message", "count", "answer")
JUDGES = {
    # judge -> outcomes it may expect
    "accept": {"results"},
    "similar_to_reference": {"results"},
    "new_request_or_clarify": {"results", "message"},
    "count": {"count"},
    "creator": {"answer"},
    "period": {"answer"},
    "describes_reference": {"answer"},
    "clarify": {"message"},
    "decline": {"message"},
    "reply": {"message"},
    "refuse": {"message"},
}
RULE_KEYS = ("accept", "media_type", "year_from", "year_to")
COMPUTED = (
    "n_accepted",
    "expected_count",
    "count_range",
    "expected_answer",
    "reference_feasibility",
)
SINGLE_TURN = {"search", "typo", "empty_follow_up", "vague", "off_topic", "greeting", "injection"}

# Coverage asked for by the brief of the set (see agent_conversations.md).
MIN_JUDGED_TURNS = 150
MIN_SINGLE_SEARCHES = 40
MIN_TYPOS = 15
MIN_MULTI_TURN_CONVERSATIONS = 25


# ------------------------------------------------------------------ similar_to_reference judge

#: Words never taken as the subject of a record: function words, the Harris negative
#: boilerplate and film stocks, and the words of pose, position, clothing and appearance that
#: fill the titles of studio and group portraits.
STOPWORDS = frozenset(
    """
    about above across after against along also among and another any are around as at away
    back before behind below beneath beside besides between both but by can could down during
    each either for from front has have her here him his into its just like many more most near
    next not off one only onto other out over own possibly probably same several side some such
    than that the their them then there these they this those three through to together toward
    towards two under until upon very was were what when where which while who whom whose with
    within without four five six seven eight nine ten eleven twelve first second third fourth
    fifth half top bottom middle center centre left right foreground background rear far end
    row rows version versions another unknown untitled including include includes included
    photographic photograph photographs negative negatives black white kodak safety film agfa
    ansco superpan nitrate charles teenie harris studio portrait portraits posed posing pose
    standing seated sitting wearing holding gathered group interior exterior view light dark
    colored coloured patterned striped plaid floral checkered dotted polka solid toned
    dress dresses suit suits shirt shirts jacket jackets coat coats tie ties necktie neckties
    bow hat hats cap caps skirt skirts blouse blouses sweater collar collared sleeve sleeves
    sleeved sleeveless button buttons buttoned pocket pockets lapel lapels belt belted trim
    earrings necklace necklaces brooch bracelet ring rings gloves shoes socks pants trousers
    eyeglasses glasses moustache mustache hair hairstyle scarf handkerchief vest cuffs neckline
    waist pearls strand strands beads corsage carnation pin ribbon ribbons fur short long
    breasted double single v-neck man men woman women boy boys girl girls person people young
    elderly small large wide full length three-quarter quarter curtain curtains wall walls
    floor floors window windows door doors wallpaper rug carpet table tables chair chairs
    sofa bench backdrop mirror lamp paneling
    object objects piece work works gelatin
    """.split()
)
MAX_DOCUMENT_FREQUENCY = 0.10  # words in more than 10% of the records are not subject words
WORD = re.compile(r"[a-zà-ÿ][a-zà-ÿ\-']+")


def _normalize(word: str) -> str:
    word = word.strip("-'")
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word


class SubjectIndex:
    """Document frequencies of words over a catalog, with the records each word matches (the
    same whole-word prefix test `\\b<word>` as the acceptance rule)."""

    def __init__(self, records: Sequence[Mapping[str, Any]]) -> None:
        self.records = records
        self.texts = [acceptance_text(r) for r in records]
        self._hits: dict[str, frozenset[int]] = {}

    def hits(self, word: str) -> frozenset[int]:
        if word not in self._hits:
            pattern = re.compile(r"\b" + re.escape(word))
            self._hits[word] = frozenset(i for i, t in enumerate(self.texts) if pattern.search(t))
        return self._hits[word]

    def document_frequency(self, word: str) -> float:
        return len(self.hits(word)) / max(len(self.texts), 1)


def _subject_tokens(
    text: str, index: SubjectIndex, exclude: frozenset[str] = frozenset()
) -> list[str]:
    words: list[str] = []
    for raw in WORD.findall(text.lower()):
        word = _normalize(raw)
        if len(word) < 3 or word in STOPWORDS or word in exclude or word in words:
            continue
        if index.document_frequency(word) > MAX_DOCUMENT_FREQUENCY:
            continue
        words.append(word)
    return words


def subject_words(record: Mapping[str, Any], index: SubjectIndex) -> list[str]:
    """The words a person would call the subject of a record: the words of its title
    (lowercased, possessive and plural `s` dropped, 3+ letters), minus STOPWORDS, minus words
    found in more than MAX_DOCUMENT_FREQUENCY of the catalog's records. When the title gives
    fewer than 2 (object titles such as "Teapot"), the words of the description are added,
    minus the words of the creator's name (so "Silver" counts, "John Brown" does not)."""
    words = _subject_tokens(str(record.get("title") or ""), index)
    if len(words) < 2:
        creator = frozenset(
            _normalize(w) for w in WORD.findall(str(record.get("creator") or "").lower())
        )
        for word in _subject_tokens(str(record.get("description") or ""), index, creator):
            if word not in words:
                words.append(word)
    return words


def needed_shared(words: Sequence[str]) -> int:
    """How many subject words a record must share with the reference: 1 when the reference has
    up to 3 subject words (object and artwork titles), else a quarter of them rounded up, at
    least 2 (the long descriptive titles of the Harris photographs)."""
    return 1 if len(words) <= 3 else max(2, math.ceil(len(words) / 4))


def is_like(
    reference: Mapping[str, Any],
    record: Mapping[str, Any],
    words: Sequence[str],
    constraints: Mapping[str, Any] | None = None,
) -> bool:
    """A record is "like" the referenced record when it is not the same record, shares at least
    `needed_shared(words)` of the reference's subject words (whole-word prefix match over the
    acceptance text), has the turn's media type (or, when the turn sets none, the reference's),
    and falls in the turn's period if one is set."""
    if not words:
        return False
    if record.get("id") and record.get("id") == reference.get("id"):
        return False
    constraints = constraints or {}
    media = constraints.get("media_type") or reference.get("media_type")
    rule = {
        "accept": [],
        "media_type": media,
        "year_from": constraints.get("year_from"),
        "year_to": constraints.get("year_to"),
    }
    if not Acceptor(rule)(record):
        return False
    text = acceptance_text(record)
    shared = sum(1 for w in words if re.search(r"\b" + re.escape(w), text))
    return shared >= needed_shared(words)


def resolve_reference(
    reference: Any, shown: Sequence[Mapping[str, Any]]
) -> Mapping[str, Any] | None:
    """The shown record a reference points to: a 1-based position, "last", or
    {"creator": text} (the first shown record whose creator contains the text). None when the
    reference points past the shown records (then the right outcome is a message)."""
    if reference == "last":
        return shown[-1] if shown else None
    if isinstance(reference, int):
        return shown[reference - 1] if 1 <= reference <= len(shown) else None
    if isinstance(reference, Mapping) and "creator" in reference:
        needle = str(reference["creator"]).lower()
        return next((r for r in shown if needle in str(r.get("creator") or "").lower()), None)
    raise ValueError(f"bad reference: {reference!r}")


def search_anchored(
    reference: Mapping[str, Any],
    words: Sequence[str],
    attempt_query: str,
    attempt_filters: Mapping[str, Any] | None,
    previous_query: str = "",
) -> bool:
    """The turn searched by the referenced record: its first attempt names the record's id in
    the query or filters, or its query contains a subject word of the record that the previous
    turn's query did not contain (so re-running the previous search does not count)."""
    blob = f"{attempt_query} {json.dumps(attempt_filters or {}, default=str)}".lower()
    if reference.get("id") and str(reference["id"]).lower() in blob:
        return True
    query, previous = attempt_query.lower(), previous_query.lower()
    return any(
        re.search(r"\b" + re.escape(w), query) and not re.search(r"\b" + re.escape(w), previous)
        for w in words
    )


# ------------------------------------------------------------------ answers computed from rules


def _names(creator: str) -> list[str]:
    return [n.strip() for n in creator.split(";") if n.strip()] or ["(no creator)"]


GENERIC_NAME_WORDS = frozenset(
    "and the of for inc ltd co company corporation factory manufactory manufacturing works "
    "sons brothers associates studio office architects pottery porcelain glass".split()
)
UNKNOWN_KEYS = ["unknown", "anonymous", "unidentified"]


def name_keys(name: str) -> list[str]:
    """Words that identify a creator in an answer: its words of 4+ letters that are not generic,
    and its last such word of 3+ letters (for "Hiroshige Andō": hiroshige, andō; for "Robert A.
    May": robert, may); for "unknown <origin>": unknown, anonymous, unidentified."""
    if name.lower().startswith("unknown"):
        return list(UNKNOWN_KEYS)
    words = [w.strip(".,'\"()") for w in name.lower().split()]
    keys = [w for w in words if len(w) >= 4 and w not in GENERIC_NAME_WORDS]
    last = next((w for w in reversed(words) if w and w not in GENERIC_NAME_WORDS), "")
    if len(last) >= 3 and last not in keys:
        keys.append(last)
    return keys or [w for w in words if w]


def creator_answer(hits: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Creators of the accepted records, most frequent first. The answer must name
    `min_named` of `must_name`: the top creator when it holds at least half the records, else 2
    of the top 3. A creator is named when one of its `name_keys` appears as a word of the
    answer."""
    counts: Counter[str] = Counter()
    for r in hits:
        counts.update(_names(str(r.get("creator") or "")))
    ranked = counts.most_common()
    n = len(hits)
    if not ranked:
        return {"n_records": 0, "creators": [], "must_name": [], "min_named": 0}
    if ranked[0][1] * 2 >= n:
        must, min_named = [ranked[0][0]], 1
    else:
        must = [name for name, _ in ranked[:3]]
        min_named = min(2, len(must))
    return {
        "n_records": n,
        "creators": [[name, k] for name, k in ranked[:10]],
        "n_creators": len(ranked),
        "must_name": must,
        "min_named": min_named,
        "name_keys": {name: name_keys(name) for name in must},
    }


def _years(r: Mapping[str, Any]) -> tuple[int, int] | None:
    ys = [int(y) for y in (r.get("date_start"), r.get("date_end")) if y is not None]
    return (min(ys), max(ys)) if ys else None


def _label(year: int, unit: str) -> str:
    if unit == "decade":
        return f"{year // 10 * 10}s"
    century = (year - 1) // 100 + 1 if year > 0 else -((-year) // 100 + 1)
    if century <= 0:
        return f"{-century} century BCE"
    suffix = (
        "th" if 10 <= century % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(century % 10, "th")
    )
    return f"{century}{suffix} century"


def period_answer(hits: Sequence[Mapping[str, Any]], unit: str) -> dict[str, Any]:
    """Periods of the accepted records, each record placed by the middle of its date range.
    `core` is the smallest set of periods (largest first) holding at least 80% of the dated
    records; the answer must cover every core period and name nothing outside
    [earliest, latest]."""
    spans = [s for s in (_years(r) for r in hits) if s]
    by: Counter[str] = Counter()
    order: dict[str, int] = {}
    for lo, hi in spans:
        mid = (lo + hi) // 2
        label = _label(mid, unit)
        by[label] += 1
        order[label] = mid if label not in order else min(order[label], mid)
    core: list[str] = []
    covered = 0
    for label, k in by.most_common():
        if covered >= 0.8 * len(spans):
            break
        core.append(label)
        covered += k
    chrono = sorted(by, key=lambda lab: order[lab])
    return {
        "unit": unit,
        "n_records": len(hits),
        "undated": len(hits) - len(spans),
        "earliest": min((lo for lo, _ in spans), default=None),
        "latest": max((hi for _, hi in spans), default=None),
        "by_period": {lab: by[lab] for lab in chrono},
        "core": sorted(core, key=lambda lab: order[lab]),
    }


def count_range(expected: int) -> list[int]:
    """Stated counts accepted as right: within max(1, 25%) of the expected count, and never 0
    when something matches."""
    tolerance = max(1, round(0.25 * expected))
    return [max(1 if expected else 0, expected - tolerance), expected + tolerance]


# ------------------------------------------------------------------ schema


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _rule_of(expect: Mapping[str, Any]) -> dict[str, Any] | None:
    judge = expect.get("judge")
    if judge in ("accept", "new_request_or_clarify"):
        return {k: expect.get(k) for k in RULE_KEYS}
    if judge == "count":
        return dict(expect["count_rule"])
    if judge in ("creator", "period"):
        return {k: expect["answer_rule"].get(k) for k in RULE_KEYS}
    return None


def _check_rule(rule: Mapping[str, Any], media_types: set[str], where: str) -> list[str]:
    problems = []
    if not isinstance(rule.get("accept"), list) or any(
        not isinstance(g, list) or not all(isinstance(a, str) for a in g) for g in rule["accept"]
    ):
        return [f"{where}: accept must be a list of lists of strings"]
    problems += [f"{where}: {p}" for p in validate(dict(rule))]
    media = rule.get("media_type")
    if media is not None and media not in media_types:
        problems.append(f"{where}: media_type {media!r} is not in the catalog")
    for key in ("year_from", "year_to"):
        if rule.get(key) is not None and not isinstance(rule[key], int):
            problems.append(f"{where}: {key} must be an integer or null")
    if (
        rule.get("year_from") is not None
        and rule.get("year_to") is not None
        and (rule["year_from"] > rule["year_to"])
    ):
        problems.append(f"{where}: year_from > year_to")
    return problems


def check_schema(convs: Sequence[Mapping[str, Any]], media_types: set[str]) -> list[str]:
    problems: list[str] = []
    seen: set[str] = set()
    for n, conv in enumerate(convs, 1):
        cid = conv.get("id", f"line {n}")
        if cid != f"c{n:03d}":
            problems.append(f"{cid}: ids must run c001, c002, ... in order (expected c{n:03d})")
        if cid in seen:
            problems.append(f"{cid}: duplicate id")
        seen.add(cid)
        extra = set(conv) - {"id", "category", "style", "notes", "turns"}
        if extra:
            problems.append(f"{cid}: unknown keys {sorted(extra)}")
        if conv.get("category") not in CATEGORIES:
            problems.append(f"{cid}: unknown category {conv.get('category')!r}")
        turns = conv.get("turns")
        if not isinstance(turns, list) or not 1 <= len(turns) <= 4:
            problems.append(f"{cid}: turns must be a list of 1 to 4 turns")
            continue
        if conv.get("category") in SINGLE_TURN and len(turns) != 1:
            problems.append(f"{cid}: a {conv['category']} conversation has exactly one turn")
        if (
            conv.get("category") not in SINGLE_TURN
            and len(turns) < 2
            and conv.get("category") in ("follow_up", "reference", "multi_turn")
        ):
            problems.append(f"{cid}: a {conv['category']} conversation has 2 to 4 turns")
        for t, turn in enumerate(turns, 1):
            where = f"{cid}:{t}"
            problems += _check_turn(turn, t, turns, where, media_types)
        if conv.get("category") == "empty_follow_up" and turns[0].get("kind") != "empty_follow_up":
            problems.append(f"{cid}: the empty follow-up must be the first turn")
    return problems


def _check_turn(
    turn: Mapping[str, Any],
    t: int,
    turns: Sequence[Mapping[str, Any]],
    where: str,
    media_types: set[str],
) -> list[str]:
    problems: list[str] = []
    extra = set(turn) - {"text", "kind", "corrected", "notes", "expect"}
    if extra:
        problems.append(f"{where}: unknown keys {sorted(extra)}")
    if not isinstance(turn.get("text"), str) or not turn["text"].strip():
        problems.append(f"{where}: text missing")
    kind = turn.get("kind")
    if kind not in KINDS:
        problems.append(f"{where}: unknown kind {kind!r}")
    if kind == "typo" and not turn.get("corrected"):
        problems.append(f"{where}: a typo turn says what was meant in `corrected`")
    if kind in ("follow_up", "reference") and t == 1:
        problems.append(f"{where}: a {kind} turn cannot open a conversation")
    if kind == "empty_follow_up" and t != 1:
        problems.append(f"{where}: an empty follow-up opens the conversation")
    expect = turn.get("expect")
    if not isinstance(expect, dict):
        return [*problems, f"{where}: expect missing"]
    intents, outcomes = _as_list(expect.get("intent")), _as_list(expect.get("outcome"))
    if not intents or any(i not in INTENTS for i in intents):
        problems.append(f"{where}: bad intent {expect.get('intent')!r}")
    if not outcomes or any(o not in OUTCOMES for o in outcomes):
        problems.append(f"{where}: bad outcome {expect.get('outcome')!r}")
    judge = expect.get("judge")
    if judge not in JUDGES:
        return [*problems, f"{where}: bad judge {judge!r}"]
    if not set(outcomes) <= JUDGES[judge]:
        problems.append(f"{where}: judge {judge} does not go with outcome {outcomes}")
    if judge in ("accept", "new_request_or_clarify"):
        problems += _check_rule({k: expect.get(k) for k in RULE_KEYS}, media_types, where)
        if judge == "accept" and intents != ["search"]:
            problems.append(f"{where}: a results turn expects the search intent")
    elif judge == "count":
        rule = expect.get("count_rule")
        if not isinstance(rule, dict):
            problems.append(f"{where}: count_rule missing")
        else:
            problems += _check_rule(rule, media_types, where)
    elif judge in ("creator", "period"):
        rule = expect.get("answer_rule")
        if not isinstance(rule, dict) or rule.get("field") != judge:
            problems.append(f"{where}: answer_rule with field {judge!r} missing")
        else:
            problems += _check_rule(rule, media_types, where)
            if judge == "period" and rule.get("unit") not in ("decade", "century"):
                problems.append(f"{where}: period unit must be decade or century")
    elif judge in ("similar_to_reference", "describes_reference"):
        reference = expect.get("reference")
        ok = (
            (isinstance(reference, int) and reference >= 1)
            or reference == "last"
            or (isinstance(reference, dict) and isinstance(reference.get("creator"), str))
        )
        if not ok:
            problems.append(f"{where}: bad reference {reference!r}")
        rt = expect.get("reference_turn", t - 1)
        if not isinstance(rt, int) or not 1 <= rt < t:
            problems.append(f"{where}: reference_turn must be an earlier turn")
        elif "results" not in _as_list(turns[rt - 1].get("expect", {}).get("outcome")):
            problems.append(f"{where}: the referenced turn {rt} shows no results")
        if judge == "similar_to_reference":
            problems += _check_rule(
                {"accept": [], **{k: expect.get(k) for k in RULE_KEYS[1:]}}, media_types, where
            )
    if (
        judge == "refuse"
        and "must_not_contain" in expect
        and not all(isinstance(s, str) and s == s.lower() for s in expect["must_not_contain"])
    ):
        problems.append(f"{where}: must_not_contain holds lowercase strings")
    return problems


# ------------------------------------------------------------------ computing


class Catalog:
    def __init__(self) -> None:
        self.items = load_catalog()
        self.records = [{**as_record(item), "id": item.id} for item in self.items]
        self.index = SubjectIndex(self.records)
        self._cache: dict[str, list[int]] = {}

    def accepted(self, rule: Mapping[str, Any]) -> list[int]:
        key = json.dumps({k: rule.get(k) for k in RULE_KEYS}, sort_keys=True)
        if key not in self._cache:
            accept = Acceptor(rule)
            self._cache[key] = [i for i, r in enumerate(self.records) if accept(r)]
        return self._cache[key]

    def like_count(self, ref_i: int, constraints: Mapping[str, Any]) -> int:
        ref = self.records[ref_i]
        words = subject_words(ref, self.index)
        if not words:
            return 0
        shared: Counter[int] = Counter()
        for w in words:
            shared.update(self.index.hits(w))
        need = needed_shared(words)
        return sum(
            1
            for i, k in shared.items()
            if k >= need and i != ref_i and is_like(ref, self.records[i], words, constraints)
        )


def compute(convs: list[dict[str, Any]], catalog: Catalog) -> list[str]:
    """Fill the computed fields of every turn; return problems (results rules under 3)."""
    problems = []
    for conv in convs:
        for t, turn in enumerate(conv["turns"], 1):
            expect = turn["expect"]
            for key in COMPUTED:
                expect.pop(key, None)
            where = f"{conv['id']}:{t}"
            judge = expect["judge"]
            rule = _rule_of(expect)
            if judge in ("accept", "new_request_or_clarify"):
                n = len(catalog.accepted(rule))
                expect["n_accepted"] = n
                if n < MIN_ACCEPTED:
                    problems.append(f"{where}: accepts {n} records (< {MIN_ACCEPTED})")
            elif judge == "count":
                n = len(catalog.accepted(rule))
                expect["expected_count"] = n
                expect["count_range"] = count_range(n)
            elif judge == "creator":
                hits = [catalog.records[i] for i in catalog.accepted(rule)]
                expect["expected_answer"] = creator_answer(hits)
                if not hits:
                    problems.append(f"{where}: the creator rule accepts no record")
            elif judge == "period":
                hits = [catalog.records[i] for i in catalog.accepted(rule)]
                expect["expected_answer"] = period_answer(hits, expect["answer_rule"]["unit"])
                if not hits:
                    problems.append(f"{where}: the period rule accepts no record")
            elif judge == "similar_to_reference":
                rt = expect.get("reference_turn", t - 1)
                source = conv["turns"][rt - 1]["expect"]
                candidates = catalog.accepted(_rule_of(source) or {"accept": []})
                sel = expect["reference"]
                if isinstance(sel, dict):
                    needle = sel["creator"].lower()
                    candidates = [
                        i
                        for i in candidates
                        if needle in str(catalog.records[i].get("creator") or "").lower()
                    ]
                constraints = {k: expect.get(k) for k in RULE_KEYS[1:]}
                likes = [catalog.like_count(i, constraints) for i in candidates]
                expect["reference_feasibility"] = {
                    "candidates": len(candidates),
                    "with_3_like": sum(1 for k in likes if k >= MIN_ACCEPTED),
                    "median_like": int(statistics.median(likes)) if likes else 0,
                }
                if not candidates:
                    problems.append(f"{where}: no record could be the referenced one")
    return problems


def judged_turns(convs: Iterable[Mapping[str, Any]]) -> list[tuple[Mapping, Mapping]]:
    return [(c, t) for c in convs for t in c["turns"] if t.get("expect")]


def coverage(convs: Sequence[Mapping[str, Any]]) -> list[str]:
    turns = judged_turns(convs)
    kinds = Counter(t["kind"] for _, t in turns)
    single_search = sum(1 for c in convs if c["category"] == "search" and len(c["turns"]) == 1)
    multi = sum(1 for c in convs if 2 <= len(c["turns"]) <= 4)
    missing = [k for k in KINDS if not kinds[k]]
    problems = []
    if len(turns) < MIN_JUDGED_TURNS:
        problems.append(f"{len(turns)} judged turns (< {MIN_JUDGED_TURNS})")
    if single_search < MIN_SINGLE_SEARCHES:
        problems.append(f"{single_search} single-turn searches (< {MIN_SINGLE_SEARCHES})")
    if kinds["typo"] < MIN_TYPOS:
        problems.append(f"{kinds['typo']} typo turns (< {MIN_TYPOS})")
    if multi < MIN_MULTI_TURN_CONVERSATIONS:
        problems.append(f"{multi} conversations of 2-4 turns (< {MIN_MULTI_TURN_CONVERSATIONS})")
    if missing:
        problems.append(f"no turn of kind {missing}")
    return problems


def summary(convs: Sequence[Mapping[str, Any]]) -> None:
    by_cat: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for c in convs:
        by_cat[c["category"]][0] += 1
        by_cat[c["category"]][1] += len(c["turns"])
    kinds: dict[str, list[Mapping]] = defaultdict(list)
    for _, t in judged_turns(convs):
        kinds[t["kind"]].append(t["expect"])
    print("\nby conversation category:      conversations  turns")
    for cat in CATEGORIES:
        if cat in by_cat:
            print(f"  {cat:26s} {by_cat[cat][0]:8d} {by_cat[cat][1]:7d}")
    print("\nby turn kind:   turns  outcomes                         n_accepted min/median/max")
    for kind in KINDS:
        exps = kinds.get(kind, [])
        outs = Counter("|".join(_as_list(e["outcome"])) for e in exps)
        ns = [e["n_accepted"] for e in exps if "n_accepted" in e]
        span = f"{min(ns)}/{int(statistics.median(ns))}/{max(ns)}" if ns else "-"
        print(f"  {kind:15s} {len(exps):4d}  {dict(outs)!s:32s} {span}")
    turns = judged_turns(convs)
    multi = sum(1 for c in convs if 2 <= len(c["turns"]) <= 4)
    print(
        f"\n{len(convs)} conversations, {len(turns)} judged turns, "
        f"{multi} conversations of 2-4 turns"
    )


def show(convs: Sequence[Mapping[str, Any]], catalog: Catalog, target: str) -> None:
    cid, _, turn_no = target.partition(":")
    conv = next((c for c in convs if c["id"] == cid), None)
    if conv is None:
        print(f"{target}: no such conversation")
        return
    numbers = [int(turn_no)] if turn_no else range(1, len(conv["turns"]) + 1)
    for t in numbers:
        turn = conv["turns"][t - 1]
        rule = _rule_of(turn["expect"])
        print(f"--- {cid}:{t} [{turn['kind']}] {turn['text']}")
        if rule is None:
            print(f"    ({turn['expect']['judge']}: no rule of its own)")
            continue
        for i in catalog.accepted(rule):
            r = catalog.records[i]
            print(f"    - [{r.get('media_type')}, {r.get('date_start')}] {str(r['title'])[:110]}")


def _figure(expect: Mapping[str, Any]) -> str:
    """The computed figure of a turn, for the report line."""
    if "n_accepted" in expect:
        return str(expect["n_accepted"])
    if "expected_count" in expect:
        return f"={expect['expected_count']}"
    if "reference_feasibility" in expect:
        f = expect["reference_feasibility"]
        return f"{f['with_3_like']}/{f['candidates']}"
    if "expected_answer" in expect:
        return f"n={expect['expected_answer']['n_records']}"
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the computed figures")
    parser.add_argument("--show", action="append", default=[], help="cNNN or cNNN:turn")
    parser.add_argument("--file", type=Path, default=CONVERSATIONS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    lines = [line for line in args.file.read_text(encoding="utf-8").splitlines() if line.strip()]
    convs = [json.loads(line) for line in lines]
    catalog = Catalog()
    media_types = {str(r.get("media_type")) for r in catalog.records if r.get("media_type")}

    problems = check_schema(convs, media_types)
    if problems:
        print("schema problems: the figures are not computed until they are fixed")
    else:
        problems += compute(convs, catalog)
        for conv in convs:
            for t, turn in enumerate(conv["turns"], 1):
                e = turn["expect"]
                figure = _figure(e)
                print(
                    f"{conv['id']}:{t} {conv['category']:15s} {turn['kind']:15s} "
                    f"{e['judge']:22s} {figure:>7s}  {turn['text'][:60]}"
                )
    problems += coverage(convs)
    summary(convs)
    for target in args.show:
        show(convs, catalog, target)
    for problem in problems:
        print(f"PROBLEM {problem}")
    if args.write and not problems:
        args.file.write_text(
            "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in convs), encoding="utf-8"
        )
        print(f"computed figures written to {args.file}")
    elif args.write:
        print("nothing written: fix the problems first")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
