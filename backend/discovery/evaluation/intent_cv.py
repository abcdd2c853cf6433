"""`discovery eval intents --cv`: the intent router's cross-validation grouped by source.

Leave-one-source-out over the training lines: each fold holds out every line of one source
(`clinc`, `metatool`, `catalog-titles`, `written`, ...) and refits the router's recipe on the
others, so a source is never in train and test at once. From the pooled out-of-fold logits it
fits the softmax temperature (least negative log-likelihood), reports the expected calibration
error before and after, and picks the UNCLEAR threshold that maximizes macro-accuracy: the
figures `TEMPERATURE` and `UNCLEAR_BELOW` in `intent_model.py` were copied from here.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from discovery.agent.intents import INTENTS, Intent
from discovery.agent.offline.intent_model import (
    TRAIN_FILES,
    Example,
    _softmax,
    decide,
    features,
    fit,
    labels,
    load_examples,
)
from discovery.embeddings import Embedder
from discovery.evaluation.intents import IntentReport, score

TEMPERATURES = np.round(np.arange(0.5, 3.01, 0.05), 2)
THRESHOLDS = np.round(np.arange(0.0, 0.801, 0.025), 3)


@dataclass
class Fold:
    source: str
    report: IntentReport  # with the chosen temperature and threshold


@dataclass
class CVReport:
    folds: list[Fold]
    overall: IntentReport  # pooled out-of-fold, chosen temperature and threshold
    raw: IntentReport  # pooled out-of-fold, argmax, no threshold
    temperature: float
    threshold: float
    ece_before: float
    ece_after: float


def expected_calibration_error(
    probs: npt.NDArray[np.float32], y: npt.NDArray[np.int64], bins: int = 15
) -> float:
    """Mean |confidence - accuracy| over equal-width confidence bins, weighted by size."""
    conf, right = probs.max(axis=1), probs.argmax(axis=1) == y
    edges = np.linspace(0.0, 1.0, bins + 1)
    total = 0.0
    for lo, hi in itertools.pairwise(edges):
        mask = (conf > lo) & (conf <= hi)
        if mask.any():
            total += mask.mean() * abs(conf[mask].mean() - right[mask].mean())
    return float(total)


def nll(logits: npt.NDArray[np.float32], y: npt.NDArray[np.int64], temperature: float) -> float:
    p = _softmax(logits / temperature)
    return float(-np.log(p[np.arange(len(y)), y] + 1e-12).mean())


def grouped_logits(
    x: npt.NDArray[np.float32], y: npt.NDArray[np.int64], groups: Sequence[str]
) -> tuple[npt.NDArray[np.float32], list[str]]:
    """Out-of-fold logits, leaving one source out at a time."""
    out = np.zeros((len(y), len(INTENTS)), np.float32)
    g = np.array(groups)
    sources = sorted(set(groups))
    for source in sources:
        test = g == source
        out[test] = fit(x[~test], y[~test]).logits(x[test])
    return out, sources


def predict(probs: npt.NDArray[np.float32], threshold: float) -> list[Intent]:
    return [decide(p, threshold).intent for p in probs]


def cross_validate(embedder: Embedder, examples: Sequence[Example] | None = None) -> CVReport:
    examples = list(examples) if examples is not None else load_examples(TRAIN_FILES, "train")
    x = features(embedder, [e.text for e in examples])
    y = labels(examples)
    groups = [e.source for e in examples]
    logits, sources = grouped_logits(x, y, groups)
    temperature = float(min(TEMPERATURES, key=lambda t: nll(logits, y, float(t))))
    probs = _softmax(logits / temperature)
    threshold = float(
        max(THRESHOLDS, key=lambda t: (score(examples, predict(probs, t)).macro_accuracy, -t))
    )
    predicted = predict(probs, threshold)
    folds = []
    for source in sources:
        idx = [i for i, g in enumerate(groups) if g == source]
        folds.append(Fold(source, score([examples[i] for i in idx], [predicted[i] for i in idx])))
    return CVReport(
        folds=folds,
        overall=score(examples, predicted),
        raw=score(examples, predict(_softmax(logits), 0.0)),
        temperature=temperature,
        threshold=threshold,
        ece_before=expected_calibration_error(_softmax(logits), y),
        ece_after=expected_calibration_error(probs, y),
    )
