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

The helpers `subject_words`, `is_like`, `resolve_reference` and `search_anchored` (the exact
`similar_to_reference` judge described in `agent_conversations.md`) live in
`discovery.evaluation.conversation_judges`, and `creator_answer`, `period_answer`, `name_keys` and
`count_range` in `discovery.evaluation.conversation_answers`: the checker and the evaluator
(`discovery eval conversations`) share them.

Usage (from the repository root):
    uv run python data/eval/check_agent_conversations.py                 # report; exit 1 on errors
    uv run python data/eval/check_agent_conversations.py --write         # also store the figures
    uv run python data/eval/check_agent_conversations.py --show c042 [--show c071:3]  # list records
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v3.jsonl
        # the third set (or --file PATH; ids v3-001..., its own coverage targets and a check
        # that no turn repeats a known line: `discovery.evaluation.conversation_sets`)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v4.jsonl
        # the fourth set (ids v4-001...; it must not repeat a line of v2 or v3 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v5.jsonl
        # the fifth set (ids v5-001...; it must not repeat a line of v2, v3 or v4 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v6.jsonl
        # the sixth set (ids v6-001...; it must not repeat a line of v2, v3, v4 or v5 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v7.jsonl
        # the seventh set (ids v7-001...; it must not repeat a line of v2 to v6 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v8.jsonl
        # the eighth set (ids v8-001...; it must not repeat a line of v2 to v7 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v9.jsonl
        # the ninth set (ids v9-001...; it must not repeat a line of v2 to v8 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v10.jsonl
        # the tenth set (ids v10-001...; it must not repeat a line of v2 to v9 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v11.jsonl
        # the eleventh set (ids v11-001...; it must not repeat a line of v2 to v10 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v12.jsonl
        # the twelfth set (ids v12-001...; it must not repeat a line of v2 to v11 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v13.jsonl
        # the thirteenth set (ids v13-001...; it must not repeat a line of v2 to v12 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v14.jsonl
        # the fourteenth set (ids v14-001...; it must not repeat a line of v2 to v13 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v15.jsonl
        # the fifteenth set (ids v15-001...; it must not repeat a line of v2 to v14 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v16.jsonl
        # the sixteenth set (ids v16-001...; it must not repeat a line of v2 to v15 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v17.jsonl
        # the seventeenth set (ids v17-001...; it must not repeat a line of v2 to v16 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v18.jsonl
        # the eighteenth set (ids v18-001...; it must not repeat a line of v2 to v17 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v19.jsonl
        # the nineteenth set (ids v19-001...; it must not repeat a line of v2 to v18 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v20.jsonl
        # the twentieth set (ids v20-001...; it must not repeat a line of v2 to v19 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v21.jsonl
        # the twenty-first set (ids v21-001...; it must not repeat a line of v2 to v20 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v22.jsonl
        # the twenty-second set (ids v22-001...; it must not repeat a line of v2 to v21 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v23.jsonl
        # the twenty-third set (ids v23-001...; it must not repeat a line of v2 to v22 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v24.jsonl
        # the twenty-fourth set (ids v24-001...; it must not repeat a line of v2 to v23 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v25.jsonl
        # the twenty-fifth set (ids v25-001...; it must not repeat a line of v2 to v24 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v26.jsonl
        # the twenty-sixth set (ids v26-001...; it must not repeat a line of v2 to v25 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v27.jsonl
        # the twenty-seventh set (ids v27-001...; it must not repeat a line of v2 to v26 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v28.jsonl
        # the twenty-eighth set (ids v28-001...; it must not repeat a line of v2 to v27 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v29.jsonl
        # the twenty-ninth set (ids v29-001...; it must not repeat a line of v2 to v28 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v30.jsonl
        # the thirtieth set (ids v30-001...; it must not repeat a line of v2 to v29 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v31.jsonl
        # the thirty-first set (ids v31-001...; it must not repeat a line of v2 to v30 either)
    uv run python data/eval/check_agent_conversations.py data/eval/agent_conversations_v32.jsonl
        # the thirty-second set (ids v32-001...; it must not repeat a line of v2 to v31 either)
