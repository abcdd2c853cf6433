"""The catalog's word for an everyday one ("fellas" -> "men", "shades" -> "sunglasses",
"stogies" -> "cigars"), from a hand-written list (`config/everyday_words.toml`): a rule of the
spelling corrector (`spelling.py`), run after the catalog's spellings and before WordNet's
synonyms, so the answer says what was searched and the person can still search exactly what
they typed.

A request word is replaced only when the catalog does not use it (nor its singular), or uses it
at most `RARE_COUNT` times while the replacement is used `RARE_RATIO` times more; the
replacement is the first word of its list that the catalog uses in at least `MIN_RECORDS`
records (singular and plural counted together; every word of a phrase). A plural request word
takes the replacement's plural when the catalog uses that plural ("gents" -> "men"), else the
replacement as listed ("cops" -> "police"). Unlike the WordNet rule this one also runs for
words the embedding model knows whole: the list names one sense, the one people mean in a
request, where WordNet's senses of such words lead astray ("cops" -> "coppers"). Lowercase
words only, and acronyms in capitals ("GIs", "TV"); a Capitalized word reads as a name
("Bobby")."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import psycopg

from discovery.search import synonyms as thesaurus
from discovery.settings import resource

DEFAULT_FILE = resource("config/everyday_words.toml")
MIN_RECORDS = 3  # a replacement is a word at least this many of the catalog's records use
RARE_COUNT = 2  # a word the catalog uses at most this often may still be replaced ...
RARE_RATIO = 50  # ... when its replacement is used this many times more

_ACRONYM = re.compile(r"^[A-Z]{2,4}s?$")  # "TV", "GIs"


@lru_cache(maxsize=4)
def _table(path: Path = DEFAULT_FILE) -> dict[str, tuple[str, ...]]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    words = data.get("words", {})
    return {str(k).lower(): tuple(str(v).lower() for v in vs) for k, vs in words.items()}


def load(path: Path = DEFAULT_FILE) -> bool:
    """Reads the list now rather than on the first request that needs it; True when it has
    words."""
    return bool(_table(path))


def readable(text: str) -> bool:
    """Whether the rule may read this word as typed: lowercase, or an acronym in capitals."""
    return text.islower() or bool(_ACRONYM.match(text))


def key_of(word: str, path: Path = DEFAULT_FILE) -> tuple[str, bool] | None:
    """(the list's key for `word` (lowercase), whether `word` is its plural), or None."""
    table = _table(path)
    if word in table:
        return word, False
    for ending, base in (("ies", "y"), ("es", ""), ("s", "")):
        stem = word[: -len(ending)] + base
        if word.endswith(ending) and stem in table:
            return stem, True
    single = thesaurus.singular(word)
    if single and single in table:
        return single, True
    return None


def meanings(word: str, path: Path = DEFAULT_FILE) -> tuple[str, ...]:
    """The catalog words the list gives for `word` (lowercase, either number), best first."""
    key = key_of(word, path)
    return _table(path)[key[0]] if key else ()


def plural(phrase: str) -> str:
    """The phrase with its last word in the plural ("taxi driver" -> "taxi drivers")."""
    *head, last = phrase.split()
    return " ".join([*head, thesaurus.plural(last)])


def _forms(phrase: str) -> set[str]:
    last = phrase.split()[-1]
    return {*phrase.split(), plural(last)}


async def catalog_words(
    conn: psycopg.AsyncConnection,
    words: Iterable[str],
    kind: str,
    said: Iterable[str] = (),
    path: Path = DEFAULT_FILE,
) -> dict[str, str]:
    """For each word (lowercase) of the list that the catalog of `kind` does not use, the
    catalog's word for it by the rules above (words without one are left out). A replacement
    the request already `said` is none ("gents and men" stays)."""
    said_words = set(said)
    keyed = {w: k for w in dict.fromkeys(words) if (k := key_of(w, path)) is not None}
    if not keyed:
        return {}
    table = _table(path)
    terms = {w for w in keyed} | {k for k, _ in keyed.values()}
    terms |= {f for k, _ in keyed.values() for phrase in table[k] for f in _forms(phrase)}
    used = await thesaurus.term_counts(conn, terms, kind)
    found = {}
    for word, (key, is_plural) in keyed.items():
        own = used.get(word, 0) + (used.get(key, 0) if key != word else 0)
        if own > RARE_COUNT:
            continue
        for phrase in table[key]:
            parts = phrase.split()
            if set(parts) & said_words or plural(phrase).split()[-1] in said_words:
                break  # the request names it already: replacing would lose the word
            counts = [used.get(p, 0) for p in parts[:-1]]
            counts.append(used.get(parts[-1], 0) + used.get(plural(parts[-1]), 0))
            if min(counts) < MIN_RECORDS or (own and min(counts) < RARE_RATIO * own):
                continue
            many = plural(phrase)
            found[word] = many if is_plural and used.get(many.split()[-1], 0) else phrase
            break
    return found
