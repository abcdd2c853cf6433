"""A looser reading of a pointer at a shown record, for a thread that has shown records and a
turn the phrase patterns of `references.py` do not read (a heuristic stand-in for an LLM).

The patterns name whole phrases ("the second to last one", "closes out the list"); people keep
finding new ones ("the sixth tiara photo, anything else along those lines?", "whatever print
brings up the rear"). This reader works word by word instead:

- a place in the list: an ordinal ("sixth", "6th"), a word of the list's start ("top",
  "opening", "leads") or of its end ("last", "bottommost", "closes"), turned by the words
  around it ("third from the bottom" = -3, "just above the final one" = -2, "right after the
  top one" = 2), or a number after a noun for a record ("photo two", "shot #4");
- the place must be said of a record: a singular noun for one ("picture", "one", "shot",
  "print") or for the list ("list", "batch") near it, not a plural ("the first photographs of
  ...") or a word that makes a name of it ("first communion", "last supper", "top hat");
- a question about the record when the turn asks one (`DESCRIBE_RE`), otherwise more like it:
  a pointer at one shown record asks for its like whatever verb says so.

The planner and the router ask it (`read_reference`) only when records were shown and never
for a question of the catalog ("how many ..."): after the phrase patterns found nothing, found
only "like it", or found a place that the words around it turn ("the drawing right above the
bottom one", which the patterns read as the bottom one).
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from discovery.agent.offline import reference_patterns as rp
from discovery.agent.offline.questions import parse_question
from discovery.agent.offline.references import Reference, parse_reference

# Words of the list's start and end: plain ones ("first", "bottommost") and ones that are also
# everyday words ("top", "opening", "leads", "end"), which count only in a frame (`_framed`)
FIRST = frozenset("first topmost uppermost".split())
LAST = frozenset("last final bottommost penultimate".split())
START = FIRST | frozenset(
    "top opening opener lead leads leading head heads heading tops topping starts starting "
    "start beginning begins initial front started opened began led".split()
)
END = LAST | frozenset(
    "bottom lowest closing closes closer end ends ending finishes finishing concluding "
    "concludes tail rear wraps foot ended closed finished wrapped".split()
)
# "just above the final one", "one up from the bottom", "right before the last": one back
BEFORE = frozenset("before above ahead preceding prior".split())
# "right after the top one", "just below the first": one on
AFTER = frozenset("after below beneath under following behind down".split())
# Singular nouns for a shown record, and for the list it sits in
# (the phrase patterns' nouns and more: a word alone is no pointer here, only with a place)
RECORD = frozenset(rp.NOUN_WORDS) | frozenset(
    "sketch snap snapshot frame card poster plate portrait view scene work artwork negative "
    "slide still film video clip map listing hit".split()
)
# Words after a place's number: "in second place", "the two spot"
SPOTS = frozenset("place spot slot position".split())
# Words before it: "in slot two", "at position 3", "number five"
PLACES = frozenset("number slot position spot".split())
LISTED = frozenset(rp.LIST_WORDS) | {"line"}
# Words after an ordinal or a place word that make a name of it, not a place in the list
NAMES = frozenset(
    "century centuries half time times decade world war day days year years lady ladies "
    "communion aid class prize base grade place hat hats supper rites light lights "
    "street avenue ward baptist presbyterian methodist church national bank round quarter "
    "mate sergeant lieutenant person name names minute minutes stop dance dances "
    "string act acts edition birthday anniversary".split()
)
_NOUN_RE = re.compile(rf"\b(?:{'|'.join(sorted(RECORD))})\b", re.I)
MONTHS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
# "the Teamsters casket, ...", "and the Ammon Center one there: ...": a noun phrase set apart
_SET_APART_RE = re.compile(
    r"\s*(?:(?:and|so|ok|okay|now|then)\b[\s,]*)?(?:the|that|this)\s+"
    r"(?P<about>(?:(?!(?:one|there|here)\b)[\w'-]+\s+){0,3}?[\w'-]+)"
    r"(?:\s+(?:one|there|here))*\s*[,:;\u2013\u2014-]\s",
    re.I,
)
_NOT_A_NAME = frozenset(
    "is are was were be been not it its i you we they he she a an of to and or but do does did "
    "have has had will would can could should".split()
)
# ... taken up again: "could pass for it", "its near twins", "like that one", "looks like that"
_TAKEN_UP_RE = re.compile(r"\b(?:it|its|it's|(?:that|this)\s+one|like\s+(?:that|this))\b", re.I)
_TOKEN = re.compile(r"#?\d+(?:st|nd|rd|th|s)?\b|[a-z][a-z']*", re.I)
_NTH = re.compile(r"\d{1,3}(?:st|nd|rd|th)")
_NOT_PLURAL = LISTED | START | END | frozenset("was is has does this its his us yes".split())
_LINKS = frozenset("the that this of in on at from to".split())
WINDOW = 4  # words between a place word and the words that turn it ("just above the final")
CLAUSE = 7  # words between a place word and the noun it is said of, in its clause


def read_reference(text: str, anything_shown: bool) -> Reference | None:
    """The phrase patterns' reading of a pointer, else, when the thread has shown records and
    the turn asks no question of the catalog ("how many ..."), this looser one; also when the
    patterns read only "like it" (the record just talked about) and the turn names a place, or
    read a place the words around it turn ("right above the bottom one": not the bottom one)."""
    ref = parse_reference(text)
    if not anything_shown or parse_question(text) is not None:
        return ref
    if ref is not None and not ref.demonstrative:
        loose = loose_reference(text) if ref.position is not None else None
        if loose is not None and loose.turned and loose.position != ref.position:
            return replace(ref, position=loose.position)  # "the one right above the bottom one"
        return ref
    # "whatever print brings up the rear, more like it": a place said in the turn, not "it"
    return loose_reference(text) or ref


def loose_reference(text: str) -> Reference | None:
    """The shown record this turn points at by its place in the list, read word by word, or
    None. Whether it asks about the record or for more like it follows the turn's question."""
    found = list(_TOKEN.finditer(text))
    tokens = [m.group(0).lower() for m in found]
    # a clause ends after the word: "the 3rd, but only photographs", "more like the second"
    ends = [not text[m.end() :].strip() or text[m.end()] in ",.;:?!" for m in found]
    asks = bool(rp.SIMILAR_RE.search(text) or rp.DESCRIBE_RE.search(text))
    describe = bool(rp.DESCRIBE_RE.search(text)) and not rp.SIMILAR_RE.search(text)
    if (placed := _place(tokens, ends, asks)) is None:
        return _set_apart(text, describe)
    position, turned = placed
    rest = " ".join(_NOUN_RE.sub(" ", text).split())  # "only drawings like it" narrows
    return Reference(position, describe=describe, rest=rest, turned=turned)


