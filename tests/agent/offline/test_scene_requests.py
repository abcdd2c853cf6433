"""The scene rule after the offline router: a scene in the catalog's words is a search."""

from __future__ import annotations

import pytest

from discovery.agent.intents import Classification, Intent
from discovery.agent.offline.scene_requests import scene_search


@pytest.mark.parametrize(
    ("text", "confidence", "known", "intent"),
    [
        ("a man fixing a car engine in a garage", 0.55, 0.8, Intent.SEARCH),
        ("people talking on the phone", 0.7, 1.0, Intent.SEARCH),
        ("folks relaxing on a backyard patio", 0.7, 0.8, Intent.SEARCH),  # people, plural
        # half its words the catalog's ("sickbed" is not): still a scene
        ("a patient laid up in a sickbed", 0.6, 0.5, Intent.SEARCH),
        # a caption (no person, no finite auxiliary) however sure the model is
        ("a man fixing a car engine in a garage", 0.85, 0.8, Intent.SEARCH),
        ("kids splashing in the swimming pool", 0.95, 0.75, Intent.SEARCH),
        # sure enough, and a statement or someone's own thing
        ("the car in the garage won't start", 0.85, 0.8, Intent.UNRELATED),
        ("my car battery died in the garage", 0.95, 1.0, Intent.UNRELATED),
        ("the sound is too low", 0.95, 1.0, Intent.UNRELATED),
        ("a recipe for my grandmother's stew", 0.6, 0.4, Intent.UNRELATED),  # not catalog words
        ("turn on the living room lights", 0.6, 1.0, Intent.UNRELATED),  # a command
        ("the best remedy for a sore back?", 0.6, 1.0, Intent.UNRELATED),  # a question
        # an act said with a gerund, however sure the model is
        ("making a deposit at the bank", 0.97, 1.0, Intent.SEARCH),
        ("making a deposit into my checking account", 0.97, 1.0, Intent.UNRELATED),  # mine
        ("booking a flight to denver", 0.95, 0.4, Intent.UNRELATED),  # not catalog words
        ("something to eat at the bake shop", 0.95, 1.0, Intent.UNRELATED),  # no gerund
        ("filling up the tank at the pumps?", 0.9, 1.0, Intent.UNRELATED),  # a question
    ],
)
def test_a_scene_in_catalog_words_is_a_search_when_the_model_is_unsure(
    text: str, confidence: float, known: float, intent: Intent
) -> None:
    routed = Classification(Intent.UNRELATED, confidence, "local")
    got = scene_search(text, routed, known, search_probability=0.3)
    assert got.intent is intent
    assert got == routed if intent is Intent.UNRELATED else got.confidence == 0.3


def test_a_scene_rule_leaves_other_intents_alone() -> None:
    routed = Classification(Intent.GREETING, 0.5, "local")
    assert scene_search("a good morning to you", routed, 1.0, 0.2) is routed
