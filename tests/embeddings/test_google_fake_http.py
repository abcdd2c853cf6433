"""GoogleEmbedder against a fake Gemini API at the HTTP edge.

The real service is unreachable here. Everything above HTTP is real: our GoogleEmbedder,
langchain-google-genai's GoogleGenerativeAIEmbeddings and the google-genai SDK, whose httpx
client gets an ``httpx.MockTransport`` (through the ``client_args`` the SDK passes to
``httpx.Client``) that answers ``batchEmbedContents`` like the service does.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import httpx
import numpy as np
import pytest

from discovery.embeddings import Embedder, EmbeddingModelError
from discovery.embeddings.google import GoogleEmbedder, build_google_client

API_KEY = "test-key-not-real"


def _fake_values(text: str, dim: int = 768) -> list[float]:
    """A deterministic, deliberately non-unit vector per text."""
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
    return (np.random.default_rng(seed).standard_normal(dim) * 3.0).tolist()


class FakeGemini:
    """Records requests and answers ``batchEmbedContents`` with ``dim``-long vectors."""

    def __init__(self, dim: int = 768, status: int = 200) -> None:
        self.dim = dim
        self.status = status
        self.requests: list[dict[str, Any]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        self.requests.append({"url": request.url, "headers": request.headers, "body": body})
        if self.status != 200:
            error = {"code": self.status, "message": "API key not valid", "status": "INVALID"}
            return httpx.Response(self.status, json={"error": error})
        assert request.url.path.endswith(":batchEmbedContents")
        embeddings = [
            {"values": _fake_values(item["content"]["parts"][0]["text"], self.dim)}
            for item in body["requests"]
        ]
        return httpx.Response(200, json={"embeddings": embeddings})

    def texts(self, index: int) -> list[str]:
        return [r["content"]["parts"][0]["text"] for r in self.requests[index]["body"]["requests"]]

    def task_types(self, index: int) -> set[str]:
        return {r["taskType"] for r in self.requests[index]["body"]["requests"]}


@pytest.fixture(autouse=True)
def _use_httpx(monkeypatch: pytest.MonkeyPatch) -> None:
    """The SDK can also run on httpx2; pin httpx so that MockTransport applies."""
    monkeypatch.setenv("GOOGLE_GENAI_HTTP_CLIENT", "httpx")


def _embedder(fake: FakeGemini, **kwargs: Any) -> GoogleEmbedder:
    client = build_google_client(API_KEY, client_args={"transport": httpx.MockTransport(fake)})
    return GoogleEmbedder(API_KEY, client=client, **kwargs)


def test_query_request_and_vector() -> None:
    fake = FakeGemini()
    embedder = _embedder(fake)
    assert isinstance(embedder, Embedder)
    assert (embedder.model_id, embedder.dim) == ("text-embedding-004", 768)
    vector = embedder.embed_query("jazz musicians in Pittsburgh")
    assert vector.shape == (768,) and vector.dtype == np.float32
    assert np.linalg.norm(vector) == pytest.approx(1.0, abs=1e-5)
    expected = np.asarray(_fake_values("jazz musicians in Pittsburgh"), dtype=np.float32)
    np.testing.assert_allclose(vector, expected / np.linalg.norm(expected), atol=1e-6)
    (sent,) = fake.requests
    assert sent["url"].host == "generativelanguage.googleapis.com"
    assert sent["url"].path.endswith("/models/text-embedding-004:batchEmbedContents")
    assert sent["headers"]["x-goog-api-key"] == API_KEY
    assert fake.task_types(0) == {"RETRIEVAL_QUERY"}
    assert sent["body"]["requests"][0]["model"] == "models/text-embedding-004"


def test_query_cache_avoids_second_request() -> None:
    fake = FakeGemini()
    embedder = _embedder(fake, cache_size=8)
    first = embedder.embed_query("steel")
    assert embedder.embed_query("steel") is first
    assert len(fake.requests) == 1
    assert embedder.cache_info() == (1, 1, 1)


def test_documents_batched_in_order() -> None:
    fake = FakeGemini()
    embedder = _embedder(fake, batch_size=2)
    texts = ["a map", "a letter about the flood of 1936", "a photograph", "a diary", "a ledger"]
    matrix = embedder.embed_documents(texts)
    assert matrix.shape == (5, 768) and matrix.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(matrix, axis=1), 1.0, atol=1e-5)
    assert [fake.texts(i) for i in range(len(fake.requests))] == [
        texts[0:2],
        texts[2:4],
        texts[4:5],
    ]
    assert all(fake.task_types(i) == {"RETRIEVAL_DOCUMENT"} for i in range(3))
    for row, text in zip(matrix, texts, strict=True):
        expected = np.asarray(_fake_values(text), dtype=np.float32)
        np.testing.assert_allclose(row, expected / np.linalg.norm(expected), atol=1e-6)


def test_empty_documents_make_no_request() -> None:
    fake = FakeGemini()
    matrix = _embedder(fake).embed_documents([])
    assert matrix.shape == (0, 768)
    assert fake.requests == []


def test_batch_size_capped_at_service_limit() -> None:
    assert _embedder(FakeGemini(), batch_size=500).batch_size == 100


def test_http_error_becomes_embedding_model_error() -> None:
    embedder = _embedder(FakeGemini(status=400))
    with pytest.raises(EmbeddingModelError, match="400"):
        embedder.embed_query("jazz")
    with pytest.raises(EmbeddingModelError):
        embedder.embed_documents(["jazz"])


def test_wrong_dimension_is_rejected() -> None:
    embedder = _embedder(FakeGemini(dim=3072))
    with pytest.raises(EmbeddingModelError, match="768"):
        embedder.embed_documents(["jazz"])
