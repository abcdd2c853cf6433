"""The figures of `discovery eval conversations`, per split, from the judged turns.

- turns, intent accuracy, turns passed;
- relevant on the first attempt: over the turns whose right outcome includes records and whose
  judge is `accept`, `similar_to_reference` or `new_request_or_clarify` (a reference past the
  shown records, where only a message is right, and a first message answered by asking what to
  search for are left out): records shown from attempt 1,
  accepted by the grader, no refinement, and relevant by the turn's judge (as `discovery eval
  agent`);
- rescued by refinement, counted honestly: of the turns whose first attempt's own records failed
  the judge (`TurnResult.first_records_relevant`; a refined turn's first attempt is searched
  again, `first_attempt.py`), the share that ended in relevant records; the first attempts that
  were relevant but refined anyway (the grader doubted them) are counted apart, and the older,
  looser figure (every turn not relevant on the first attempt that ended relevant) is kept as
  `ended_relevant_after_first_failure`;
- pass rate per turn kind and per conversation category; reference, count, creator and period
  turns answered correctly; latency per turn (median, p95).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from discovery.evaluation.conversation_turns import RESULT_JUDGES
from discovery.evaluation.conversations import TurnResult
from discovery.evaluation.stats import summarize


def _rate(ok: int, n: int) -> dict[str, Any]:
    return {"passed": ok, "turns": n, "rate": round(ok / n, 3) if n else None}


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _counted(t: TurnResult) -> bool:
    """A results turn: its judge is one of RESULT_JUDGES and records are a right outcome; a
    reference past the shown records (only a message is right) and a first message answered by
    asking what to search for (no records judged) are left out."""
    if t.judge not in RESULT_JUDGES or "results" not in _as_list(t.expected["outcome"]):
        return False
    return t.verdict.relevant is not None


def summarize_turns(turns: Sequence[TurnResult]) -> dict[str, Any]:
    counted = [t for t in turns if _counted(t)]
    first = sum(t.first_ok for t in counted)
    failures = [t for t in counted if not t.first_ok]
    rescued = sum(bool(t.verdict.relevant) for t in failures)
    # Honest rescue: the first attempt's own records failed (unknown counts as failed).
    first_failed = [t for t in failures if t.first_records_relevant is not True]
    doubted_relevant = len(failures) - len(first_failed)
    by_kind: dict[str, list[bool]] = defaultdict(list)
    by_category: dict[str, list[bool]] = defaultdict(list)
    conversations: dict[str, list[bool]] = defaultdict(list)
    for t in turns:
        by_kind[t.kind].append(t.verdict.passed)
        by_category[t.category].append(t.verdict.passed)
        conversations[t.conversation].append(t.verdict.passed)
    by_judge: dict[str, list[bool]] = defaultdict(list)
    for t in turns:
        by_judge[t.judge].append(t.verdict.passed)
    reference = [t for t in turns if t.judge in ("similar_to_reference", "describes_reference")]
    infeasible = [t for t in reference if t.verdict.feasible is False]
    latencies = [t.latency_ms for t in turns]
    return {
        "turns": len(turns),
        "conversations": len(conversations),
        "conversations_all_passed": sum(all(v) for v in conversations.values()),
        "intent_accuracy": round(sum(t.verdict.intent_ok for t in turns) / len(turns), 3)
        if turns
        else None,
        "passed": _rate(sum(t.verdict.passed for t in turns), len(turns)),
        "results_turns": len(counted),
        "relevant_first_attempt": _rate(first, len(counted)),
        "rescued_by_refinement": _rate(
            sum(bool(t.verdict.relevant) for t in first_failed), len(first_failed)
        ),
        "first_relevant_but_refined": doubted_relevant,
        "ended_relevant_after_first_failure": _rate(rescued, len(failures)),
        "by_kind": {k: _rate(sum(v), len(v)) for k, v in sorted(by_kind.items())},
        "by_category": {k: _rate(sum(v), len(v)) for k, v in sorted(by_category.items())},
        "by_judge": {k: _rate(sum(v), len(v)) for k, v in sorted(by_judge.items())},
        "reference": _rate(sum(t.verdict.passed for t in reference), len(reference)),
        "reference_anchoring_only": _rate(
            sum(t.verdict.passed for t in infeasible), len(infeasible)
        ),
        "count": _rate(*_passed(turns, "count")),
        "creator": _rate(*_passed(turns, "creator")),
        "period": _rate(*_passed(turns, "period")),
        "tolerated": sum(t.verdict.tolerated for t in turns),
        "latency_ms": summarize(latencies) if latencies else None,
    }


def _passed(turns: Sequence[TurnResult], judge: str) -> tuple[int, int]:
    mine = [t for t in turns if t.judge == judge]
    return sum(t.verdict.passed for t in mine), len(mine)


def report(turns: Sequence[TurnResult], splits: Sequence[str]) -> dict[str, Any]:
    """Figures per split (and over all the turns run), plus every turn."""
    out: dict[str, Any] = {"splits": {}}
    for split in splits:
        mine = [t for t in turns if t.split == split]
        if mine:
            out["splits"][split] = summarize_turns(mine)
    if len(out["splits"]) > 1:
        out["splits"]["all"] = summarize_turns(turns)
    out["turns"] = [turn_json(t) for t in turns]
    return out


def turn_json(t: TurnResult) -> dict[str, Any]:
    row = asdict(t)
    row["latency_ms"] = round(t.latency_ms, 1)
    row["first_ok"] = t.first_ok
    row["attempts"] = [
        {k: a.get(k) for k in ("query", "filters", "best_score", "reason", "accepted")}
        for a in t.attempts
    ]
    return row


def dumps(figures: dict[str, Any]) -> str:
    """The report as JSON: the figures indented, then one line per turn (small, diffable)."""
    head = json.dumps({"splits": figures["splits"]}, indent=1, ensure_ascii=False)
    rows = ",\n".join(json.dumps(t, ensure_ascii=False, default=str) for t in figures["turns"])
    return head[:-2] + ',\n "turns": [\n' + rows + "\n ]\n}\n"
