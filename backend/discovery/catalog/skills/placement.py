"""What a classifier says about each item: its skills (with confidences, one primary), or,
when no skill fits, what a new-skill suggestion is made of. `Classifier` is what the write
path calls; the archive, tool and LLM classifiers implement it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from discovery.catalog.records import CatalogItem

Matrix = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Assignment:
    skill_id: str
    confidence: float
    is_primary: bool
    tentative: bool = False
    """Below the classifier's confidence: the best fit there is, until a person (or a skill
    proposed from the catalog) places the item for good."""


@dataclass(frozen=True)
class Unplaced:
    """An item no skill fits: what a new-skill suggestion is made of."""

    item: CatalogItem
    best_skill: str | None
    best_confidence: float
    proposed_name: str | None = None  # an LLM's proposal; offline, made from the item's words
    proposed_description: str | None = None
    vector: Matrix | None = None  # the item's vector: suggestions group similar items


@dataclass(frozen=True)
class Placement:
    """One item's skills, best first; `unplaced` is set when none fits with confidence (the
    item may still hold a tentative best fit)."""

    assignments: list[Assignment]
    unplaced: Unplaced | None = None

    @property
    def primary(self) -> str | None:
        return next((a.skill_id for a in self.assignments if a.is_primary), None)


class Classifier(Protocol):
    """Places a batch of items in skills, from their vectors (one placement per item)."""

    def classify(self, items: list[CatalogItem], vectors: Matrix) -> list[Placement]: ...
