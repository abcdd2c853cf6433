"""How far a typed word is from a term (`spelling.py`, `model_spelling.py`): the edits between
them, and which substitutions are slips of a finger on a QWERTY keyboard (the corrector ranks
its corrections by them): a letter swapped for a key far from it is a less likely typo, and
never at a word's first letter."""

from __future__ import annotations

_VOWELS = frozenset("aeiou")
_KEYBOARD = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_ROW_OFFSET = (0.0, 0.25, 0.75)  # each row starts a little further right
_KEY_AT = {
    c: (row, col + _ROW_OFFSET[row])
    for row, keys in enumerate(_KEYBOARD)
    for col, c in enumerate(keys)
}


def far_substitution(word: str, term: str) -> bool:
    """Whether `term` differs from `word` by one letter swapped for a key far from it on a
    QWERTY keyboard ("fench" -> "bench"): a less likely slip than a letter left out or added
    ("fench" -> "french"), a neighbouring key hit or one vowel for another ("plaed" -> "plaid"),
    so among corrections at the same distance it comes last."""
    if len(word) != len(term):
        return False
    diffs = [(a, b) for a, b in zip(word, term, strict=True) if a != b]
    if len(diffs) != 1 or not all(c in _KEY_AT for c in diffs[0]):
        return False
    if all(c in _VOWELS for c in diffs[0]):  # "plaed" for "plaid": a spelling slip, not a key
        return False
    (r1, x1), (r2, x2) = (_KEY_AT[c] for c in diffs[0])
    return abs(r1 - r2) > 1 or abs(x1 - x2) > 1


def far_first_letter(word: str, term: str) -> bool:
    """Whether `term` is `word` with its first letter swapped for a key far from it ("mitts"
    -> "pitts"): people rarely mistype a word's first letter, and not with a distant key, so
    such a term is another word, never the correction."""
    return bool(word) and bool(term) and word[0] != term[0] and far_substitution(word, term)


def edit_distance(a: str, b: str, limit: int = 3) -> int:
    """Optimal string alignment distance (insert, delete, substitute, swap two neighbours),
    capped at `limit`."""
    if abs(len(a) - len(b)) >= limit:
        return limit
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return min(prev[-1], limit)
