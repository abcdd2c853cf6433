"""The offline skill classifier's pure core: relative confidences, primary, limits."""

from __future__ import annotations

import numpy as np

from discovery.catalog.skills import TEMPERATURE, assign


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