def _set_apart(text: str, describe: bool) -> Reference | None:
    """A record named by words of its title, set apart at the turn's start and taken up again
    by a pronoun: "the Teamsters casket, I want pictures that could pass for it". A guess, as
    the phrase patterns' "the one with ...": a shown record holding the words, or none. Set
    apart by a place and its subject ("the closing elevation, only drawings like it", "the lead
    spoon: what else looks like that?"), it is that place in the subject's list."""
    if (m := _SET_APART_RE.match(text)) is None or not _TAKEN_UP_RE.search(text, m.end()):
        return None
    said = m.group("about").lower().split()
    about = " ".join(w for w in m.group("about").split() if w.lower() not in RECORD)
    if not about or _NOT_A_NAME & set(said):  # "that is not true, it's false"
        return None
    rest = text[m.end() :].strip()
    if (n := _ordinal(said[0])) is not None or said[0] in START | END:
        listed = " ".join(w for w in said[1:] if w not in RECORD) or None
        position = n if n is not None else rp.ORDINALS.get(said[0], 1 if said[0] in START else -1)
        return Reference(position, describe=describe, rest=rest, list_about=listed)
    return Reference(about=about, describe=describe, rest=rest, guessed=True)


def _place(tokens: list[str], ends: list[bool], asks: bool) -> tuple[int, bool] | None:
    """The first place word said of a record, and whether words around it turned it ("third
    from the bottom", "just above the last"); a bare one ("the third") only in a turn that asks
    for a likeness or about a record, or ending its clause or followed by "of"."""
    for i, token in enumerate(tokens):
        if (n := _number_after_noun(tokens, i)) is not None:
            return n, False
        n = _ordinal(token) or _runner_up(tokens, i)
        spot = i > 0 and tokens[i - 1] in ("in", "at", "the") and _next(tokens, i) in SPOTS
        if spot and (n or (n := _count(token))):
            return n, False  # "the desk shot in second place", "the altar shot in the two spot"
        plain = n is not None or token in FIRST | LAST
        if not plain and token not in START and token not in END:
            continue
        if not _free(tokens, ends, i):
            continue
        said = _near_a_record(tokens, ends, i) or _counted_back(tokens, i)
        bare = _pointed(tokens, i) and (asks or ends[i] or tokens[i + 1 : i + 2] == ["of"])
        if plain and not (said or bare):
            continue
        if not plain and not (said and _framed(tokens, ends, i)):
            continue
        if n is not None:
            back = _counted_back(tokens, i)
            return (-n if back else n), back
        position = _first_or_last(tokens, i)
        return position, abs(position) == 2
    return None


def _first_or_last(tokens: list[str], i: int) -> int:
    """1 or -1, turned by the words around: "just above the final one", "next to last", "the
    last but one" = -2; "the last but two" = -3; "right after the top one" = 2."""
    before = set(tokens[max(0, i - WINDOW) : i])
    if tokens[i] == "penultimate":
        return -2
    if (
        _next(tokens, i) == "but"
        and tokens[i] in LAST
        and (n := _count(_next(tokens, i + 1), True))
    ):
        return -(n + 1)
    if tokens[i] in END:
        near = " ".join(tokens[max(0, i - 3) : i])
        back = BEFORE & before or near.endswith(("next to", "up from the", "up from"))
        return -2 if back else -1  # not "brings up the rear"
    return 2 if AFTER & before else 1


