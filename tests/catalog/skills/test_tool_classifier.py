"""The tool skill classifier: the pure choice rule, features, calibration file, and the LLM
classifier against a fake chat model (a fake of Gemini's structured output; no network)."""

from __future__ import annotations

import numpy as np
import pytest
from tests.llm_fakes import FakeStructuredGemini

from discovery import prompts
from discovery.catalog.records import CatalogItem
from discovery.catalog.skills.llm_classifier import LLMToolClassifier, SkillChoice, ToolSkills
from discovery.catalog.skills.tool_classifier import (
    FEATURES,
    Calibration,
    SkillFeatures,
    SkillProfile,
    ToolClassifier,
    candidate_mask,
    choose,
)


def test_choose_keeps_up_to_three_above_the_threshold_best_first() -> None:
    conf = np.array([[0.2, 0.9, 0.6, 0.55, 0.7], [0.1, 0.3, 0.49, 0.2, 0.0]], np.float32)
    [first, second] = choose(conf, ["a", "b", "c", "d", "e"], min_confidence=0.5)
    assert [(a.skill_id, a.is_primary) for a in first] == [("b", True), ("e", False),
                                                           ("c", False)]  # fmt: skip
    assert first[0].confidence == pytest.approx(0.9)
    assert second == []  # nothing fits: no assignment, no primary


def test_choose_threshold_is_the_setting() -> None:
    conf = np.array([[0.45, 0.2]], np.float32)
    assert choose(conf, ["a", "b"], min_confidence=0.5) == [[]]
    assert [a.skill_id for a in choose(conf, ["a", "b"], min_confidence=0.4)[0]] == ["a"]


def test_candidate_mask_keeps_the_three_closest_skills() -> None:
    x = np.zeros((1, 5, len(FEATURES)), np.float32)
    x[0, :, 0] = [0.1, 0.5, 0.3, 0.4, 0.2]
    assert candidate_mask(x).tolist() == [[False, True, True, True, False]]


class _Table:
    """A deterministic embedder: each known text maps to a fixed unit vector."""

    model_id, dim = "table", 3

    def __init__(self, table: dict[str, list[float]]) -> None:
        self.table = table

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        rows = [np.asarray(self.table.get(t, [0.0, 0.0, 1.0]), np.float32) for t in texts]
        return np.stack([r / np.linalg.norm(r) for r in rows])


SKILLS = [
    SkillProfile("w", "Weather", "forecasts", ("weather", "forecast"), ("rain tomorrow",)),
    SkillProfile("g", "Git", "repositories", ("git", "commit"), ()),
]
EMBEDDER = _Table({"Weather: forecasts": [1, 0, 0], "rain tomorrow": [0.9, 0.1, 0],
                   "Git: repositories": [0, 1, 0]})  # fmt: skip


def _item(name: str, description: str) -> CatalogItem:
    return CatalogItem(id=f"tool:s::{name}", kind="tool", name=name, title=name,
                       description=description, metadata={"server": "s"},
                       embedding_text=f"{name}: {description}")  # fmt: skip


def test_features_cosines_keywords_and_margin() -> None:
    features = SkillFeatures(EMBEDDER, SKILLS)  # type: ignore[arg-type]
    x = features.compute(
        ["get the weather forecast, git commit"], np.array([[1, 0, 0]], np.float32)
    )
    desc, examples, keywords, margin = (x[0, :, k] for k in range(4))
    assert desc.tolist() == pytest.approx([1.0, 0.0])
    assert examples[0] == pytest.approx(0.9 / np.linalg.norm([0.9, 0.1]))
    assert examples[1] == pytest.approx(0.0)  # no examples: the description's cosine
    assert keywords.tolist() == pytest.approx([2 / 3, 2 / 3])
    assert margin.tolist() == pytest.approx([0.0, -1.0])


def test_classifier_places_close_items_and_records_the_rest() -> None:
    calibration = Calibration((4.0, 0.0, 3.0, 6.0), -2.0)
    classifier = ToolClassifier(EMBEDDER, SKILLS, calibration, 0.5)  # type: ignore[arg-type]
    items = [_item("get_forecast", "weather forecast"), _item("tune_qubit", "qubit pulses")]
    vectors = np.array([[1, 0, 0], [0, 0, 1]], np.float32)
    placed, unplaced = classifier.classify(items, vectors)
    assert [(a.skill_id, a.is_primary) for a in placed.assignments] == [("w", True)]
    assert placed.unplaced is None
    assert not placed.assignments[0].tentative
    # nothing fits the second: it keeps its best fit, tentatively, and waits in the queue
    [fit] = unplaced.assignments
    assert fit.tentative and fit.is_primary and fit.confidence < 0.5
    entry = unplaced.unplaced
    assert entry is not None and entry.item.id == "tool:s::tune_qubit"
    assert entry.vector is not None and entry.best_skill == fit.skill_id


def test_the_committed_calibration_loads_and_is_monotonic_in_each_feature() -> None:
    calibration = Calibration.load()
    assert len(calibration.weights) == len(FEATURES)
    assert all(w > 0 for w in calibration.weights)  # more similarity, more confidence
    assert 0 < calibration.metrics["ece"] < 0.1


def test_llm_classifier_with_a_fake_gemini_keeps_known_confident_skills() -> None:
    offline = ToolClassifier(EMBEDDER, SKILLS, Calibration((4.0, 0.0, 3.0, 6.0), -2.0), 0.5)  # type: ignore[arg-type]
    fake = FakeStructuredGemini([
        ToolSkills(skills=[SkillChoice(skill_id="g", confidence=0.6),
                           SkillChoice(skill_id="w", confidence=1.7),
                           SkillChoice(skill_id="made_up", confidence=0.9),
                           SkillChoice(skill_id="g", confidence=0.3)]),
        ToolSkills(skills=[], new_skill_name="Quantum hardware",
                   new_skill_description="Control qubits."),
        RuntimeError("quota exceeded"),
    ], ToolSkills)  # fmt: skip
    llm = LLMToolClassifier(fake, offline)
    items = [_item("forecast_and_commit", "weather and git"), _item("tune_qubit", "qubits"),
             _item("get_forecast", "weather forecast")]  # fmt: skip
    vectors = np.array([[1, 0, 0], [0, 0, 1], [1, 0, 0]], np.float32)
    first, second, third = llm.classify(items, vectors)
    kept = [(a.skill_id, a.confidence, a.is_primary) for a in first.assignments]
    assert kept == [("w", 1.0, True), ("g", 0.6, False)]
    assert first.unplaced is None
    [fit] = second.assignments  # no skill fits: the offline best fit, tentatively
    assert fit.tentative and fit.is_primary
    assert [a.skill_id for a in third.assignments] == ["w"]  # the failed call fell back offline
    assert second.unplaced is not None
    assert second.unplaced.proposed_name == "Quantum hardware"
    assert "- w: Weather - forecasts; weather, forecast" in fake.prompts[0]
    assert "forecast and commit" not in fake.prompts[0] and "forecast_and_commit" in fake.prompts[0]


def test_the_classifier_prompt_renders_with_its_variables() -> None:
    values = {v: f"<{v}>" for v in prompts.variables("skill_classifier")}
    assert set(values) == {"skills", "tool_name", "server", "description", "min_confidence"}
    text = prompts.render("skill_classifier", **values)
    assert "{" not in text and all(v in text for v in values.values())
