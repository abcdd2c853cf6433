"""The archive hybrid search's section of the one Settings (`settings.py` inherits it): how
the dense and BM25 legs run and are fused (docs/archive-search.md). Fields are read by their
full names (`settings.discovery_archive_fusion`), as any other setting."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings

from discovery.settings_sections import FusionMode


class ArchiveFusionSettings(BaseSettings):
    # Hybrid search (archives and tools) runs its dense and BM25 legs at the same time on two
    # pooled connections when a second one is idle (never waiting for one); off: one
    # connection, the legs one after the other. The ranking is the same either way.
    discovery_hybrid_parallel_legs: bool = Field(
        default=True,
        description="Hybrid search: run the dense and BM25 legs on two idle pooled connections.",
    )
    # Archive hybrid search (docs/archive-search.md): a convex combination of the legs' min-max
    # normalized scores, dense_weight x dense + (1 - dense_weight) x BM25, each leg read to its
    # top `depth`, chosen on the tune splits of the four archive dev sets. `rrf` is the weighted
    # reciprocal rank fusion of discovery_archive_rrf_k / _text_weight (settings.py; chosen
    # there at depth 40). Tool catalogs keep their own RRF settings.
    discovery_archive_fusion: FusionMode = Field(
        default=FusionMode.CONVEX,
        description="Archive hybrid fusion: convex (normalized scores) or rrf (reciprocal ranks).",
    )
    discovery_archive_dense_weight: float = Field(
        default=0.25,
        ge=0.0,
        le=1.0,
        description="Convex archive fusion: the dense leg's weight (BM25 weighs 1 minus it).",
    )
    # Convex: a request whose BM25 best record holds less than coverage_floor of the query's
    # IDF weight is fused by partial_fusion instead: rrf (both legs weighing 1, k
    # partial_rrf_k) or convex with partial_dense_weight (migration 20261130000300). A floor
    # of 0, or convex with the same weight, turns it off.
    discovery_archive_partial_fusion: FusionMode = Field(
        default=FusionMode.RRF, description="Convex archive fusion: how a request is fused"
        " when the BM25 leg's best record covers less than the coverage floor of it.",
    )  # fmt: skip
    discovery_archive_partial_rrf_k: int = Field(
        default=30, ge=1, le=1000, description="Convex archive fusion, partial fusion rrf:"
        " the RRF constant for a partly covered request.",
    )  # fmt: skip
    discovery_archive_partial_dense_weight: float = Field(
        default=0.6, ge=0.0, le=1.0, description="Convex archive fusion: the dense weight when"
        " the BM25 leg's best record covers less than the coverage floor of the query.",
    )  # fmt: skip
    discovery_archive_coverage_floor: float = Field(
        default=0.6, ge=0.0, le=1.0, description="Convex archive fusion: the share of the"
        " query's IDF weight the BM25 leg's best record must hold for the usual dense weight.",
    )  # fmt: skip
    # How a query word no record has (document frequency 0) counts in that coverage, as a
    # share of its IDF: 1 counts it whole (migration 20261130000300), 0 leaves it out
    # (migration 20261201000300).
    discovery_archive_unknown_word_weight: float = Field(
        default=0.0, ge=0.0, le=1.0, description="Convex archive fusion: the share of its IDF"
        " that a query word no record has counts with in the coverage (0: left out).",
    )  # fmt: skip
    discovery_archive_hybrid_depth: int = Field(
        default=100,
        ge=1,
        le=1000,
        description="Archive hybrid search: how deep each leg is read before fusion.",
    )
    # With the convex fusion, the BM25 leg's query leaves out request words ("show me", "works
    # depicting", "made by ... makers"; the table bm25_request_words, migration
    # 20261129000500). The rrf fusion reads the raw request, as before it.
    discovery_archive_request_words: bool = Field(
        default=True,
        description="Convex archive fusion: leave request words out of the BM25 leg's query.",
    )
    # Places and their adjectives (migration 20261202000100): with the convex fusion, a country
    # in the request ("prints from Japan") also matches its other forms ("Japanese", from
    # config/places.toml), one term group; a form the request does not say weighs this much
    # of one it says (1 and, below, 0: chosen on the tune splits, docs/archive-search.md).
    # 0 turns it off.
    discovery_archive_place_weight: float = Field(
        default=1.0, ge=0.0, le=1.0, description="Convex archive fusion: how much a country's"
        " other forms (its adjectives, other names) weigh in the BM25 leg; 0: off.",
    )  # fmt: skip
    # ... and how much they weigh when the request says the country only as an adjective
    # ("works by Dutch artists": "Holland", "Netherlandish"; migration 20261202000100); 0: such
    # a request ranks as without the folding.
    discovery_archive_place_adjective_weight: float = Field(
        default=0.0, ge=0.0, le=1.0, description="Convex archive fusion: how much a country's"
        " other forms weigh in the BM25 leg for a request that says it only as an adjective.",
    )  # fmt: skip
    # Words the request writes side by side (migration 20261203000100): a BM25 score is
    # multiplied by 1 + this x the share of the request's adjacent word pairs the record holds
    # in order ("leather jackets"), among the leg's own top (its depth; three times the depth
    # was measured and not kept); 0: off. 1 was chosen of 0.5, 1 and 2 on the tune splits
    # (docs/archive-search.md, "Words side by side").
    discovery_archive_phrase_weight: float = Field(
        default=1.0, ge=0.0, le=4.0, description="Convex archive fusion: the BM25 leg's bonus"
        " for the request's adjacent word pairs found side by side; 0: off.",
    )  # fmt: skip
