"""Spelling correction of queries against the catalog's own vocabulary (`spelling_terms`, kept
by the `*_spelling_vocabulary.sql` migration's triggers; docs/archive-search.md, "Spelling").

A word is corrected only when the catalog does not use it (or uses it once or twice while a
neighbour one edit away is used far more), to the catalog term within a small edit distance
(optimal string alignment: a swap of two letters is one edit) that the catalog uses most.
Never touched: words the catalog uses, short words, words with digits, stop words, words inside
"quotes", lowercase words whose neighbour is only another form of them ("watercolors" when the
catalog says "watercolor"), real English words the catalog does not use, except towards a form
of themselves ("frocks" is no typo of "rocks"; `english_words.py`), and words the embedding
model knows whole (`known`: real words the dense ranking understands, such as "photos") or,
typed in lowercase, inflected forms of them ("shoppers").
A Capitalized word inside the query reads as a name: corrected only to a term one edit away
that the catalog uses often. A lowercase word the catalog never uses takes its spelling there
("aluminium" -> "aluminum"; `spelling_variants.py`), else, if the model does not know it, the
catalog's own word for it, a WordNet synonym ("waistcoats" -> "vests"; `synonyms.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

import psycopg

from discovery.db import Database
from discovery.search import english_words, everyday_words, spelling_variants
from discovery.search import synonyms as thesaurus
from discovery.search.english_words import is_known, same_word
from discovery.search.model_spelling import ModelVocabulary
from discovery.search.spelling_keys import edit_distance, far_first_letter, far_substitution
from discovery.search.spelling_variants import catalog_spellings

MIN_LENGTH = 5  # shorter words have too many neighbours one edit away to guess from
RARE_COUNT = 2  # a known word used at most this often may still be a typo of a neighbour
RARE_RATIO = 50  # ... when the neighbour is used this many times more
NAME_FACTOR = 3  # a name needs a neighbour used min_count x NAME_FACTOR times

_WORD = re.compile(r"\w+")
_QUOTED = re.compile(r'"[^"]*"')
_CANDIDATES = (
    "select word, term, doc_count from spelling_candidates(%s, %s, %s, %s, known_above => %s)"
)


@dataclass(frozen=True)
class Correction:
    """A query and what it became: `changes` maps each corrected word to its correction."""

    original: str
    query: str
    changes: dict[str, str] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return bool(self.changes)

    def apply(self, text: str) -> str:
        """`text` with the same words corrected (whole words, any case), an article before one
        agreeing with its correction ("a flyboy" -> "an air force man")."""
        for wrong, right in self.changes.items():
            pattern = re.compile(
                rf"\b(?:(?P<article>an?)\s+)?(?P<word>{re.escape(wrong)})\b", re.IGNORECASE
            )
            text = pattern.sub(_replacer(right), text)
        return text


def _replacer(term: str) -> Callable[[re.Match[str]], str]:
    def replace(m: re.Match[str]) -> str:
        word = _case_like(m["word"], term)
        if not (article := m["article"]):
            return word
        agreeing = "an" if term[:1].lower() in "aeiou" else "a"
        return f"{agreeing.capitalize() if article[0].isupper() else agreeing} {word}"

    return replace


def _case_like(typed: str, term: str) -> str:
    if everyday_words.readable(typed) and not typed.islower():  # "GIs" -> "soldiers"
        return term.lower()
    return term.capitalize() if typed[:1].isupper() else term.lower()


def max_edits(word: str) -> int:
    """Edits allowed for a word: one up to seven letters, two from eight."""
    return 1 if len(word) <= 7 else 2


@dataclass(frozen=True)
class _Word:
    text: str  # as typed
    start: int
    end: int
    name: bool  # Capitalized inside the query
    typo: bool = True  # may be misspelled (else only possibly another spelling: `respell`)
    respell: bool = False  # lowercase, with British or American variants to look up
    synonym: bool = False  # lowercase, with WordNet synonyms to look up (`synonyms.py`)
    everyday: bool = False  # in the list of everyday words (`everyday_words.py`)

    @property
    def lower(self) -> str:
        return self.text.lower()


def quoted_words(text: str) -> set[str]:
    """The words inside "quotes" in `text`, lowercased (searched exactly as typed)."""
    return {w.lower() for q in _QUOTED.findall(text) for w in _WORD.findall(q)}


def _query_words(query: str, known: frozenset[str], keep: frozenset[str]) -> list[_Word]:
    """The query's words outside quotes that may be misspelled (not `known`, not `keep`) or
    spelled otherwise than the catalog spells them (`respell`; lowercase, not `keep`)."""
    quoted = [m.span() for m in _QUOTED.finditer(query)]
    words = []
    for i, m in enumerate(_WORD.finditer(query)):
        text, lower = m.group(), m.group().lower()
        if any(a <= m.start() < b for a, b in quoted) or lower in keep:
            continue
        model_knows = text.islower() and is_known(lower, known)  # "Haris" no "hari"s
        typo = len(text) >= MIN_LENGTH and text.isalpha() and lower not in known and not model_knows
        respell = text.islower() and bool(spelling_variants.variants(lower))
        synonym = text.islower() and not model_knows and thesaurus.has_synonyms(lower)
        everyday = everyday_words.readable(text) and everyday_words.key_of(lower) is not None
        typo = typo and not everyday  # a word of the list is a real word, no typo
        if typo or respell or synonym or everyday:
            name = i > 0 and text[:1].isupper() and not everyday
            words.append(_Word(text, m.start(), m.end(), name, typo, respell, synonym, everyday))
    return words


class SpellingCorrector:
    """Corrects queries against the vocabulary of one kind of item (`archive` by default).
    `min_count`: a correction must be a term at least this many active items use. `known`:
    words never corrected (the embedding model's whole words, `embeddings.local.model_words`).
    `synonyms`: whether the last rule (`synonyms.py`) runs; its thesaurus loads here, once.
    `vocabulary`: the model's whole words and their places in its vocabulary
    (`embeddings.local.model_word_ranks`), the last resort for a misspelled word the catalog
    has no term near (`model_spelling.py`); none, no such resort."""

    def __init__(
        self,
        db: Database,
        kind: str = "archive",
        min_count: int = 2,
        known: Iterable[str] = (),
        synonyms: bool = True,
        vocabulary: Mapping[str, int] | None = None,
    ) -> None:
        self.db, self.kind, self.min_count = db, kind, min_count
        self.known = frozenset(w.lower() for w in known)
        self.vocabulary = ModelVocabulary(vocabulary) if vocabulary else None
        self.synonyms = synonyms and thesaurus.load()
        english_words.load()

    async def correct(
        self,
        query: str,
        keep: Iterable[str] = (),
        conn: psycopg.AsyncConnection | None = None,
    ) -> Correction:
        """The query with its misspelled words corrected; `keep`: words to leave as typed."""
        words = _query_words(query, self.known, frozenset(w.lower() for w in keep))
        if not words:
            return Correction(query, query)
        if conn is None:
            async with self.db.connection() as own:
                found = await self._found(own, words, query)
        else:
            found = await self._found(conn, words, query)
        changes: dict[str, str] = {}
        out, last = [], 0
        for w in words:
            best = found.get(w.lower)
            if best is None:
                continue
            fixed = _case_like(w.text, best)
            changes[w.text] = fixed
            out += [query[last : w.start], fixed]
            last = w.end
        if not changes:
            return Correction(query, query)
        return Correction(query, "".join([*out, query[last:]]), changes)

    async def _found(
        self, conn: psycopg.AsyncConnection, words: list[_Word], query: str
    ) -> dict[str, str]:
        """The corrections of the misspelled words; for the others that may be spelled
        otherwise, the catalog's own spelling (`spelling_variants.py`); for the rest, the
        catalog's own word (`synonyms.py`)."""
        typos = [w for w in words if w.typo]
        found = await self._lookup(conn, typos) if typos else {}
        others = [w.lower for w in words if w.respell and w.lower not in found]
        if others:
            found |= await catalog_spellings(conn, others, self.kind, self.min_count)
        said = [w.lower() for w in _WORD.findall(query)]
        everyday = [w.lower for w in words if w.everyday and w.lower not in found]
        if everyday:
            found |= await everyday_words.catalog_words(conn, everyday, self.kind, said)
        rest = [w.lower for w in words if self.synonyms and w.synonym and w.lower not in found]
        if rest:
            found |= await thesaurus.catalog_synonyms(conn, rest, self.kind, said)
        return found

    async def _lookup(self, conn: psycopg.AsyncConnection, words: list[_Word]) -> dict[str, str]:
        """The correction of each word that has one. One edit is tried first for every word
        (the look-up probes 5 of a word's trigrams for one edit, 9 for two); a long word with
        no correction one edit away is then looked up again with two; a word still without one
        that the catalog never uses, no name and no English word, in the model's vocabulary."""
        distinct = sorted({w.lower for w in words})
        names = {w.lower for w in words if w.name}
        fixes, owns = await self._pass(conn, distinct, 1, names)
        longer = [
            w
            for w in distinct
            if w not in fixes
            and w not in names
            and max_edits(w) > 1
            and owns.get(w, 0) <= RARE_COUNT
        ]
        if longer:
            fixes.update((await self._pass(conn, longer, 2, names))[0])
        if self.vocabulary is not None:  # no catalog term near: the model's own word
            for w in distinct:
                if w in fixes or w in names or owns.get(w, 0) or english_words.is_english(w):
                    continue
                if (fix := self.vocabulary.correct(w, max_edits(w))) is not None:
                    fixes[w] = fix
        return fixes

    async def _pass(
        self, conn: psycopg.AsyncConnection, distinct: list[str], edits: int, names: set[str]
    ) -> tuple[dict[str, str], dict[str, int]]:
        """Corrections within `edits` edits, and how many items use each word itself."""
        rows = await (
            await conn.execute(
                _CANDIDATES,
                (distinct, [edits] * len(distinct), self.kind, self.min_count, RARE_COUNT),
            )
        ).fetchall()
        by_word: dict[str, list[tuple[str, int]]] = {}
        for word, term, count in rows:
            by_word.setdefault(word, []).append((term, int(count)))
        fixes, owns = {}, {}
        for word in distinct:
            candidates = by_word.get(word, [])
            owns[word] = next((n for t, n in candidates if t == word), 0)
            fix = self._choose(word, candidates, word in names, edits)
            if fix is not None:
                fixes[word] = fix
        return fixes, owns

    def _choose(
        self, word: str, candidates: list[tuple[str, int]], name: bool, edits: int
    ) -> str | None:
        """The most used term at the smallest distance (at most `edits`), if the word should
        be corrected."""
        own = next((n for t, n in candidates if t == word), 0)
        if own > RARE_COUNT:
            return None
        limit = 1 if name or own else min(edits, max_edits(word))
        floor = max(self.min_count * (NAME_FACTOR if name else 1), own * RARE_RATIO, 1)
        real = english_words.is_english(word)  # no typo of another word ("Stork": no "Store")
        scored = [
            (d, far_substitution(word, t), -n, t)
            for t, n in candidates
            if t != word
            and n >= floor
            and (name or not same_word(word, t))
            and (
                not real
                or english_words.related(word, t)
                or english_words.letter_left_out(word, t)
                or english_words.letter_doubled(word, t)
            )
            and not far_first_letter(word, t)
            and (d := edit_distance(word, t, limit + 1)) <= limit
        ]
        return min(scored)[3] if scored else None
