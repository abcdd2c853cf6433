"""`discovery eval agent`: every evaluation query as a fresh conversation through the whole agent
(intent, query writing, search, refinement), judged by what a person would accept.

Outcomes per query:
- first: attempt 1 passed and its records are relevant;
- rescued: attempt 1 failed (no match, weak match, or irrelevant records) and the final answer
  is relevant records from a later attempt; `strict_rescue_rate` counts a rescue only when
  attempt 1's own records (searched again, `first_attempt.py`) failed the judge;
- message: the turn ended with a message (nothing relevant found, or not routed to search);
- irrelevant: records were shown but a person would not accept them.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from discovery.agent.service import AgentService
from discovery.evaluation.first_attempt import FirstAttemptSearch, first_relevant
from discovery.evaluation.relevance import Acceptor
from discovery.settings import REPO_ROOT

QUERIES = REPO_ROOT / "data" / "eval" / "agent_queries.jsonl"


@dataclass
class QueryResult:
    id: str
    style: str
    query: str
    outcome: str  # first, rescued, message, irrelevant
    first_ok: bool
    attempts: list[dict[str, Any]]
    latency_ms: float
    first_relevant: bool | None = None  # a refined query: did attempt 1's records pass?


@dataclass
class AgentReport:
    results: list[QueryResult] = field(default_factory=list)

    def share(self, outcome: str) -> float:
        return sum(r.outcome == outcome for r in self.results) / max(len(self.results), 1)

    @property
    def first_failures(self) -> int:
        return sum(not r.first_ok for r in self.results)

    @property
    def rescue_rate(self) -> float:
        rescued = sum(r.outcome == "rescued" for r in self.results)
        return rescued / self.first_failures if self.first_failures else 1.0

    @property
    def first_relevant_refined(self) -> int:
        """Queries refined although attempt 1's own records were relevant (doubted)."""
        return sum(r.outcome == "rescued" and r.first_relevant is True for r in self.results)

    @property
    def strict_rescue_rate(self) -> float:
        """Rescued over the first-attempt failures whose own records failed the judge."""
        failed = self.first_failures - self.first_relevant_refined
        rescued = sum(r.outcome == "rescued" for r in self.results) - self.first_relevant_refined
        return rescued / failed if failed else 1.0

    def failure_causes(self) -> Counter[str]:
        """Why the first attempt failed: `not_searched` (not routed to search),
        `accepted_irrelevant` (the grader passed records a person would not accept, so
        refinement never ran), or `refined_rescued` / `refined_message` / `refined_irrelevant`
        (refinement ran, and how the turn ended)."""
        causes: Counter[str] = Counter()
        for r in self.results:
            if r.first_ok:
                continue
            if not r.attempts:
                causes["not_searched"] += 1
            elif len(r.attempts) == 1 and r.attempts[0]["accepted"]:
                causes["accepted_irrelevant"] += 1
            else:
                causes[f"refined_{r.outcome}"] += 1
        return causes

    def by_style(self) -> dict[str, Counter[str]]:
        out: dict[str, Counter[str]] = {}
        for r in self.results:
            out.setdefault(r.style, Counter())[r.outcome] += 1
        return out


def load_queries(path: Path = QUERIES) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


async def evaluate_agent(
    agent: AgentService, queries: list[dict[str, Any]], first: FirstAttemptSearch | None = None
) -> AgentReport:
    report = AgentReport()
    for q in queries:
        accept = Acceptor(q)
        started = time.perf_counter()
        response = await agent.run(q["query"])
        latency = (time.perf_counter() - started) * 1000
        attempts = [a.model_dump(mode="json") for a in response.attempts]
        records = [r.model_dump() for r in response.archives]
        relevant = response.response_type == "results" and accept.relevant(records)
        first_ok = bool(attempts) and attempts[0]["accepted"] and len(attempts) == 1 and relevant
        if first_ok:
            outcome = "first"
        elif relevant:
            outcome = "rescued"
        elif response.response_type == "message":
            outcome = "message"
        else:
            outcome = "irrelevant"
        report.results.append(
            QueryResult(
                q["id"],
                q.get("style", ""),
                q["query"],
                outcome,
                first_ok,
                attempts,
                latency,
                await first_relevant(first, q, attempts),
            )
        )
    return report
