"""`discovery eval intents`: the local intent classifier on lines it never trained on.

Sets: `heldout` (CLINC150 validation lines + the hand-written test lines of `written.jsonl`),
`fresh` (`fresh_heldout.jsonl`, written before the router was retrained), `fresh2`
(`fresh_heldout_2.jsonl`, written after the retrained router was frozen), `fresh3`
(`fresh_heldout_3.jsonl`: scene descriptions, caption-like phrases and slang, written before the
router v5 changes), or any JSONL file.
Recall (accuracy) and precision per class, macro-accuracy (the mean of the per-class recalls)
and a confusion matrix (rows: true intent, columns: predicted)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from discovery.agent.domain import DomainConfig
from discovery.agent.intents import INTENTS, Intent
from discovery.agent.offline.intent_model import (
    HELDOUT_FILES,
    INTENT_DATA_DIR,
    Example,
    LocalIntentClassifier,
    load_examples,
)
from discovery.embeddings import Embedder

#: Named held-out sets: (files, split).
EVAL_SETS: dict[str, tuple[tuple[str, ...], str]] = {
    "heldout": (HELDOUT_FILES, "test"),
    "fresh": (("fresh_heldout.jsonl",), "test"),
    "fresh2": (("fresh_heldout_2.jsonl",), "test"),
    "fresh3": (("fresh_heldout_3.jsonl",), "test"),
}


def load_eval_set(name: str | None = None, file: Path | None = None) -> list[Example]:
    """A named set, or every line of `file` except those marked `"split": "train"`."""
    if file is not None:
        if not file.is_file():
            raise FileNotFoundError(f"no such intent file: {file}")
        return load_examples((file.name,), "test", directory=file.parent)
    if name not in EVAL_SETS:
        raise KeyError(f"unknown intent set {name!r}; one of {', '.join(EVAL_SETS)}")
    files, split = EVAL_SETS[name]
    if not all((INTENT_DATA_DIR / f).exists() for f in files):
        raise FileNotFoundError(f"the intent set {name!r} is missing ({', '.join(files)})")
    return load_examples(files, split)


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
        """Recall: the share of this intent's lines routed to it."""
        ok, n = self.per_class[intent]
        return ok / n if n else 0.0

    def precision(self, intent: str) -> float:
        """The share of the lines routed to this intent that are of it."""
        predicted = sum(row[intent] for row in self.confusion.values())
        return self.confusion[intent][intent] / predicted if predicted else 0.0

    @property
    def macro_accuracy(self) -> float:
        """The mean per-class recall over the classes present in the set."""
        present = [t for t, (_, n) in self.per_class.items() if n]
        return sum(self.class_accuracy(t) for t in present) / len(present) if present else 0.0


def score(examples: list[Example], predicted: list[Intent]) -> IntentReport:
    names = [i.value for i in INTENTS]
    confusion = {t: dict.fromkeys(names, 0) for t in names}
    errors = []
    for example, got in zip(examples, predicted, strict=True):
        confusion[example.intent.value][got.value] += 1
        if got is not example.intent:
            errors.append((example.text, example.intent.value, got.value))
    per_class = {t: (confusion[t][t], sum(confusion[t].values())) for t in names}
    correct = sum(ok for ok, _ in per_class.values())
    return IntentReport(len(examples), correct, per_class, confusion, errors)


def evaluate_intents(
    embedder: Embedder, domain: DomainConfig, cache_dir: Path | None = None,
    examples: list[Example] | None = None, classifier: LocalIntentClassifier | None = None,
) -> IntentReport:  # fmt: skip
    heldout = examples if examples is not None else load_eval_set("heldout")
    if classifier is None:
        classifier = LocalIntentClassifier.train(embedder, domain, cache_dir=cache_dir)
    predicted = classifier.classify_many([e.text for e in heldout])
    return score(heldout, [p.intent for p in predicted])


__all__ = ["EVAL_SETS", "Intent", "IntentReport", "evaluate_intents", "load_eval_set", "score"]
