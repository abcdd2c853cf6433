"""The packaged all-MiniLM-L6-v2 on onnxruntime: real model, real tokenizer."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from discovery.embeddings import Embedder, EmbeddingModelError
from discovery.embeddings.local import (
    MAX_TOKENS,
    TOKENIZER_FILE,
    TOKENIZER_SHA256,
    LocalMiniLMEmbedder,
    verify_sha256,
)

pytestmark = pytest.mark.integration

SENTENCES = [
    "a photograph of a jazz band playing",
    "musicians performing on stage",
    "a ceramic teapot",
    "Steel mill workers in Homestead, 1920s",
    "A hand-colored map of Pittsburgh's rivers and bridges, drawn in 1890 for the city council",
    "weather",
    "",
]


@pytest.fixture(scope="module")
def embedder() -> LocalMiniLMEmbedder:
    return LocalMiniLMEmbedder(cache_size=16)


def test_satisfies_protocol(embedder: LocalMiniLMEmbedder) -> None:
    assert isinstance(embedder, Embedder)
    assert (embedder.model_id, embedder.dim) == ("all-MiniLM-L6-v2", 384)


def test_query_shape_dtype_unit_norm(embedder: LocalMiniLMEmbedder) -> None:
    vector = embedder.embed_query("jazz musicians in Pittsburgh")
    assert vector.shape == (384,)
    assert vector.dtype == np.float32
    assert np.linalg.norm(vector) == pytest.approx(1.0, abs=1e-5)


def test_documents_shape_dtype_unit_norm(embedder: LocalMiniLMEmbedder) -> None:
    matrix = embedder.embed_documents(SENTENCES)
    assert matrix.shape == (len(SENTENCES), 384)
    assert matrix.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(matrix, axis=1), 1.0, atol=1e-5)


def test_empty_list(embedder: LocalMiniLMEmbedder) -> None:
    matrix = embedder.embed_documents([])
    assert matrix.shape == (0, 384)
    assert matrix.dtype == np.float32


def test_deterministic(embedder: LocalMiniLMEmbedder) -> None:
    first = embedder.embed_documents(SENTENCES)
    second = embedder.embed_documents(SENTENCES)
    np.testing.assert_array_equal(first, second)


def test_batch_equals_one_by_one(embedder: LocalMiniLMEmbedder) -> None:
    """A text's vector does not depend on the other texts of the call (int8 activations are
    quantized per run, so this only holds because each text runs alone)."""
    batched = embedder.embed_documents(SENTENCES)
    single = np.stack([embedder.embed_documents([text])[0] for text in SENTENCES])
    np.testing.assert_allclose(batched, single, atol=1e-5)
    uncached_query_path = embedder._embed_uncached(SENTENCES)
    np.testing.assert_allclose(batched, uncached_query_path, atol=1e-5)


def test_order_is_restored_after_length_sort(embedder: LocalMiniLMEmbedder) -> None:
    reversed_texts = list(reversed(SENTENCES))
    np.testing.assert_allclose(
        embedder.embed_documents(reversed_texts)[::-1],
        embedder.embed_documents(SENTENCES),
        atol=1e-5,
    )


def test_semantic_sanity(embedder: LocalMiniLMEmbedder) -> None:
    band = embedder.embed_query("a photograph of a jazz band playing")
    stage, teapot = embedder.embed_documents(["musicians performing on stage", "a ceramic teapot"])
    assert float(band @ stage) > float(band @ teapot) + 0.2
    query = embedder.embed_query("old steel mills")
    docs = embedder.embed_documents(["Steel mill workers in Homestead, 1920s", "a ceramic teapot"])
    assert float(docs[0] @ query) > float(docs[1] @ query)


def test_query_cache_counts() -> None:
    embedder = LocalMiniLMEmbedder(cache_size=2)
    first = embedder.embed_query("jazz musicians in Pittsburgh")
    again = embedder.embed_query("jazz musicians in Pittsburgh")
    assert again is first
    assert embedder.cache_info() == (1, 1, 1)
    embedder.embed_query("jazz musicians in pittsburgh")  # exact text: a different key
    embedder.embed_query("steel")
    assert embedder.cache_info() == (1, 3, 2)
    np.testing.assert_allclose(
        first, embedder.embed_documents(["jazz musicians in Pittsburgh"])[0], atol=1e-5
    )


def test_cache_disabled() -> None:
    embedder = LocalMiniLMEmbedder(cache_size=0)
    embedder.embed_query("q")
    embedder.embed_query("q")
    assert embedder.cache_info() == (0, 2, 0)


def test_long_text_is_truncated(embedder: LocalMiniLMEmbedder) -> None:
    long_text = "the archive holds photographs of steel mills and river bridges " * 400
    assert embedder.token_count(long_text) == MAX_TOKENS
    vector = embedder.embed_query(long_text)
    assert vector.shape == (384,)
    matrix = embedder.embed_documents([long_text, "short"])
    np.testing.assert_allclose(matrix[0], vector, atol=1e-5)


def test_model_sha256_mismatch_raises(tmp_path: Path) -> None:
    fake = tmp_path / "model.onnx"
    fake.write_bytes(b"not the model")
    with pytest.raises(EmbeddingModelError, match="sha256"):
        LocalMiniLMEmbedder(model_file=fake)


def test_missing_model_file_raises(tmp_path: Path) -> None:
    with pytest.raises(EmbeddingModelError, match="not found"):
        LocalMiniLMEmbedder(model_file=tmp_path / "absent.onnx")


def test_packaged_tokenizer_matches_pin() -> None:
    verify_sha256(TOKENIZER_FILE, TOKENIZER_SHA256, "tokenizer")
    notice = (TOKENIZER_FILE.parent / "NOTICE.md").read_text()
    assert TOKENIZER_SHA256 in notice
    assert "Apache License" in (TOKENIZER_FILE.parent / "LICENSE").read_text()


def test_int8_compute_agrees_with_the_float_reference(embedder: LocalMiniLMEmbedder) -> None:
    """The derived int8 model stays close to the packaged float-compute model."""
    reference = LocalMiniLMEmbedder(cache_size=0, compute="float")
    texts = [t for t in SENTENCES if t]
    cosines = np.sum(embedder.embed_documents(texts) * reference.embed_documents(texts), axis=1)
    assert cosines.min() >= 0.97
    assert cosines.mean() >= 0.985
