"""The router's grouped cross-validation: a source is never in train and test at once; the
calibration error and the temperature fit."""

from __future__ import annotations

import numpy as np

from discovery.evaluation.intent_cv import expected_calibration_error, grouped_logits, nll


def test_a_held_out_source_is_never_trained_on() -> None:
    """Sources a and b have the same inputs with opposite labels: seen in training, a's lines
    would be half right; left out, every one of them is predicted from b, hence wrong."""
    rng = np.random.default_rng(0)
    base = rng.normal(0, 1, (40, 6)).astype(np.float32)
    y_b = (base[:, 0] > 0).astype(np.int64)
    x = np.vstack([base, base, base * 0 + 5]).astype(np.float32)
    y = np.concatenate([1 - y_b, y_b, np.full(40, 2)])
    groups = ["a"] * 40 + ["b"] * 40 + ["c"] * 40
    logits, sources = grouped_logits(x, y, groups)
    assert sources == ["a", "b", "c"]
    assert (logits[:40].argmax(axis=1) == y[:40]).mean() < 0.1


def test_calibration_error_and_temperature() -> None:
    y = np.array([0] * 50 + [1] * 50)
    right = np.tile(np.eye(2, dtype=np.float32)[[0, 1]], (50, 1))[np.argsort(np.tile([0, 1], 50))]
    assert expected_calibration_error(right, y) < 1e-6  # sure and always right
    overconfident = np.array([[0.99, 0.01]] * 100, np.float32)  # sure, right half the time
    assert expected_calibration_error(overconfident, y) > 0.45
    logits = np.log(overconfident)
    assert nll(logits, y, 10.0) < nll(logits, y, 1.0)  # flattening helps an overconfident model
