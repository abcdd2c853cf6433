"""The offline intent router (a heuristic stand-in for an LLM, not a language model):
class-balanced multinomial logistic regression over the packaged MiniLM sentence embeddings,
hashed words and word pairs, and catalog evidence (how much of the text the catalog knows),
trained on labelled examples (`data/intents/*.jsonl`: CLINC150, MetaTool and LiveMCPBench for
greetings, non-answers and unrelated requests; entity searches cut from the demo catalog;
hand-written searches, scene descriptions and vague requests). Trained once and cached by the
hash of its inputs.

Confidences are temperature-scaled (`TEMPERATURE`) and a turn whose calibrated confidence is
below `UNCLEAR_BELOW` is answered as UNCLEAR (ask the person) rather than routed on a guess;
both were chosen on cross-validation grouped by source (`discovery eval intents --cv`), never
on a held-out file. The domain's guardrail patterns come first.

Two named rules follow the model: a scene described in the catalog's words is a search
(`scene_requests.scene_search`), and a request for help that names nothing is not
(`bare_requests.bare_help`: "hi! can you help me find some pictures?").
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
from discovery.agent.offline.bare_requests import bare_help
from discovery.agent.offline.catalog_evidence import N_FEATURES, CatalogEvidence, demo_evidence
from discovery.agent.offline.scene_requests import scene_search
from discovery.agent.offline.type_requests import type_request
from discovery.embeddings import Embedder
from discovery.settings import resource

log = logging.getLogger(__name__)

INTENT_DATA_DIR = resource("data/intents")
TRAIN_FILES = (
    "clinc_train.jsonl", "written.jsonl", "written_more.jsonl", "generated_train.jsonl",
    "written_2.jsonl", "written_3.jsonl",
)  # fmt: skip
HELDOUT_FILES = ("clinc_heldout.jsonl", "written.jsonl")
_CLASSIFIER_VERSION = "softmax-words-catalog-v4"
#: Softmax temperature and the UNCLEAR threshold, chosen on grouped cross-validation.
TEMPERATURE = 0.75
UNCLEAR_BELOW = 0.35
#: The source (cross-validation group) of lines in files without a `source` field.
_FILE_SOURCES = {"clinc_train.jsonl": "clinc", "clinc_heldout.jsonl": "clinc"}


@dataclass(frozen=True)
class Example:
    text: str
    intent: Intent
    source: str = ""


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
                source = row.get("source") or _FILE_SOURCES.get(name, path.stem.replace("_", "-"))
                out.append(Example(row["text"], Intent(row["intent"]), source))
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
        """Mostly-zero columns (the hashed words) are handled as a sparse matrix: the same
        result as dense algebra, at a fraction of the cost (training runs at start-up)."""
        n, dim = x.shape
        counts = np.bincount(y, minlength=n_classes)
        sample_w = (n / (n_classes * np.maximum(counts, 1)))[y].astype(np.float32)
        onehot = np.eye(n_classes, dtype=np.float32)[y]
        sparse_cols = (x != 0).mean(axis=0) < 0.05
        xd = np.ascontiguousarray(x[:, ~sparse_cols])
        rows, cols = np.nonzero(x[:, sparse_cols])
        vals = x[:, sparse_cols][rows, cols]
        n_sparse = int(sparse_cols.sum())
        params = [
            np.zeros((xd.shape[1], n_classes), np.float32),
            np.zeros((n_sparse, n_classes), np.float32),
            np.zeros(n_classes, np.float32),
        ]
        moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
        xdt = np.ascontiguousarray(xd.T)
        for step in range(1, steps + 1):
            wd, ws, b = params
            z = xd @ wd + b
            for k in range(n_classes):
                z[:, k] += np.bincount(rows, weights=vals * ws[cols, k], minlength=n)
            g = (_softmax(z.astype(np.float32)) - onehot) * sample_w[:, None] / n
            gs = np.stack(
                [np.bincount(cols, weights=vals * g[rows, k], minlength=n_sparse)
                 for k in range(n_classes)], axis=1,
            )  # fmt: skip
            grads = (xdt @ g + l2 * wd, gs.astype(np.float32) + l2 * ws, g.sum(axis=0))
            for p, grad, (m, v) in zip(params, grads, moments, strict=True):
                m[:] = 0.9 * m + 0.1 * grad
                v[:] = 0.999 * v + 0.001 * grad * grad
                p -= lr * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        weights = np.zeros((dim, n_classes), np.float32)
        weights[~sparse_cols], weights[sparse_cols] = params[0], params[1]
        return cls(weights, params[2])

    def logits(self, x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        return x @ self.weights + self.bias

    def predict_proba(
        self, x: npt.NDArray[np.float32], temperature: float = 1.0
    ) -> npt.NDArray[np.float32]:
        return _softmax(self.logits(x) / temperature)


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
    embedder: Embedder, texts: Sequence[str], one: bool = False,
    catalog: CatalogEvidence | None = None,
) -> npt.NDArray[np.float32]:  # fmt: skip
    """Sentence embedding (meaning), hashed words (phrasing), catalog evidence (subject)."""
    clean = [t.strip().lower() for t in texts]
    vectors = embedder.embed_query(clean[0])[None, :] if one else embedder.embed_documents(clean)
    evidence = (catalog or demo_evidence()).features(clean)
    return np.hstack([vectors, word_features(clean), evidence]).astype(np.float32)


def decide(probs: npt.NDArray[np.float32], threshold: float = UNCLEAR_BELOW) -> Classification:
    """The most likely intent, or UNCLEAR when even that is below the threshold."""
    best = int(probs.argmax())
    confidence = float(probs[best])
    if confidence < threshold:
        return Classification(Intent.UNCLEAR, confidence, "local", "low confidence")
    return Classification(INTENTS[best], confidence, "local")


class LocalIntentClassifier:
    """`catalog`: the live archive's words (training always uses the demo catalog's, so the
    cached model does not depend on what is loaded)."""

    def __init__(
        self, embedder: Embedder, model: SoftmaxRegression, domain: DomainConfig,
        catalog: CatalogEvidence | None = None,
    ) -> None:  # fmt: skip
        self.embedder, self.model, self.domain = embedder, model, domain
        self.catalog = catalog or demo_evidence()

    @classmethod
    def train(
        cls, embedder: Embedder, domain: DomainConfig, cache_dir: Path | None = None,
        examples: Sequence[Example] | None = None, catalog: CatalogEvidence | None = None,
    ) -> LocalIntentClassifier:  # fmt: skip
        examples = list(examples) if examples is not None else load_examples(TRAIN_FILES, "train")
        digest = _digest(embedder.model_id, examples)
        cached = cache_dir / f"intent-{digest}.npz" if cache_dir else None
        if cached and cached.exists():
            data = np.load(cached)
            return cls(embedder, SoftmaxRegression(data["w"], data["b"]), domain, catalog)
        x = features(embedder, [e.text for e in examples])
        model = fit(x, labels(examples))
        if cached:
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(".tmp.npz")
            np.savez(tmp, w=model.weights, b=model.bias)
            tmp.replace(cached)
        log.info("trained the local intent classifier on %d examples", len(examples))
        return cls(embedder, model, domain, catalog)

    def probabilities(self, texts: Sequence[str], one: bool = False) -> npt.NDArray[np.float32]:
        """Calibrated class probabilities (columns in `INTENTS` order)."""
        return self._scored(texts, one)[0]

    def _scored(
        self, texts: Sequence[str], one: bool = False
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """(calibrated class probabilities, the share of each text's content words the catalog
        knows: the first catalog-evidence feature, read from the same features)."""
        x = features(self.embedder, texts, one=one, catalog=self.catalog)
        return self.model.predict_proba(x, TEMPERATURE), x[:, -N_FEATURES]

    def classify(self, text: str, history: Sequence[str] = ()) -> Classification:
        if self.domain.is_injection(text):
            return GUARDRAIL
        probs, known = self._scored([text], one=True)
        return _routed(text, probs[0], float(known[0]))

    async def aclassify(self, text: str, history: Sequence[str] = ()) -> Classification:
        return self.classify(text, history)

    def classify_many(self, texts: Sequence[str]) -> list[Classification]:
        """Batch form for evaluation: same answers as `classify`, one embedding call."""
        probs, known = self._scored(texts)
        return [
            GUARDRAIL if self.domain.is_injection(text) else _routed(text, p, float(k))
            for text, p, k in zip(texts, probs, known, strict=True)
        ]


def _routed(text: str, probs: npt.NDArray[np.float32], known: float) -> Classification:
    """The model's route (`decide`), then the scene rule (`scene_search`), the rule for a
    request for a media type (`type_requests.type_request`) and the rule for a request for
    help that names nothing (`bare_requests.bare_help`)."""
    search = float(probs[INTENTS.index(Intent.SEARCH)])
    routed = type_request(text, scene_search(text, decide(probs), known, search), search)
    return bare_help(text, routed)


def labels(examples: Sequence[Example]) -> npt.NDArray[np.int64]:
    return np.array([INTENTS.index(e.intent) for e in examples], dtype=np.int64)


def fit(x: npt.NDArray[np.float32], y: npt.NDArray[np.int64]) -> SoftmaxRegression:
    """The router's training recipe (also what cross-validation refits on each fold)."""
    return SoftmaxRegression.fit(x, y, len(INTENTS))


def _digest(model_id: str, examples: Sequence[Example]) -> str:
    h = hashlib.sha256(f"{_CLASSIFIER_VERSION}\n{model_id}\n".encode())
    for e in examples:
        h.update(f"{e.intent}\t{e.text}\n".encode())
    return h.hexdigest()[:16]
