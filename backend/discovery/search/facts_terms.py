"""The catalog terms of a facts subject's words (`facts.py`): each word in any of its forms,
accents ignored for a word the catalog only spells with them, and words joined by "or" as one
group of alternatives. A hyphenated word is read as its parts that are not stop words
("three-piece": "three", "piece"; "pen-in-pocket": "pen", "pocket"), except one that would lose
a stop word and that the catalog indexes whole (the text search's parser keeps "t-shirt" as a
term beside "t" and "shirt"): "t-shirt" is one word."""

from __future__ import annotations

import re

import psycopg

from discovery.search import word_forms

WORD_RE = re.compile(r"[^\W_]+")
TOKEN_RE = re.compile(r"[^\W_]+(?:-[^\W_]+)*")  # a word, hyphenated words whole

# The parts of hyphenated words that are no stop words.
_PARTS_SQL = """
select p from unnest(%(parts)s::text[]) p where to_tsvector('english', p) <> ''::tsvector
"""
_TERMS_SQL = """
select w.ord, array_agg(distinct t.id) filter (where t.id is not null),
       coalesce(sum(f.df), 0)
from unnest(%(forms)s::text[]) with ordinality w(forms, ord)
cross join lateral unnest(to_tsvector('english', w.forms)) l
left join bm25_terms t on t.term = l.lexeme
left join bm25_df f on f.term_id = t.id and f.kind = 'archive'
group by w.ord order by w.ord
"""
# The same for hyphenated words as a whole: their hyphenated lexemes only.
_COMPOUND_TERMS_SQL = _TERMS_SQL.replace(
    "group by", "where position('-' in l.lexeme) > 0\ngroup by"
)
# The same, accents ignored (the word's forms as typed or stemmed against the catalog's terms
# without accents): for a word no term spells exactly ("creche" for "crèche", which the
# English stemmer leaves unstemmed). A scan of the term list, only for such words.
_ACCENTS = ("àáâãäåèéêëìíîïòóôõöùúûüýÿçñ", "aaaaaaeeeeiiiiooooouuuuyycn")
_FOLDED_TERMS_SQL = """
select w.ord, array_agg(distinct t.id) filter (where t.id is not null),
       coalesce(sum(f.df), 0)
from unnest(%(forms)s::text[]) with ordinality w(forms, ord)
left join bm25_terms t on translate(t.term, %(accented)s, %(plain)s) = any(
    string_to_array(w.forms, ' ')
    || array(select l.lexeme from unnest(to_tsvector('english', w.forms)) l))
left join bm25_df f on f.term_id = t.id and f.kind = 'archive'
group by w.ord order by w.ord
"""


async def subject_terms(
    conn: psycopg.AsyncConnection, subject: str
) -> list[tuple[str, list[int], int]]:
    """Per word of `subject` that is not a stop word: (word, the ids of the catalog terms it
    can be (singular or plural), how many archive records use them); words joined by "or" are
    one entry ("lace or tulle": the terms of either, the records of both added up)."""
    tokens, whole = await _compounds(conn, [w.lower() for w in TOKEN_RE.findall(subject)])
    groups = alternatives(tokens)
    words = [w for group in groups for w in group if w not in whole]
    if not words and not whole:
        return []
    found = {w: (ids, df) for w, ids, df in await _word_terms(conn, words)} if words else {}
    found |= whole  # no stop words
    merged = []
    for group in groups:
        kept = [w for w in group if w in found]
        if kept:
            ids = sorted({t for w in kept for t in found[w][0]})
            merged.append((" or ".join(kept), ids, sum(found[w][1] for w in kept)))
    return merged


