"""The offline skill classifier's pure core: relative confidences, primary, limits."""

from __future__ import annotations

import numpy as np
import pytest

from discovery.catalog.records import CatalogItem
from discovery.catalog.skills.archive_classifier import TEMPERATURE, Skill, SkillClassifier, assign


def _unit(*rows: list[float]) -> np.ndarray:
    m = np.asarray(rows, dtype=np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def test_assign_gives_best_skill_primary_with_confidence_one() -> None:
    items = _unit([1, 0, 0])
    skills = _unit([1, 0, 0], [0, 1, 0], [0, 0, 1])
    [assigned] = assign(items, skills, ["a", "b", "c"])
    assert assigned[0].skill_id == "a"
    assert assigned[0].is_primary and assigned[0].confidence == 1.0
    assert [a.skill_id for a in assigned] == ["a"]  # the others are far below 0.5


def test_assign_keeps_close_runner_up_with_relative_confidence() -> None:
    items = _unit([1, 1, 0])
    skills = _unit([1, 0.98, 0], [0.98, 1, 0], [0, 0, 1])
    [assigned] = assign(items, skills, ["a", "b", "c"])
    assert {a.skill_id for a in assigned} == {"a", "b"}
    sims = (items @ skills.T)[0]
    gap = abs(sims[0] - sims[1])
    assert assigned[1].confidence == round(float(np.exp(-gap / TEMPERATURE)), 4)
    assert sum(a.is_primary for a in assigned) == 1


def test_assign_respects_max_skills_and_min_confidence() -> None:
    items = _unit([1, 1, 1, 1])
    skills = _unit([1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1])
    [assigned] = assign(items, skills, ["a", "b", "c", "d"], max_skills=2)
    assert len(assigned) == 2
    [strict] = assign(items, skills, ["a", "b", "c", "d"], min_confidence=1.01)
    assert len(strict) == 1  # the best skill is always kept


def test_assign_without_skills_assigns_nothing() -> None:
    assert assign(_unit([1, 0]), np.zeros((0, 2), np.float32), []) == [[]]


class _Identity:
    """Embeds each skill text as a fixed one-hot row (skills come in the order given)."""

    model_id, dim = "identity", 3

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return np.eye(self.dim, dtype=np.float32)[: len(texts)]


@pytest.fixture
def classifier() -> SkillClassifier:
    """One media-type rule skill (paintings) and two similarity skills (music, sport)."""
    skills = [
        Skill("paint", "Paintings", "d", [], {"media_type": ["painting"]}),
        Skill("music", "Music", "d", []),
        Skill("sport", "Sport", "d", []),
    ]
    return SkillClassifier(_Identity(), skills)  # type: ignore[arg-type]


def _item(media_type: str) -> CatalogItem:
    return CatalogItem(
        id=f"x-{media_type}",
        kind="archive",
        name="n",
        title="t",
        metadata={"media_type": media_type},
        embedding_text="t",
    )


def test_classify_applies_metadata_rules_with_confidence_one(classifier: SkillClassifier) -> None:
    weak = _unit([0.2, 1.0, 0.0])[0] * 0.25  # every subject cosine is below the 0.3 floor
    [painting, photo] = (
        p.assignments
        for p in classifier.classify(
            [_item("painting"), _item("photograph")], np.stack([weak, _unit([1, 0, 0])[0]])
        )
    )
    assert [(a.skill_id, a.confidence, a.is_primary) for a in painting] == [("paint", 1.0, True)]
    # no rule matches a photograph: it still gets its best similarity skill, as primary
    assert photo[0].is_primary and photo[0].skill_id in {"music", "sport"}
    assert all(a.skill_id != "paint" for a in photo)


def test_classify_keeps_a_close_subject_next_to_a_rule_and_makes_it_primary(
    classifier: SkillClassifier,
) -> None:
    [placement] = classifier.classify([_item("painting")], _unit([1.0, 0.0, 0.0]))
    assigned = placement.assignments
    assert [(a.skill_id, a.is_primary) for a in assigned] == [("paint", False), ("music", True)]
