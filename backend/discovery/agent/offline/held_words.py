"""The words of a pointing-back count that the shown records hold (a heuristic of the offline
planner, documented as such).

"How many in total?" after a search for "NAACP gatherings" asks about records like the ones on
screen. Requiring every word of the earlier request counts the records that hold "gatherings"
too (2), while the screen shows NAACP meetings that never use the word (16 in the catalog). So
a subject word stays only when at least half of the shown records hold it (their title,
description or creator), or when the records write it as a name (capitalized inside a text:
"Hilton" of "hilton hotel" is what the question is about, even where few shown records are at
the Hilton), unless the question names other words of the search and not this one ("those dog
photos" after "folks with their dogs": the "Old Folks" of a shown title keeps nothing); when
none is held that widely, the most held one stays. A word that most of the
shown records hold in their maker's name ("Harris photos of people kneeling") says who made
them, not what they show: it goes, unless it is the only word (a nationality in parentheses or
an "unknown Italian, Naples" says where they come from, and stays). A quoted phrase ("women's
clubs") is kept as it is: a record must hold it as written."""

from __future__ import annotations

import re
from collections.abc import Sequence

from discovery.agent.offline.terms import stem, stems
from discovery.search import word_forms

# capitalized, not opening a line (the shown texts: one line per field)
_NAME_RE = re.compile(r"(?<=[ (\"'])[A-Z][\w'-]*")


def holds(record_stems: set[str], word: str) -> bool:
    """Whether a record (its stems) holds `word` in any of its forms ("America": "American")."""
    return any(stem(f) in record_stems for f in word_forms.forms(word))


def _maker_name(text: str) -> str:
    """The name in a shown text's creator line (its last line): without what it says in
    parentheses ("Utagawa Hiroshige (Japanese, 1797-1858)") and nothing of an "unknown Italian,
    Naples", which says where a thing comes from, not who made it."""
    line = text.rsplit("\n", 1)[-1]
    return "" if line.strip().lower().startswith("unknown") else re.sub(r"\([^)]*\)", " ", line)


def held_subject(topic: str, shown_texts: Sequence[str], said: Sequence[str] = ()) -> str:
    """`topic` without the words most of the shown records do not hold (`shown_texts`: one
    text per record, its title, description and creator on lines of their own). `said`: the
    words of the topic that the question names again ("those dog photos" after "folks with
    their dogs"); then only those can be kept as names ("Old Folks" in a title does not keep
    "folks")."""
    words = topic.split()
    if len(words) < 2 or not shown_texts or '"' in topic:
        return topic
    held = [stems(text) for text in shown_texts]
    names = {stem(m.group(0)) for text in shown_texts for m in _NAME_RE.finditer(text)}
    if said:
        names &= {stem(w) for w in said}
    makers = [stems(_maker_name(text)) for text in shown_texts if "\n" in text]
    made = [w for w in words if makers and 2 * sum(holds(m, w) for m in makers) >= len(makers)]
    if len(made) < len(words):  # "Harris photos of people kneeling": who made them, not a word
        words = [w for w in words if w not in made]
    counts = [sum(holds(record, w) for record in held) for w in words]
    kept = [w for w, n in zip(words, counts, strict=True) if 2 * n >= len(held) or stem(w) in names]
    if kept:
        return " ".join(kept)
    best = max(counts)
    return words[counts.index(best)] if best else topic
