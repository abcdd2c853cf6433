"""Pronouns that point back to a name (a heuristic standing in for an LLM's reading, named as
such): in "my grandmother sang with the National Negro Opera Company. Could you look for photos
of their performances?" the request sentence says "their" and the subject is the name in the
sentence before. The query writer keeps only the request sentence, so it searched "photos of
their performances" and lost the subject; `with_antecedent` puts the name in place of the
pronoun ("photos of national negro opera company performances"), and `with_names` adds the
other names written outside the request phrase.

The name is the last run of two or more Capitalized words (small joining words such as "of" or
"the" allowed inside) in the text before the request phrase; a sentence's first word only
counts as part of a longer run. Nothing changes when the phrase has no such pronoun or no name
precedes it.
"""

from __future__ import annotations

import re

PRONOUNS = frozenset("their theirs them they its his her".split())
_JOINERS = frozenset("of the de da van von".split())  # "and" ends a name
_TOKEN_RE = re.compile(r"[^\W\d_][\w'’-]*|[.!?;]")


def names(text: str) -> list[str]:
    """The runs of at least two Capitalized words in `text`, in order, lowercased (small
    joining words allowed inside; a sentence's first word never opens a run)."""
    runs: list[list[str]] = [[]]
    opening = True  # the next word opens a sentence
    for token in _TOKEN_RE.findall(text.replace("’", "'")):
        if token in ".!?;":
            runs.append([])
        elif (token[0].isupper() and token != "I" and not opening) or (
            runs[-1] and token.lower() in _JOINERS
        ):
            runs[-1].append(token)
        elif runs[-1]:
            runs.append([])
        opening = token in ".!?;"
    found = []
    for run in runs:
        while run and run[-1].lower() in _JOINERS:
            run = run[:-1]
        if sum(w.lower() not in _JOINERS for w in run) >= 2:
            found.append(" ".join(run).lower())
    return list(dict.fromkeys(found))


def last_name(text: str) -> str | None:
    """The last name (`names`) written in `text`; None when there is none."""
    found = names(text)
    return found[-1] if found else None


def with_antecedent(text: str, phrase: str) -> str:
    """`phrase` (the request as the query writer keeps it, lowercased) with its first pronoun
    replaced by the last name written before that pronoun in `text`; `phrase` otherwise."""
    tokens = phrase.split()
    at = next((i for i, t in enumerate(tokens) if t in PRONOUNS), None)
    if at is None:
        return phrase
    found = list(re.finditer(rf"\b{tokens[at]}\b", text, re.IGNORECASE))
    name = last_name(text[: found[-1].start()]) if found else None
    if name is None or name in phrase:
        return phrase
    return " ".join([*tokens[:at], name, *tokens[at + 1 :]])


def with_names(text: str, phrase: str) -> str:
    """`phrase` with a pronoun resolved (`with_antecedent`) and the other names written in
    `text` but not in the phrase added at its end: "My father served in the Army Air Forces
    ... I'd love to see pictures of Black airmen or pilots" keeps "army air forces", which
    says where in the catalog to look."""
    phrase = with_antecedent(text, phrase)
    missing = [n for n in names(text) if n not in phrase]
    return " ".join([phrase, *missing]) if phrase and missing else phrase
