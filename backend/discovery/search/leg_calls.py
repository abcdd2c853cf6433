"""The two legs' SQL calls, shared by the calls that read a leg's ranking as Python lists
(`queries.match_items_bm25`, `queries.match_items_dense`) and those that hand it to the fusion
as PostgreSQL wrote it (`packed.fetch_packed`): the BM25 leg (`match_items_bm25`) and the dense
leg (`match_items_dense`), each as a function call returning (id, score) rows best first, and
its arguments."""

from __future__ import annotations

from typing import Any

import numpy as np

# The named arguments every dense search function takes: the filters, the model and how the
# dense ranking is run (values from `SearchFilters.sql_args()` plus model_name, exact, ef).
ITEM_ARGS = (
    "filter_kinds => %(filter_kinds)s, filter_skill_ids => %(filter_skill_ids)s,"
    " active_only => %(active_only)s, filter_media_types => %(filter_media_types)s,"
    " date_from => %(date_from)s::int, date_to => %(date_to)s::int, model_name => %(model_name)s,"
    " exact_max_rows => %(exact)s, ef_search => %(ef)s"
)


def bm25_call(request_words: bool, phrased: bool = False) -> str:
    """`match_items_bm25`'s call, its (id, bm25) rows best first, for `bm25_args`'s arguments.
    With `request_words`, the query leaves out the searched kinds' request words first
    (`bm25_request_text`, same statement); with a `place_weight`, a country in it also matches
    its other forms (its names weighing `place_adjective_weight` for a request that says only an
    adjective; migration 20261202000100); `phrased`, its adjacent word pairs found side by side
    raise a record's score by `phrase_weight` (`match_items_bm25_phrased`, migration
    20261203000100; the tool catalogs' legs call `match_items_bm25` itself)."""
    query = "bm25_request_text(%(text)s, %(filter_kinds)s::text[])" if request_words else "%(text)s"
    return (
        f"match_items_bm25{'_phrased' if phrased else ''}({query}, %(count)s,"
        " filter_kinds => %(filter_kinds)s, filter_skill_ids => %(filter_skill_ids)s,"
        " active_only => %(active_only)s, filter_media_types => %(filter_media_types)s,"
        " date_from => %(date_from)s::int, date_to => %(date_to)s::int,"
        " candidate_budget => %(budget)s, place_weight => %(place_weight)s,"
        " place_adjective_weight => %(place_adjective_weight)s"
        + (", phrase_weight => %(phrase_weight)s)" if phrased else ")")
    )


def bm25_args(
    text: str,
    *,
    count: int,
    filters: dict[str, Any],
    candidate_budget: int,
    place_weight: float = 0.0,
    place_adjective_weight: float = 0.0,
    phrase_weight: float = 0.0,
) -> dict[str, Any]:
    args = filters | {"text": text, "count": count, "budget": candidate_budget,
                      "place_weight": place_weight,
                      "place_adjective_weight": place_adjective_weight,
                      "phrase_weight": phrase_weight}  # fmt: skip
    args.pop("model_name", None)
    return args


DENSE_CALL = "match_items_dense(%(q)s, %(threshold)s, %(count)s, " + ITEM_ARGS + ")"


def dense_args(
    vector: np.ndarray,
    *,
    threshold: float,
    count: int,
    filters: dict[str, Any],
    model_name: str,
    exact_max_rows: int,
    ef_search: int,
) -> dict[str, Any]:
    """`DENSE_CALL`'s arguments."""
    args = {"q": vector, "threshold": threshold, "count": count, "model_name": model_name}
    return args | filters | {"exact": exact_max_rows, "ef": ef_search}