async def _compounds(
    conn: psycopg.AsyncConnection, tokens: list[str]
) -> tuple[list[str], dict[str, tuple[list[int], int]]]:
    """The tokens with each hyphenated word read as its parts that are no stop words ("three-
    piece": "three", "piece", as records also write it unhyphenated), and the terms of those
    read whole: a hyphenated word with a stop word among its parts that the catalog indexes
    whole ("t-shirt": "t" is a stop word, and "shirt" alone would count every shirt)."""
    compounds = list(dict.fromkeys(t for t in tokens if "-" in t))
    if not compounds:
        return tokens, {}
    parts = [p for t in compounds for p in WORD_RE.findall(t)]
    rows = await (await conn.execute(_PARTS_SQL, {"parts": parts})).fetchall()
    kept = {str(p) for (p,) in rows}
    losing = [t for t in compounds if any(p not in kept for p in WORD_RE.findall(t))]
    whole: dict[str, tuple[list[int], int]] = {}
    if losing:
        forms = [" ".join(word_forms.forms(w)) for w in losing]
        rows = await (await conn.execute(_COMPOUND_TERMS_SQL, {"forms": forms})).fetchall()
        whole = {losing[int(o) - 1]: (list(ids), int(df)) for o, ids, df in rows if ids}
    out: list[str] = []
    for t in tokens:
        split = "-" in t and t not in whole
        out += [p for p in WORD_RE.findall(t) if p in kept] if split else [t]
    return out, whole


def alternatives(words: list[str]) -> list[list[str]]:
    """`words` in groups, each once: a run joined by "or" is one group of alternatives, any
    other word a group of its own; an "or" with no word on one side is dropped."""
    groups: list[list[str]] = []
    joined = False
    for word in words:
        if word == "or":
            joined = bool(groups)
        elif joined:
            if word not in groups[-1]:
                groups[-1].append(word)
            joined = False
        else:
            groups.append([word])
    unique = {tuple(g): g for g in groups}
    return list(unique.values())


async def _word_terms(
    conn: psycopg.AsyncConnection, words: list[str]
) -> list[tuple[str, list[int], int]]:
    forms = [" ".join(word_forms.forms(w)) for w in words]
    rows = await (await conn.execute(_TERMS_SQL, {"forms": forms})).fetchall()
    found = [(words[int(o) - 1], list(ids or []), int(df)) for o, ids, df in rows]
    unknown = [i for i, (_, ids, _) in enumerate(found) if not ids]
    if unknown:
        accented, plain = _ACCENTS
        folded = [
            forms[words.index(found[i][0])].translate(str.maketrans(*_ACCENTS)) for i in unknown
        ]
        params = {"forms": folded, "accented": accented, "plain": plain}
        again = await (await conn.execute(_FOLDED_TERMS_SQL, params)).fetchall()
        for (_ord, ids, df), i in zip(again, unknown, strict=True):
            found[i] = (found[i][0], list(ids or []), int(df))
    return found


PART_LENGTH = 3  # letters, at least, of each part of a word read as two ("hand", "shake")


async def compound_parts(conn: psycopg.AsyncConnection, words: list[str]) -> dict[str, str]:
    """For each of `words` (ones the catalog never uses) that the catalog writes as two words,
    those two ("handshake": "hand shake", which "shaking hands" holds; "candlelit": "candle lit"):
    of the splits into two parts of `PART_LENGTH` letters or more that the catalog both uses (in
    any form), the one whose rarer part is the commonest. Words with no such split are left out."""
    splits = {
        w: [(w[:i], w[i:]) for i in range(PART_LENGTH, len(w) - PART_LENGTH + 1)] for w in words
    }
    parts = list(dict.fromkeys(p for pairs in splits.values() for pair in pairs for p in pair))
    if not parts:
        return {}
    used = {w: df for w, ids, df in await _word_terms(conn, parts) if ids}
    found = {}
    for word, pairs in splits.items():
        known = [(min(used[a], used[b]), f"{a} {b}") for a, b in pairs if a in used and b in used]
        if known:
            found[word] = max(known)[1]
    return found


def swap_words(subject: str, swaps: dict[str, str]) -> str:
    """`subject` with each word of `swaps` replaced by its catalog word ("sax players":
    "saxophone players"), said once ("piano saxophone sax": "piano saxophone")."""
    for word, mate in swaps.items():
        subject = re.sub(rf"(?<![\w-]){re.escape(word)}(?![\w-])", mate, subject, flags=re.I)
    if not swaps or '"' in subject:
        return subject
    kept: list[str] = []
    for token in subject.split():
        if token.lower() == "or" or token.lower() not in {k.lower() for k in kept}:
            kept.append(token)
    return " ".join(kept)