def _pointed(tokens: list[str], i: int) -> bool:
    """A plain place word said as a pointer: "the third", "its 2nd", "the very last"."""
    before = [w for w in tokens[max(0, i - 2) : i] if w != "very"]
    return bool(before) and before[-1] in ("the", "that", "this", "its")


def _ordinal(token: str) -> int | None:
    if token in rp.ORDINALS and token not in START and token not in END:
        return rp.ORDINALS[token]
    if _NTH.fullmatch(token):
        return int(re.sub(r"\D", "", token))
    return None


def _runner_up(tokens: list[str], i: int) -> int | None:
    """'the runner-up': the second."""
    return 2 if tokens[i] == "runner" and tokens[i + 1 : i + 2] == ["up"] else None


def _counted_back(tokens: list[str], i: int) -> bool:
    """'third from the bottom', 'second to last', 'fourth counting from the end', 'the second
    last one'."""
    after = tokens[i + 1 : i + 1 + WINDOW + 1]
    if after[:1] and after[0] in LAST:
        return True
    for j, word in enumerate(after):
        if word in ("from", "to", "counting", "up") and any(w in END for w in after[j + 1 :]):
            return True
    return False


def _free(tokens: list[str], ends: list[bool], i: int) -> bool:
    """No plural noun, number or name-making word right after the place word, no "a" before it
    and no month near it: not "the first photographs", "the last supper", "the last 24 hours",
    "wait a second", "june 5th"."""
    nxt = tokens[i + 1] if i + 1 < len(tokens) and not ends[i] else ""
    before = tokens[i - 1] if i else ""
    counted = nxt.isdigit() or nxt in rp.NUMBER_WORDS.keys() - {"one"} or nxt in ("few", "couple")
    dated = MONTHS & set(tokens[max(0, i - 2) : i + 3])  # "june 5th", "the 13th of may"
    # "the first list", "the first mayor list"; not "leads the list", "second in line"
    word, after = tokens[i + 1 : i + 2], tokens[i + 2 : i + 3]
    listed = LISTED & {nxt, *(after if word and word[0] not in _LINKS else [])}
    return not (nxt in NAMES or listed or _plural(nxt) or counted or before in ("a", "an") or dated)


def _near_a_record(tokens: list[str], ends: list[bool], i: int) -> bool:
    """A singular noun for a record, or a noun for the list, in the place word's clause ("the
    streetcar image that brings up the rear: ...")."""
    start = i
    while start > 0 and i - start < CLAUSE and not ends[start - 1]:
        start -= 1
    stop = i
    while stop + 1 < len(tokens) and stop - i < CLAUSE and not ends[stop]:
        stop += 1
    return any(w in RECORD or w in LISTED for w in tokens[start : stop + 1])


def _framed(tokens: list[str], ends: list[bool], i: int) -> bool:
    """A word that is also an everyday word ("top", "opening", "leads") counts as a place when
    the list is named near it ("leads the list", "at the bottom of that batch"), or when it
    stands as a place: "at the top", "the opening picture", "the tail one" (not "the opening
    of the bridge")."""
    near = tokens[max(0, i - WINDOW) : i + 1 + WINDOW]
    if any(w in LISTED and v in ("the", "that", "this") for v, w in pairwise(near)):
        return True  # "leads the list", "the bottom of that batch"
    before = tokens[i - 1] if i else ""
    after = tokens[i + 1 : i + 4]
    led = " ".join(tokens[max(0, i - 3) : i])  # "at the top", "one up from the bottom"
    if before in ("you", "we") or re.search(r"\b(?:at|on|from|to) the(?: very)?$", led):
        return True  # "the one you ended on", "the barn picture you opened with"
    if before in ("the", "that", "this", "very") and "of" not in after[:1]:
        # "the opening picture", "the tail one", "whatever print brings up the rear"
        return ends[i] or any(w in RECORD for w in after)
    return False


def _plural(word: str) -> bool:
    """A plural noun after the place word: "the first photos", "the leading companies"."""
    if re.fullmatch(r"\d+s|\w+ties", word) or word in _NOT_PLURAL:
        return False  # "the second forties look-alike", "1950s", "leads the list"
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss")


def _number_after_noun(tokens: list[str], i: int) -> int | None:
    """'photo two', 'shot #4', 'picture number 3', '#5', 'number five'."""
    token = tokens[i]
    if token.startswith("#") and token[1:].isdigit():
        return _count(token[1:])
    if token not in RECORD - {"one"} and token not in PLACES:
        return None
    numbered = _next(tokens, i) in ("number", "no") and token not in PLACES  # "photo number 3"
    word = _next(tokens, i + 1 if numbered else i)
    return _count(word.lstrip("#"), one=numbered or token in PLACES) if word else None


def _next(tokens: list[str], i: int) -> str:
    return tokens[i + 1] if i + 1 < len(tokens) else ""


def _count(word: str, one: bool = False) -> int | None:
    """A number word or a number; "one" only after "number" ("photo number one")."""
    if word in rp.NUMBER_WORDS and (word != "one" or one):
        return rp.NUMBER_WORDS[word]
    return int(word) if word.isdigit() and 0 < int(word) <= 100 else None