"""

from __future__ import annotations

import argparse
import json
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

from discovery.evaluation.conversation_answers import (  # noqa: E402
    count_range,
    creator_answer,
    period_answer,
)
from discovery.evaluation.conversation_judges import (  # noqa: E402
    SubjectIndex,
    is_like,
    needed_shared,
    resolve_reference,
    subject_words,
)
from discovery.evaluation.conversation_repeats import known_lines, repeated_turns  # noqa: E402
from discovery.evaluation.conversation_sets import (  # noqa: E402
    ConversationSet,
    expected_id,
    set_for,
)
from discovery.evaluation.relevance import Acceptor  # noqa: E402

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


def check_schema(
    convs: Sequence[Mapping[str, Any]], media_types: set[str], prefix: str = "c"
) -> list[str]:
    problems: list[str] = []
    seen: set[str] = set()
    for n, conv in enumerate(convs, 1):
        cid = conv.get("id", f"line {n}")
        if cid != expected_id(prefix, n):
            problems.append(
                f"{cid}: ids must run {expected_id(prefix, 1)}, {expected_id(prefix, 2)}, ... "
                f"in order (expected {expected_id(prefix, n)})"
            )
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
            (isinstance(reference, int) and not isinstance(reference, bool) and reference != 0)
            or reference == "last"
            or (
                isinstance(reference, dict)
                and len(reference) == 1
                and isinstance(reference.get("creator", reference.get("title")), str)
            )
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

    def likes(self, ref_i: int, constraints: Mapping[str, Any]) -> list[int]:
        """The records like record `ref_i` under `constraints` (the judge's `is_like`)."""
        ref = self.records[ref_i]
        words = subject_words(ref, self.index)
        if not words:
            return []
        shared: Counter[int] = Counter()
        for w in words:
            shared.update(self.index.hits(w))
        need = needed_shared(words)
        return sorted(
            i
            for i, k in shared.items()
            if k >= need and i != ref_i and is_like(ref, self.records[i], words, constraints)
        )

    def like_count(self, ref_i: int, constraints: Mapping[str, Any]) -> int:
        return len(self.likes(ref_i, constraints))


def _candidates(conv: Mapping[str, Any], t: int, catalog: Catalog) -> list[int]:
    """The records turn `t` (1-based) of `conv` could have shown: those its rule accepts or,
    for a `similar_to_reference` turn, those like any record its own reference could be (a
    reference to the results of a reference)."""
    expect = conv["turns"][t - 1]["expect"]
    if expect["judge"] != "similar_to_reference":
        return catalog.accepted(_rule_of(expect) or {"accept": []})
    constraints = {k: expect.get(k) for k in RULE_KEYS[1:]}
    shown: set[int] = set()
    for i in _referenced(conv, t, catalog):
        shown.update(catalog.likes(i, constraints))
    return sorted(shown)


def _referenced(conv: Mapping[str, Any], t: int, catalog: Catalog) -> list[int]:
    """The records a reference turn `t` could point to, over what its source turn could show."""
    expect = conv["turns"][t - 1]["expect"]
    candidates = _candidates(conv, expect.get("reference_turn", t - 1), catalog)
    sel = expect["reference"]
    if isinstance(sel, dict):
        return [i for i in candidates if resolve_reference(sel, [catalog.records[i]]) is not None]
    return candidates


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
                candidates = _referenced(conv, t, catalog)
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


def coverage(convs: Sequence[Mapping[str, Any]], targets: Mapping[str, int]) -> list[str]:
    """Problems: a count under the set's coverage targets (`ConversationSet.coverage`: judged
    turns, single-turn searches, conversations of 2-4 turns, and turns of a kind), or a kind
    with no turn at all."""
    counts: Counter[str] = Counter(t["kind"] for _, t in judged_turns(convs))
    counts["judged"] = len(judged_turns(convs))
    counts["single_search"] = sum(
        1 for c in convs if c["category"] == "search" and len(c["turns"]) == 1
    )
    counts["multi_turn"] = sum(1 for c in convs if 2 <= len(c["turns"]) <= 4)
    names = {
        "judged": "judged turns",
        "single_search": "single-turn searches",
        "multi_turn": "conversations of 2-4 turns",
    }
    problems = [
        f"{counts[key]} {names.get(key, key + ' turns')} (< {least})"
        for key, least in targets.items()
        if counts[key] < least
    ]
    missing = [k for k in KINDS if not counts[k]]
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
    parser.add_argument("path", nargs="?", type=Path, help="the set (default: the second set)")
    parser.add_argument("--file", type=Path, help="the set, as the positional path")
    args = parser.parse_args(argv)
    if args.path and args.file and args.path != args.file:
        parser.error("give the set once: a path or --file")
    path: Path = args.path or args.file or CONVERSATIONS
    the_set: ConversationSet = set_for(path)

    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    convs = [json.loads(line) for line in lines]
    catalog = Catalog()
    media_types = {str(r.get("media_type")) for r in catalog.records if r.get("media_type")}

    print(f"set {the_set.name}: {path}")
    problems = check_schema(convs, media_types, the_set.id_prefix)
    if the_set.fresh:
        problems += repeated_turns(convs, known_lines(the_set.earlier))
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
    problems += coverage(convs, the_set.coverage)
    summary(convs)
    for target in args.show:
        show(convs, catalog, target)
    for problem in problems:
        print(f"PROBLEM {problem}")
    if args.write and not problems:
        path.write_text(
            "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in convs), encoding="utf-8"
        )
        print(f"computed figures written to {path}")
    elif args.write:
        print("nothing written: fix the problems first")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
