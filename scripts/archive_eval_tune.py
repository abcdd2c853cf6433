"""Print the tune split's figures of a `discovery eval archives --out FILE` run, and nothing of
the report split (issue 21: choose on tune only). nDCG@10 per method and set, four decimals, and
per query kind with --kinds. Usage: `uv run python scripts/archive_eval_tune.py bench/a.json
[bench/b.json ...] [--kinds]`; several files print side by side (one column per file)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

METHODS = ("default", "hybrid", "direct", "exact_knn", "bm25_reference", "rrf_bm25_knn_reference")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--kinds", action="store_true")
    args = parser.parse_args()
    runs = [json.loads(p.read_text()) for p in args.files]
    sets = [s for s in runs[0] if s != "settings" and all(s in r for r in runs)]
    print("tune split, nDCG@10; columns:", ", ".join(p.stem for p in args.files))
    for name in sets:
        tunes = [r[name]["figures"]["tune"] for r in runs]
        print(f"\n{name} ({tunes[0]['default']['all']['n']} requests)")
        for method in METHODS:
            cells = "  ".join(f"{t[method]['all']['ndcg@10']:.4f}" for t in tunes)
            print(f"  {method:<24} {cells}")
            if args.kinds and method in ("default", "rrf_bm25_knn_reference"):
                for kind in sorted(tunes[0][method]["kinds"]):
                    cells = "  ".join(f"{t[method]['kinds'][kind]['ndcg@10']:.4f}" for t in tunes)
                    print(f"    {kind:<22} {cells}")


if __name__ == "__main__":
    main()
