"""The intent's embedding in `discover` (issue 15): onnxruntime session options against the
ones the embedder uses, on one machine state. Every variant runs the same derived int8 model
on the same MetaTool intents, alternating request by request (order reversed every other
one); prints p50 / p95 per variant (and over the intents of `--long` tokens or more, where
`discover`'s p95 tail comes from) and the largest difference of any vector component from
the embedder's own session (the vectors must stay the same), then the cost of the tokenizer
and of the thread hop `discover` makes (`asyncio.to_thread`).

    uv run python scripts/bench_embed_options.py --n 300
"""

from __future__ import annotations

import argparse
import asyncio
import os
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import onnxruntime as ort
from tokenizers import Encoding

import discovery.evaluation.discover_bench as bench
from discovery.embeddings.local import LocalMiniLMEmbedder
from discovery.evaluation import tool_sets

Level = ort.GraphOptimizationLevel


def session(
    model: Path,
    threads: int = 1,
    spinning: bool = False,
    level: Level = Level.ORT_ENABLE_ALL,
    arena: bool = True,
    pattern: bool = True,
) -> ort.InferenceSession:
    opts = ort.SessionOptions()
    opts.intra_op_num_threads, opts.inter_op_num_threads = threads, 1
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    opts.graph_optimization_level = level
    opts.add_session_config_entry("session.intra_op.allow_spinning", "1" if spinning else "0")
    opts.enable_cpu_mem_arena, opts.enable_mem_pattern = arena, pattern
    return ort.InferenceSession(str(model), opts, providers=["CPUExecutionProvider"])


def vector(sess: ort.InferenceSession, encoding: Encoding) -> np.ndarray:
    """As `LocalMiniLMEmbedder._run`: mean over the tokens, then unit length."""
    ids = np.asarray([encoding.ids], dtype=np.int64)
    feed = {"input_ids": ids, "attention_mask": np.ones_like(ids),
            "token_type_ids": np.zeros_like(ids)}  # fmt: skip
    pooled = sess.run(None, feed)[0][0].mean(axis=0)
    return pooled / max(float(np.linalg.norm(pooled)), 1e-12)


def timed(call: Callable[..., object], *args: object) -> float:
    start = time.perf_counter()
    call(*args)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--tools-data", type=Path, default=tool_sets.TOOLS_DATA)
    parser.add_argument(
        "--long", type=int, default=40, help="also report intents of at least this many tokens"
    )
    args = parser.parse_args()
    tool_sets.TOOLS_DATA = bench.TOOLS_DATA = args.tools_data
    intents = bench.intents(args.n + 20)
    embedder = LocalMiniLMEmbedder(cache_size=0)
    model = embedder._model_file
    variants = {
        "as used (1 thread, no spinning, all optimizations)": embedder._session,
        "2 intra-op threads": session(model, threads=2),
        "spinning on": session(model, spinning=True),
        "no memory pattern": session(model, pattern=False),
        "no arena, no pattern": session(model, arena=False, pattern=False),
        "extended optimizations only": session(model, level=Level.ORT_ENABLE_EXTENDED),
    }
    encodings = [embedder._tokenizer.encode(text) for text in intents]
    tokens = [len(e.ids) for e in encodings]
    print(f"load average {os.getloadavg()[0]:.2f}; tokens p50 {np.percentile(tokens, 50):.0f}, "
          f"p95 {np.percentile(tokens, 95):.0f}, max {max(tokens)}")  # fmt: skip
    ms: dict[str, list[float]] = {name: [] for name in variants}
    differ = dict.fromkeys(variants, 0.0)
    names = list(variants)
    for i, encoding in enumerate(encodings):
        reference = vector(embedder._session, encoding)
        for name in names if i % 2 == 0 else names[::-1]:
            took = timed(vector, variants[name], encoding)
            if i >= 20:  # warm-up
                ms[name].append(took)
            out = vector(variants[name], encoding)
            differ[name] = max(differ[name], float(np.abs(out - reference).max()))
    # The p95 tail of `discover` is the long intents (docs/benchmarks.md): their times apart.
    long = np.asarray(tokens[20:]) >= args.long
    for name in names:
        p50, p95 = np.percentile(ms[name], [50, 95])
        l50, l95 = np.percentile(np.asarray(ms[name])[long], [50, 95]) if long.any() else (0, 0)
        print(f"  {name:52} p50 {p50:6.2f}  p95 {p95:6.2f} ms  max |diff| {differ[name]:.1e}")
        print(f"  {'':52} {args.long}+ tokens ({long.sum()}): p50 {l50:6.2f}  p95 {l95:6.2f} ms")
    tokenize = [timed(embedder._tokenizer.encode, text) for text in intents]
    print(f"tokenizer p50 {np.percentile(tokenize, 50):.3f} ms")

    async def hops() -> list[float]:
        out = []
        for _ in range(args.n):
            start = time.perf_counter()
            await asyncio.to_thread(int)
            out.append((time.perf_counter() - start) * 1000)
        return out

    hop = asyncio.run(hops())
    p50, p95 = np.percentile(hop, [50, 95])
    print(f"asyncio.to_thread hop p50 {p50:.3f}  p95 {p95:.3f} ms")


if __name__ == "__main__":
    main()
