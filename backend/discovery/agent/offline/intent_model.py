"""The offline intent router (a heuristic stand-in for an LLM, not a language model):
multinomial logistic regression over the packaged MiniLM sentence embeddings next to hashed
words and word pairs, trained on labelled examples (`data/intents/*.jsonl`: CLINC150 for
greetings and unrelated requests, hand-written archive searches and vague requests). Trained
once and cached by the hash of its inputs. The domain's guardrail patterns come first.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import logging
import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from discovery.agent.domain import DomainConfig
from discovery.agent.intents import GUARDRAIL, INTENTS, Classification, Intent
from discovery.embeddings import Embedder
from discovery.settings import resource

log = logging.getLogger(__name__)

INTENT_DATA_DIR = resource("data/intents")
TRAIN_FILES = ("clinc_train.jsonl", "written.jsonl", "written_more.jsonl")
HELDOUT_FILES = ("clinc_heldout.jsonl", "written.jsonl")
_CLASSIFIER_VERSION = "softmax-words-v3"


@dataclass(frozen=True)
class Example:
    text: str
    intent: Intent


def load_examples(
    files: Iterable[str], split: str, directory: Path = INTENT_DATA_DIR
) -> list[Example]:
    """Examples of one split. CLINC files are split by file; written.jsonl by its `split` field."""
    out = []
    for name in files:
        path = directory / name
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("split", split) == split:
                out.append(Example(row["text"], Intent(row["intent"])))
    return out


class SoftmaxRegression:
    """Multinomial logistic regression with L2, class-balanced, trained with Adam."""

    def __init__(self, weights: npt.NDArray[np.float32], bias: npt.NDArray[np.float32]) -> None:
        self.weights, self.bias = weights, bias

    @classmethod
    def fit(
        cls, x: npt.NDArray[np.float32], y: npt.NDArray[np.int64], n_classes: int,
        l2: float = 1e-4, steps: int = 300, lr: float = 0.01,
    ) -> SoftmaxRegression:  # fmt: skip
        n, dim = x.shape
        counts = np.bincount(y, minlength=n_classes)
        sample_w = (n / (n_classes * np.maximum(counts, 1)))[y].astype(np.float32)
        onehot = np.eye(n_classes, dtype=np.float32)[y]
        params = [np.zeros((dim, n_classes), np.float32), np.zeros(n_classes, np.float32)]
        moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
        xt = np.ascontiguousarray(x.T)
        for step in range(1, steps + 1):
            w, b = params
            g = (_softmax(x @ w + b) - onehot) * sample_w[:, None] / n
            for p, grad, (m, v) in zip(
                params, (xt @ g + l2 * w, g.sum(axis=0)), moments, strict=True
            ):
                m[:] = 0.9 * m + 0.1 * grad
                v[:] = 0.999 * v + 0.001 * grad * grad
                p -= lr * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        return cls(params[0], params[1])

    def predict_proba(self, x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        return _softmax(x @ self.weights + self.bias)


def _softmax(z: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


HASH_DIM = 4096  # chosen by 5-fold cross-validation on the training split
_TOKEN_RE = re.compile(r"[a-z0-9']+")


def word_features(texts: Sequence[str]) -> npt.NDArray[np.float32]:
    """Hashed words and word pairs (L2-normalized): the lexical half of the features."""
    out = np.zeros((len(texts), HASH_DIM), np.float32)
    for i, text in enumerate(texts):
        tokens = _TOKEN_RE.findall(text.lower())
        for feature in [*tokens, *(f"{a} {b}" for a, b in itertools.pairwise(tokens))]:
            out[i, zlib.crc32(feature.encode()) % HASH_DIM] += 1.0
        norm = np.linalg.norm(out[i])
        if norm:
            out[i] /= norm
    return out


def features(
    embedder: Embedder, texts: Sequence[str], one: bool = False
) -> npt.NDArray[np.float32]:
    """Sentence embedding (meaning) next to hashed words (phrasing)."""
    clean = [t.strip().lower() for t in texts]
    vectors = embedder.embed_query(clean[0])[None, :] if one else embedder.embed_documents(clean)
    return np.hstack([vectors, word_features(clean)]).astype(np.float32)


class LocalIntentClassifier:
    def __init__(self, embedder: Embedder, model: SoftmaxRegression, domain: DomainConfig) -> None:
        self.embedder, self.model, self.domain = embedder, model, domain

    @classmethod
    def train(
        cls, embedder: Embedder, domain: DomainConfig, cache_dir: Path | None = None,
        examples: Sequence[Example] | None = None,
    ) -> LocalIntentClassifier:  # fmt: skip
        examples = list(examples) if examples is not None else load_examples(TRAIN_FILES, "train")
        digest = _digest(embedder.model_id, examples)
        cached = cache_dir / f"intent-{digest}.npz" if cache_dir else None
        if cached and cached.exists():
            data = np.load(cached)
            return cls(embedder, SoftmaxRegression(data["w"], data["b"]), domain)
        x = features(embedder, [e.text for e in examples])
        y = np.array([INTENTS.index(e.intent) for e in examples], dtype=np.int64)
        model = SoftmaxRegression.fit(x, y, len(INTENTS))
        if cached:
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(".tmp.npz")
            np.savez(tmp, w=model.weights, b=model.bias)
            tmp.replace(cached)
        log.info("trained the local intent classifier on %d examples", len(examples))
        return cls(embedder, model, domain)

    def classify(self, text: str, history: Sequence[str] = ()) -> Classification:
        if self.domain.is_injection(text):
            return GUARDRAIL
        probs = self.model.predict_proba(features(self.embedder, [text], one=True))[0]
        best = int(probs.argmax())
        return Classification(INTENTS[best], float(probs[best]), "local")

    async def aclassify(self, text: str, history: Sequence[str] = ()) -> Classification:
        return self.classify(text, history)

    def classify_many(self, texts: Sequence[str]) -> list[Classification]:
        """Batch form for evaluation: same answers as `classify`, one embedding call."""
        probs = self.model.predict_proba(features(self.embedder, texts))
        out = []
        for text, p in zip(texts, probs, strict=True):
            if self.domain.is_injection(text):
                out.append(GUARDRAIL)
            else:
                out.append(Classification(INTENTS[int(p.argmax())], float(p.max()), "local"))
        return out


def _digest(model_id: str, examples: Sequence[Example]) -> str:
    h = hashlib.sha256(f"{_CLASSIFIER_VERSION}\n{model_id}\n".encode())
    for e in examples:
        h.update(f"{e.intent}\t{e.text}\n".encode())
    return h.hexdigest()[:16]
