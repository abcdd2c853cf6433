"""`discovery search`: the engine's search, printed as a table (or JSON)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from discovery.cli.records import Shown, print_blocks
from discovery.cli.terminal import console, fail, load_settings, warn, with_runtime
from discovery.db import ItemKind, MissingEmbeddingsError
from discovery.search.models import InvalidRequest, SearchRequest, Strategy
from discovery.search.results import SearchResponse

if TYPE_CHECKING:
    from discovery.runtime import Runtime


def search(
    query: Annotated[str, typer.Argument(help="What to find, in plain words.")],
    strategy: Annotated[
        Strategy | None,
        typer.Option(help="direct, hierarchical or hybrid [default: the kind's, a setting]."),
    ] = None,
    kind: Annotated[
        ItemKind | None, typer.Option("--kind", help="Only items of this kind.")
    ] = None,
    limit: Annotated[int, typer.Option(help="How many results.")] = 10,
    threshold: Annotated[
        float | None, typer.Option(help="Minimum similarity, 0 to 1 [default: setting, 0.3].")
    ] = None,
    media_type: Annotated[list[str] | None, typer.Option(help="Archive media types.")] = None,
    date_from: Annotated[int | None, typer.Option(help="From year.")] = None,
    date_to: Annotated[int | None, typer.Option(help="To year.")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the full response as JSON.")
    ] = False,
) -> None:
    """Search the catalog; prints each result with its id and link (or JSON)."""
    settings = load_settings()
    if date_from is not None and date_to is not None and date_from > date_to:
        warn(
            f"--date-from {date_from} is after --date-to {date_to}; "
            f"searching {date_to} to {date_from} instead"
        )
        date_from, date_to = date_to, date_from
    try:
        request = SearchRequest.build(
            query=query,
            strategy=strategy,
            item_type=kind,
            limit=limit,
            tool_threshold=threshold,
            include_schemas=True,
            media_types=media_type,
            date_from=date_from,
            date_to=date_to,
        )
    except InvalidRequest as exc:
        raise fail(f"invalid search: {exc}", 2) from None

    async def work(rt: Runtime) -> SearchResponse:
        return await rt.search.search(request)

    response = with_runtime(work, settings, errors=(MissingEmbeddingsError,))
    if as_json:
        print(response.model_dump_json(indent=2))
        return
    _print_table(response)


def _print_table(response: SearchResponse) -> None:
    console.print(f"{response.query!r}: {len(response.items)} results", markup=False)
    print_blocks(
        Shown(
            id=hit.id,
            title=hit.title,
            score=hit.score,
            facts=(
                hit.kind.value,
                str(hit.metadata.get("date") or ""),
                str(hit.metadata.get("media_type") or ""),
            ),
            link=str(hit.metadata.get("url") or ""),
        )
        for hit in response.items
    )
    m = response.metadata
    console.print(
        f"strategy {m.strategy_used} (skills {m.skill_ids_used or '-'}"
        f"{', fallback: ' + m.fallback_reason if m.fallback_reason else ''}); "
        f"embedding {m.query_embedding_time_ms:.1f} ms, "
        f"skills {m.skill_search_time_ms:.1f} ms, items {m.tool_search_time_ms:.1f} ms, "
        f"total {m.total_time_ms:.1f} ms",
        markup=False,
    )
