"""`model_spelling.py`: the model's vocabulary as the corrector's last resort (pure)."""

from __future__ import annotations

from discovery.embeddings.local import model_word_ranks
from discovery.search.model_spelling import MAX_RANK, ModelVocabulary

RANKS = {
    "finger": 4344, "finer": 26954, "agreement": 3820, "halloween": 14414, "pupils": 7391,
    "trolls": 14000, "pageant": 12438, "patents": 13979, "restraint": 19355, "sure": 2000,
    "books": 3000,
}  # fmt: skip


def test_the_commonest_word_at_the_fewest_edits() -> None:
    vocab = ModelVocabulary(RANKS)
    assert vocab.correct("fingr", 1) == "finger"  # "finer" is rarer
    assert vocab.correct("agreemnt", 2) == "agreement"
    assert vocab.correct("haloween", 2) == "halloween"


def test_a_nouns_plural_is_a_word_and_the_rarer_half_is_not_reached() -> None:
    vocab = ModelVocabulary(RANKS)
    assert vocab.correct("pagents", 1) == "pageants"  # one letter left out of the plural
    assert vocab.correct("restraunt", 2) is None  # "restraint" is past MAX_RANK
    assert RANKS["restraint"] > MAX_RANK
    assert vocab.correct("sures", 1) is None  # no plural of an adjective


def test_far_keys_added_letters_and_known_words_are_no_typos() -> None:
    vocab = ModelVocabulary(RANKS)
    assert vocab.correct("pupies", 1) is None  # "pupils": l is far from e
    assert vocab.correct("trollys", 1) is None  # a "y" added to "trolls"
    assert vocab.correct("bookss", 1) == "books"  # a doubled letter is a slip
    assert vocab.correct("finer", 1) is None  # a word of the vocabulary itself
    assert vocab.correct("fing", 1) is None  # too short


def test_the_packaged_models_vocabulary_orders_common_words_first() -> None:
    ranks = model_word_ranks()
    assert ranks["there"] < ranks["finger"] < ranks["halloween"]
    assert ModelVocabulary(ranks).correct("agreemnt", 2) == "agreement"
