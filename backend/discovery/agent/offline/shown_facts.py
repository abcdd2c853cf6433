"""Questions about what the thread showed that the catalog's word matching cannot answer, as the
local planner handles them (a heuristic stand-in for an LLM, documented as such):

- "which photographers took these?" after a search whose words no record holds together
  ("pittsburgh steel mills industry": the hybrid search showed steel mills, while the facts
  relaxed to one record holding three of the words): a creator or period question pointing
  back is then answered from the records shown (`catalog_facts(item_ids=...)`), which are what
  "these" names, when the catalog's facts found no record or, relaxed, fewer than `FEW`,
  holding fewer than half the search's words, or words fewer than half the shown records hold
  (a relaxed answer about enough records holding half the words, "landscapes" for
  "landscapes and the sea", stands; "unions" alone for "pittsburgh steel mills heavy industry
  unions" does not, nor "ceremonies" for "trophies ceremonies" when the records shown are
  trophies at dinners). A count is
  never answered so: ten shown records are not a count of the catalog.
- "how many items like that are there?" with nothing searched in the thread yet: a question
  back ("which records do you mean?") rather than a count of the whole archive.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from discovery.agent.facts_tool import FactsArtifact
from discovery.agent.offline.answers import templates
from discovery.agent.offline.held_words import holds
from discovery.agent.offline.questions import CatalogQuestion, points_among
from discovery.agent.offline.terms import stems

# Words that point at records the thread showed (not "in total", which can mean the archive).
_POINTER_RE = re.compile(
    r"\b(?:these|those|them|they|their|such|like\s+(?:that|this|these|those|them|it))\b", re.I
)
FEW = 3
"""A relaxed answer about fewer records than this cannot speak for "these" (a list shown)."""


def shown_instead(
    question: CatalogQuestion,
    artifact: FactsArtifact,
    shown: Sequence[str],
    shown_texts: Sequence[str] = (),
) -> dict[str, Any] | None:
    """The `catalog_facts` arguments for the shown records, when a creator or period question
    pointing back found no record, or only records holding some of the search's words; None
    when the facts stand."""
    if question.kind == "count" or not question.about_previous or not shown:
        return None
    if artifact.item_ids or artifact.error or (artifact.total and not artifact.asked):
        return None
    kept, asked = len(artifact.subject.split()), len(artifact.asked.split())
    if artifact.total >= FEW and 2 * kept >= asked and _held(artifact.subject, shown_texts):
        return None  # "landscapes" of "landscapes sea"
    return {"subject": "", "item_ids": list(shown), **question.filters}


def within_counted(question: CatalogQuestion, text: str) -> bool:
    """Whether a question after a count is about the records just counted: it points among
    them ("and how many of those date before 1700?") or names neither a subject nor a kind of
    record ("how many from the 1950s?"). "How many prints are there overall?" after "how many
    prints were made before 1800?" counts the prints anew."""
    if not question.about_previous:
        return False
    own = question.subject or "media_type" in question.filters
    return points_among(text) or not own


def nothing_to_point_at(question: CatalogQuestion, text: str, has_search: bool) -> str | None:
    """The question back for a question pointing at records ("how many like that?") in a
    thread that has searched nothing; None otherwise, and for a question with a subject of its
    own ("count the pictures with a chandelier in them": the catalog's)."""
    if has_search or not question.about_previous or question.filters or question.subject:
        return None
    return templates()["nothing_shown"] if _POINTER_RE.search(text) else None


def _held(subject: str, shown_texts: Sequence[str]) -> bool:
    """Whether at least half of the shown records hold every word of `subject` (no texts: yes)."""
    if not shown_texts:
        return True
    words = subject.replace('"', " ").split()
    holding = sum(all(holds(stems(text), w) for w in words) for text in shown_texts)
    return 2 * holding >= len(shown_texts)
