"""Grouping tools into proposed skills, offline: spherical k-means over their vectors, and a name
for each group from its most telling words and its server. Pure functions: tested directly.

Why these choices (measured on the tune splits, docs/tools-search.md): groups of about 8 tools
gave hierarchical search recall@5 within a point of direct search at 4x fewer candidates on
MetaTool and LiveMCPBench; pulling a tool towards its server's mean vector, or letting a tool
join a second group, did not help there."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from discovery.catalog.records import CatalogItem
from discovery.catalog.text import humanize

Matrix = npt.NDArray[np.float32]

_NOISE = {
    "mcp", "server", "service", "services", "tool", "tools", "with", "from", "that", "this",
    "your", "their", "into", "about", "using", "will", "more", "than", "provide", "provides",
    "allows", "based", "given", "such", "like", "other", "which", "when", "what", "returns",
    "return", "specified", "specific", "information", "details", "data", "list", "lists",
    "retrieve", "retrieves", "fetch", "fetches", "gets", "the", "and", "for", "api", "apis",
    "user", "users", "request", "parameters", "optional", "required", "string", "value",
}  # fmt: skip


def words(text: str) -> list[str]:
    """Content words: lower case, four letters or more, not in the noise list."""
    return [w for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in _NOISE]


def spherical_kmeans(vectors: Matrix, k: int, seed: int = 0, iterations: int = 30) -> list[int]:
    """A group per row (0..k-1) by cosine: k-means++ seeding, then mean directions. Seeded, so a
    catalog gets the same groups every time. Rows are expected L2-normalised."""
    n = len(vectors)
    if n == 0:
        return []
    k = max(1, min(k, n))
    x = np.asarray(vectors, np.float32)
    rng = np.random.default_rng(seed)
    centres = [x[int(rng.integers(n))]]
    closest = x @ centres[0]
    for _ in range(1, k):
        distance = np.clip(1.0 - closest, 0.0, None) ** 2
        total = float(distance.sum())
        pick = int(rng.choice(n, p=distance / total)) if total > 0 else int(rng.integers(n))
        centres.append(x[pick])
        closest = np.maximum(closest, x @ x[pick])
    c = np.stack(centres)
    labels = np.argmax(x @ c.T, axis=1)
    for _ in range(iterations):
        sums = np.zeros_like(c)
        np.add.at(sums, labels, x)
        empty = ~sums.any(axis=1)
        sums[empty] = c[empty]  # a group that lost every member keeps its place
        c = sums / (np.linalg.norm(sums, axis=1, keepdims=True) + 1e-9)
        new = np.argmax(x @ c.T, axis=1)
        if np.array_equal(new, labels):
            break
        labels = new
    return [int(v) for v in labels]


def group_count(n: int, size: int) -> int:
    return max(1, round(n / max(1, size)))


@dataclass(frozen=True)
class GroupName:
    name: str
    description: str
    keywords: list[str]


def item_words(item: CatalogItem) -> set[str]:
    return set(words(f"{humanize(item.name)} {item.title} {item.description}"))


def document_frequency(items: Sequence[CatalogItem]) -> Counter[str]:
    """In how many of the catalog's items each word occurs (the rarity half of the naming)."""
    df: Counter[str] = Counter()
    for item in items:
        df.update(item_words(item))
    return df


def name_group(
    members: Sequence[CatalogItem], catalog_df: Counter[str], catalog_size: int
) -> GroupName:
    """Name a group from the words most of its members share and the rest of the catalog does
    not (share in the group x log inverse document frequency), with the server most members
    come from when it holds at least half of them. A heuristic standing in for a person (or
    an LLM) naming the skill; the proposal says so."""
    counts: Counter[str] = Counter()
    for item in members:
        counts.update(item_words(item))
    n = max(1, len(members))
    score = {
        w: (c / n) * math.log((1 + catalog_size) / (1 + catalog_df.get(w, 0)))
        for w, c in counts.items()
    }
    keywords = [w for w, _ in sorted(score.items(), key=lambda kv: (-kv[1], kv[0]))[:8]]
    servers = Counter(str(m.metadata.get("server") or "") for m in members)
    server, held = servers.most_common(1)[0] if servers else ("", 0)
    title = ", ".join(keywords[:3]) or humanize(members[0].name if members else "tools")
    name = f"{server}: {title}" if server and held * 2 >= n else title
    shown = ", ".join((m.title or humanize(m.name)) for m in members[:5])
    more = f" and {len(members) - 5} more" if len(members) > 5 else ""
    description = f"Tools such as {shown}{more}" + (
        f" (mostly from {server})" if name != title else ""
    )
    return GroupName(name[:200], description[:2000], keywords)
