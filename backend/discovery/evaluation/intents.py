"""`discovery eval intents`: the local intent classifier on the held-out split (never trained on):
CLINC150 validation lines plus the hand-written test lines. Accuracy per class and a confusion
matrix (rows: true intent, columns: predicted)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from discovery.agent.domain import DomainConfig
from discovery.agent.intents import INTENTS, Intent
from discovery.agent.offline.intent_model import (
    HELDOUT_FILES,
    Example,
    LocalIntentClassifier,
    load_examples,
)
from discovery.embeddings import Embedder


@dataclass
class IntentReport:
    total: int
    correct: int
    per_class: dict[str, tuple[int, int]]  # intent -> (correct, total)
    confusion: dict[str, dict[str, int]]  # true -> predicted -> count
    errors: list[tuple[str, str, str]] = field(default_factory=list)  # text, true, predicted

    @property
    def accuracy(self) -> float:
        return self.correct / self.total if self.total else 0.0

    def class_accuracy(self, intent: str) -> float:
        ok, n = self.per_class[intent]
        return ok / n if n else 0.0


def evaluate_intents(
    embedder: Embedder, domain: DomainConfig, cache_dir: Path | None = None,
    examples: list[Example] | None = None,
) -> IntentReport:  # fmt: skip
    heldout = examples if examples is not None else load_examples(HELDOUT_FILES, "test")
    classifier = LocalIntentClassifier.train(embedder, domain, cache_dir=cache_dir)
    predicted = classifier.classify_many([e.text for e in heldout])
    names = [i.value for i in INTENTS]
    confusion = {t: dict.fromkeys(names, 0) for t in names}
    errors = []
    for example, got in zip(heldout, predicted, strict=True):
        confusion[example.intent.value][got.intent.value] += 1
        if got.intent is not example.intent:
            errors.append((example.text, example.intent.value, got.intent.value))
    per_class = {t: (confusion[t][t], sum(confusion[t].values())) for t in names}
    correct = sum(ok for ok, _ in per_class.values())
    return IntentReport(len(heldout), correct, per_class, confusion, errors)


__all__ = ["Intent", "IntentReport", "evaluate_intents"]
