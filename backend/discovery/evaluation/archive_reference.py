"""The reference lines of `discovery eval archives`, computed outside the engine in the same run:
a plain BM25 (`bm25s`: k1 1.5, b 0.75, English stop words and Snowball stemmer) over title,
creator, medium, classification and date; an exact k-NN over the vectors the engine stored; and
their reciprocal rank fusion (k 60, top 100 of each). `bm25s` and `PyStemmer` are development
dependencies, needed only here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from discovery.catalog.records import CatalogItem
from discovery.runtime import Runtime
from discovery.search.fusion import reciprocal_rank_fusion

DEPTH = 100
RRF_K = 60


def reference_text(item: CatalogItem) -> str:
    """The fields the plain BM25 reference reads, as one document."""
    meta = item.metadata
    fields = (item.title, meta.get("creator"), meta.get("medium"), meta.get("media_type"),
              meta.get("date"))  # fmt: skip
    return " ".join(str(f) for f in fields if f)


class PlainBM25:
    def __init__(self, items: Iterable[CatalogItem]) -> None:
        import bm25s
        import Stemmer

        self._bm25s = bm25s
        self.stemmer = Stemmer.Stemmer("english")
        docs = list(items)
        self.ids = [d.id for d in docs]
        tokens = bm25s.tokenize(
            [reference_text(d) for d in docs], stopwords="en", stemmer=self.stemmer,
            show_progress=False,
        )  # fmt: skip
        self.retriever = bm25s.BM25(k1=1.5, b=0.75)
        self.retriever.index(tokens, show_progress=False)

    def search(self, query: str, k: int = DEPTH) -> list[str]:
        tokens = self._bm25s.tokenize(
            [query], stopwords="en", stemmer=self.stemmer, show_progress=False,
            return_ids=False,
        )  # fmt: skip
        known = [t for t in tokens[0] if t in self.retriever.vocab_dict]
        if not known:
            return []
        docs, scores = self.retriever.retrieve(
            [known], k=min(k, len(self.ids)), show_progress=False, n_threads=1
        )
        return [self.ids[int(d)] for d, s in zip(docs[0], scores[0], strict=True) if s > 0]


class ExactKnn:
    """Every active archive item's stored vector; exact cosine top k in numpy."""

    def __init__(self, ids: list[str], matrix: np.ndarray) -> None:
        self.ids, self.matrix = ids, matrix

    @classmethod
    async def load(cls, rt: Runtime) -> ExactKnn:
        async with rt.db.connection() as conn:
            rows = await (
                await conn.execute(
                    "select e.item_id, e.embedding from item_embeddings e"
                    " where e.model = %s and e.is_active and e.kind = 'archive'",
                    (rt.embedder.model_id,),
                )
            ).fetchall()
        matrix = np.stack([np.asarray(r[1].to_numpy(), dtype=np.float32) for r in rows])
        return cls([r[0] for r in rows], matrix)

    def search(self, vector: np.ndarray, k: int = DEPTH) -> list[str]:
        sims = self.matrix @ np.asarray(vector, dtype=np.float32)
        top = np.argpartition(-sims, min(k, len(sims) - 1))[:k]
        return [self.ids[i] for i in top[np.argsort(-sims[top], kind="stable")]]


def rrf(rankings: Sequence[Sequence[str]], k: int = RRF_K, depth: int = DEPTH) -> list[str]:
    fused = reciprocal_rank_fusion([r[:depth] for r in rankings], k=k)
    return [str(key) for key, _ in fused]
