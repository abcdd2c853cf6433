"""Fitting and measuring the offline skill classifier's confidences (`discovery eval skills`).

Labels: data/skills/livemcpbench_labels.toml gives every LiveMCPBench server its skills; each
tool takes its server's. Every (tool, skill) pair is one example: 1 when the skill is among the
labels. A logistic regression over the four features (catalog/classify.py) is fitted, and its
calibration is measured out of fold: 5 folds that split by server, so a server's tools are never
scored by a model that saw them. Reported (over the candidate pairs): expected calibration error
(10 equal-width bins), Brier score, the reliability table; and precision and recall of the kept
assignments (>= the threshold), primary-skill accuracy and coverage (tools with a skill).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from discovery.catalog.records import CatalogItem
from discovery.catalog.skills.store import load_seed
from discovery.catalog.skills.tool_classifier import (
    CALIBRATION_FILE,
    Calibration,
    SkillFeatures,
    SkillProfile,
    candidate_mask,
    item_text,
)
from discovery.catalog.tools.read import read_tool_rows
from discovery.embeddings import Embedder
from discovery.settings import REPO_ROOT

LABELS_FILE = REPO_ROOT / "data" / "skills" / "livemcpbench_labels.toml"
TOOLS_FILE = REPO_ROOT.parent / "shared" / "data" / "tools" / "livemcpbench" / "tools.jsonl"
FOLDS = 5

Array = npt.NDArray[np.float32]


def fit_logistic(x: Array, y: Array, l2: float = 1e-3, steps: int = 50) -> tuple[Array, float]:
    """Newton's method on the L2-regularized log loss; returns (weights, bias)."""
    xb = np.hstack([x, np.ones((len(x), 1), dtype=np.float32)]).astype(np.float64)
    w = np.zeros(xb.shape[1])
    reg = np.eye(xb.shape[1]) * l2 * len(x)
    reg[-1, -1] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(xb @ w)))
        grad = xb.T @ (p - y) + reg @ w
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + reg
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w[:-1].astype(np.float32), float(w[-1])


def calibration_metrics(conf: Array, y: Array, bins: int = 10) -> dict[str, Any]:
    """ECE, Brier and the reliability table of flat (confidence, label) pairs."""
    edges = np.linspace(0, 1, bins + 1)
    index = np.clip(np.digitize(conf, edges[1:-1]), 0, bins - 1)
    table, ece = [], 0.0
    for b in range(bins):
        mask = index == b
        if not mask.any():
            continue
        mean_conf, accuracy = float(conf[mask].mean()), float(y[mask].mean())
        ece += mask.mean() * abs(mean_conf - accuracy)
        table.append(
            {
                "bin": f"{edges[b]:.1f}-{edges[b + 1]:.1f}",
                "n": int(mask.sum()),
                "mean_confidence": round(mean_conf, 3),
                "accuracy": round(accuracy, 3),
            }
        )
    return {"ece": round(float(ece), 4), "brier": round(float(((conf - y) ** 2).mean()), 4),
            "reliability": table}  # fmt: skip


def assignment_metrics(conf: Array, labels: Array, threshold: float) -> dict[str, Any]:
    """conf and labels are (tools, skills): what the kept assignments get right."""
    top3 = np.argsort(-conf, axis=1)[:, :3]
    kept = np.zeros_like(labels, dtype=bool)
    rows = np.arange(len(conf))[:, None]
    kept[rows, top3] = conf[rows, top3] >= threshold
    hits = (kept & (labels > 0)).sum()
    primary = conf.argmax(axis=1)
    placed = kept.any(axis=1)
    return {
        "precision": round(float(hits / max(kept.sum(), 1)), 4),
        "recall": round(float(hits / max((labels > 0).sum(), 1)), 4),
        "primary_accuracy": round(float(labels[np.arange(len(conf)), primary].mean()), 4),
        "primary_accuracy_placed": round(
            float(labels[np.arange(len(conf)), primary][placed].mean()) if placed.any() else 0, 4
        ),
        "coverage": round(float(placed.mean()), 4),
        "skills_per_placed_tool": round(float(kept.sum() / max(placed.sum(), 1)), 3),
    }


def labelled_tools(
    tools_file: Path = TOOLS_FILE, labels_file: Path = LABELS_FILE
) -> tuple[list[CatalogItem], list[list[str]]]:
    servers = tomllib.loads(labels_file.read_text(encoding="utf-8"))["servers"]
    items, labels = [], []
    for _, row in read_tool_rows(tools_file):
        if isinstance(row, CatalogItem) and row.metadata["server"] in servers:
            items.append(row)
            labels.append(list(servers[row.metadata["server"]]))
    return items, labels


def fit_and_measure(
    embedder: Embedder,
    skills_file: Path,
    threshold: float = 0.5,
    tools_file: Path = TOOLS_FILE,
    labels_file: Path = LABELS_FILE,
) -> Calibration:
    """Out-of-fold metrics by server folds, then the weights fitted on every labelled tool."""
    skills = [
        SkillProfile(s.id, s.name, s.description, tuple(s.keywords), tuple(s.examples))
        for s in load_seed(skills_file)
    ]
    ids = [s.id for s in skills]
    items, labels = labelled_tools(tools_file, labels_file)
    y = np.zeros((len(items), len(ids)), dtype=np.float32)
    for i, names in enumerate(labels):
        for name in names:
            y[i, ids.index(name)] = 1.0
    vectors = np.asarray(embedder.embed_documents([i.embedding_text for i in items]), np.float32)
    x = SkillFeatures(embedder, skills).compute([item_text(i) for i in items], vectors)
    servers = sorted({i.metadata["server"] for i in items})
    fold_of = {s: k % FOLDS for k, s in enumerate(servers)}
    fold = np.array([fold_of[i.metadata["server"]] for i in items])
    mask = candidate_mask(x)
    oof = np.zeros_like(y)
    for k in range(FOLDS):
        train, test = mask & (fold != k)[:, None], mask & (fold == k)[:, None]
        w, b = fit_logistic(x[train], y[train])
        oof[test] = Calibration(tuple(map(float, w)), b).confidence(x[test])
    w, b = fit_logistic(x[mask], y[mask])
    metrics = {
        "fitted_on": f"{len(items)} LiveMCPBench tools, {len(servers)} servers, "
        f"{len(ids)} seed skills; metrics out of fold ({FOLDS} folds by server)",
        "threshold": threshold,
        "labels_within_candidates": round(float(y[mask].sum() / max(y.sum(), 1)), 4),
        **calibration_metrics(oof[mask], y[mask]),
        **assignment_metrics(oof, y, threshold),
    }
    return Calibration(tuple(round(float(v), 5) for v in w), round(b, 5), metrics)


def write_calibration(calibration: Calibration, path: Path = CALIBRATION_FILE) -> None:
    calibration.save(path)
