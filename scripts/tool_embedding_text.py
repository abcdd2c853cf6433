"""Which text to embed a tool from: direct recall@5 per variant of the embedding text, on the
tune splits of MetaTool and LiveMCPBench (the reported queries are never read).

    uv run python scripts/tool_embedding_text.py

Each variant re-embeds the catalog with the local model and ranks every tool by cosine; the
variant adopted in `catalog/tools/read.py` is "+params" (docs/tools-search.md)."""

from __future__ import annotations

import json
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

from discovery.catalog.records import CatalogItem
from discovery.catalog.text import humanize
from discovery.catalog.tools.read import read_tool_rows
from discovery.embeddings.local import LocalMiniLMEmbedder
from discovery.evaluation.tool_sets import TOOLS_DATA, livemcpbench, metatool
from discovery.evaluation.tools_eval import score


def _parameters(raw: dict, with_descriptions: bool) -> str:
    properties = (raw.get("input_schema") or raw.get("inputSchema") or {}).get("properties")
    if not isinstance(properties, dict):
        return ""
    parts = []
    for name, spec in list(properties.items())[:8]:
        note = spec.get("description", "") if with_descriptions and isinstance(spec, dict) else ""
        parts.append(humanize(name).lower() + (f" ({note[:60]})" if note else ""))
    return ", ".join(parts)


def main() -> None:
    embedder = LocalMiniLMEmbedder()
    work = Path(tempfile.mkdtemp(prefix="tool-text-"))
    sets = [metatool(TOOLS_DATA / "metatool", work, 1000, "tune"),
            livemcpbench(TOOLS_DATA / "livemcpbench", "tune")]  # fmt: skip
    for bench in sets:
        items = [r for _, r in read_tool_rows(bench.catalog) if isinstance(r, CatalogItem)]
        raws = {}
        for line in bench.catalog.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except ValueError:
                continue
            raws[(str(row.get("server") or ""), str(row.get("name") or ""))] = row

        def raw(item: CatalogItem, raws: dict = raws) -> dict:
            return raws.get((str(item.metadata.get("server") or ""), item.name), {})

        def base(item: CatalogItem) -> str:
            text = item.embedding_text
            return text[: text.index(". Parameters: ")] if ". Parameters: " in text else text

        def server(item: CatalogItem) -> str:
            return humanize(str(item.metadata.get("server") or ""))

        def with_params(item: CatalogItem, descriptions: bool = False) -> str:
            params = _parameters(raw(item), descriptions)
            return f"{base(item).rstrip('. ')}. Parameters: {params}" if params else base(item)

        variants: dict[str, Callable[[CatalogItem], str]] = {
            "name and description": base,
            "+server": lambda i: f"{server(i)}. {base(i)}",
            "+params": with_params,
            "+params+descriptions": lambda i: with_params(i, True),
            "+server+params": lambda i: f"{server(i)}. {with_params(i)}",
        }
        queries = bench.queries[:800]
        qv = np.asarray(embedder.embed_documents([q.text[:1000] for q in queries]))
        ids = [i.id for i in items]
        for name, text in variants.items():
            v = np.asarray(embedder.embed_documents([text(i)[:2000] for i in items]))
            recall = [
                score([ids[t] for t in np.argsort(-(v @ q))[:10]], query.gold, 5)
                for query, q in zip(queries, qv, strict=True)
            ]
            print(f"{bench.name} ({len(queries)} tune queries, {len(items)} tools) {name}: "
                  f"recall@5 {statistics.fmean(recall):.3f}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
