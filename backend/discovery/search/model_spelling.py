"""The embedding model's own vocabulary as the spelling corrector's last resort (`spelling.py`).

The corrector first looks for a term the catalog uses. A small catalog lacks many common words
("agreement", "halloween", "finger" in a collection of 3,000 records), and a word misspelled
there stayed as typed, though the dense ranking would understand the word meant. So a
misspelled word with no catalog term near it, that the catalog itself never uses, is corrected
to a whole word of the model's vocabulary: "agreemnt" -> "agreement", "haloween" ->
"halloween".

Candidates are the vocabulary's whole words within the edits allowed (`spelling.max_edits`:
one up to seven letters, two from eight), with the same first letter, found through an index of
each word with one letter deleted (the typed word with up to as many letters deleted is looked
up in it; then the distance is measured). Among them the fewest edits win, then the commonest:
WordPiece vocabularies list their whole words roughly in order of frequency in the text they
were built from (BERT's starts "the", "of", "and"), so a word's place stands for how common it
is ("fingr": "finger" before "finer"), and only the commoner half is reached (`MAX_RANK`); a
noun's plural counts as the noun ("pagents": "pageants"; WordNet's nouns). Never a form of the typed
word's own base, a letter swapped for a key far from it ("pupies" is not "pupils"), nor a
letter added that is not a doubled one ("trollys" is not "trolls" with a "y"; people leave
letters out far more often than they add them).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from discovery.search import synonyms as thesaurus
from discovery.search.english_words import letter_left_out, same_word
from discovery.search.spelling_keys import edit_distance, far_substitution

MIN_LENGTH = 5  # as the corrector: shorter words have too many neighbours
# Only words among the commoner half of the vocabulary's places (BERT's has 30,522): next to a
# rarer word a typo is as likely another word misspelled ("restraunt": "restraint", place
# 19,355, where "restaurant" is two edits away; chosen on the studied sets' typos)
MAX_RANK = 15_000


class ModelVocabulary:
    """Whole words of the model's vocabulary and their places (`ranks`: lower is commoner)."""

    def __init__(self, ranks: Mapping[str, int]) -> None:
        self.known = frozenset(w.lower() for w in ranks)
        common = {
            w.lower(): r for w, r in ranks.items() if len(w) >= 4 and w.isalpha() and r <= MAX_RANK
        }
        # a noun's plural, which WordPiece often keeps only as the singular and "##s"
        plurals = {
            thesaurus.plural(w): r
            for w, r in common.items()
            if not w.endswith("s") and thesaurus.is_noun(w)
        }
        self.ranks = {**plurals, **common}
        # each word, and each with one letter deleted, -> the words (about 0.1 s, once, here
        # rather than in the first request that needs it)
        self.index: dict[str, list[str]] = {}
        for term in self.ranks:
            for key in {term, *(term[:i] + term[i + 1 :] for i in range(len(term)))}:
                self.index.setdefault(key, []).append(term)

    def correct(self, word: str, edits: int) -> str | None:
        """The commonest word at the fewest edits (at most `edits`) from `word`, if any."""
        word = word.lower()
        if len(word) < MIN_LENGTH or word in self.known:
            return None
        found: dict[str, int] = {}
        for key in _deletions(word, edits):
            for term in self.index.get(key, ()):
                if term not in found and term[0] == word[0]:
                    found[term] = edit_distance(word, term, edits + 1)
        scored = [
            (d, self.ranks[t], t)
            for t, d in found.items()
            if d <= edits
            and not same_word(word, t)
            and not far_substitution(word, t)
            and not _letter_added(word, t)
        ]
        return min(scored)[2] if scored else None


def _deletions(word: str, edits: int) -> Iterator[str]:
    """`word` with up to `edits` letters deleted."""
    level = {word}
    yield word
    for _ in range(edits):
        level = {w[:i] + w[i + 1 :] for w in level for i in range(len(w))}
        yield from level


def _letter_added(word: str, term: str) -> bool:
    """Whether `word` is `term` with a letter added that doubles none beside it ("trollys" of
    "trolls"; not "bookss" of "books")."""
    doubled = any(
        word[i] == word[i + 1] and word[:i] + word[i + 1 :] == term for i in range(len(word) - 1)
    )
    return letter_left_out(term, word) and not doubled
