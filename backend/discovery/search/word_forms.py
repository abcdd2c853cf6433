"""The forms a subject word of a catalog question takes in the catalog (`search/facts.py`): what
"how many boxing photos?" or "how many Japanese prints?" must count besides the word itself.

Rules of English word formation (with WordNet's lists of irregular plurals), not a thesaurus,
so they hold for any catalog:

- its singular or plural ("club" / "clubs", "boxes" / "box"; "woman" / "women", which the
  English stemmer keeps apart);
- for an activity in -ing, the person doing it ("boxing" -> "boxer", "boxers"; "dancing" ->
  "dancer"; "swimming" -> "swimmer"), the word records of that activity use for the people in
  them ("Boxers sparring in a gym");
- for a nationality, its country and back ("Japanese" -> "Japan", "Italy" -> "Italian"): a
  print's place says "Japan" where its maker is "unknown Japanese". The table is a fixed list of
  common nationalities (`DEMONYMS`).

Forms the catalog never uses add nothing (they match no term). Which of these a count used is
part of what `archive_facts` returns (`matched_words` holds the words as asked).
"""

from __future__ import annotations

from discovery.search import synonyms as thesaurus

# nationality -> country (or region): the common ones, both ways.
DEMONYMS: dict[str, str] = {
    "american": "america", "african": "africa", "asian": "asia", "european": "europe",
    "japanese": "japan", "chinese": "china", "korean": "korea", "indian": "india",
    "french": "france", "italian": "italy", "german": "germany", "spanish": "spain",
    "english": "england", "british": "britain", "irish": "ireland", "scottish": "scotland",
    "dutch": "netherlands", "flemish": "flanders", "belgian": "belgium", "swiss": "switzerland",
    "austrian": "austria", "hungarian": "hungary", "russian": "russia", "greek": "greece",
    "roman": "rome", "egyptian": "egypt", "persian": "persia", "turkish": "turkey",
    "mexican": "mexico", "canadian": "canada", "brazilian": "brazil", "peruvian": "peru",
    "cuban": "cuba", "haitian": "haiti", "jamaican": "jamaica", "swedish": "sweden",
    "norwegian": "norway", "danish": "denmark", "finnish": "finland", "polish": "poland",
    "portuguese": "portugal", "israeli": "israel", "tibetan": "tibet", "thai": "thailand",
    "vietnamese": "vietnam", "indonesian": "indonesia", "nigerian": "nigeria",
    "ethiopian": "ethiopia", "ghanaian": "ghana", "kenyan": "kenya", "australian": "australia",
}  # fmt: skip
_COUNTRIES = {country: people for people, country in DEMONYMS.items()}
# Words in -ing that name a thing or a time, not an activity with a doer.
_THINGS_IN_ING = frozenset(
    """
    building buildings ceiling clothing painting drawing etching morning evening wedding awning
    railing dwelling stocking pudding icing bedding lightning sibling offering landing opening
    ending beginning meeting setting ring king thing string spring wing during nothing
    something anything everything
    """.split()
)


def number_forms(word: str) -> list[str]:
    """The word and its other number: "club" -> "clubs", "clubs" -> "club"; an irregular one
    too, as WordNet's lists give it ("woman" -> "women", "firemen" -> "fireman", "children" ->
    "child": the English stemmer keeps those apart)."""
    regular = [word, word[:-1] if word.endswith("s") else word + "s"]
    return list(dict.fromkeys([*regular, *_irregular_number(word)]))


def _irregular_number(word: str) -> list[str]:
    """The other number of `word` when it is not made with an -s: WordNet's singular of a
    plural ("mice" -> "mouse", "women" -> "woman") and its plural of a singular ("woman" ->
    "women"); never a form in -ves ("leaves": the stemmer's "leav" is also "leave")."""
    if not word.isalpha():
        return []
    found = [thesaurus.singular(word)]
    if (plural := thesaurus.plural(word)) not in (word, word + "s", word + "es"):
        found.append(plural)
    return [f for f in found if f and f != word and not f.endswith("ves")]


def agent_nouns(word: str) -> list[str]:
    """For an activity in -ing, who does it: "boxing" -> "boxer", "boxers"; none otherwise."""
    if not word.endswith("ing") or len(word) < 6 or word in _THINGS_IN_ING:
        return []
    root = word[:-3]  # "danc" + "er": "dancer"; "swimm" + "er": "swimmer"
    return [root + "er", root + "ers"]


def forms(word: str) -> list[str]:
    """Every form of `word` a catalog record may use for it (the word first)."""
    w = word.lower()
    found = number_forms(w) + agent_nouns(w)
    if related := DEMONYMS.get(w) or _COUNTRIES.get(w):
        found += number_forms(related)[:1]
    return list(dict.fromkeys(found))


def surface_forms(word: str) -> list[str]:
    """The forms a record must spell out, for a word the English stemmer confuses with another
    ("boxing" and "box" are one index term, "box"): an activity in -ing and its doers. Empty
    for any other word (the index term is enough)."""
    w = word.lower()
    return [w, *agent_nouns(w)] if agent_nouns(w) else []
