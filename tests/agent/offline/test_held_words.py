"""The words of a pointing-back count that the shown records hold."""

from __future__ import annotations

from discovery.agent.offline.held_words import held_subject

NAACP = [f"NAACP meeting in hall {i}\nPhotographic negative.\nTeenie Harris" for i in range(6)]
HILTON = [
    "Banquet at the Hilton Hotel ballroom\nPhotographic negative.\nTeenie Harris",
    *(f"Hotel lobby with guests {i}\nPhotographic negative.\nTeenie Harris" for i in range(5)),
]


def test_words_most_shown_records_lack_go() -> None:
    assert held_subject("naacp gatherings", NAACP) == "naacp"


def test_a_name_the_records_write_stays() -> None:
    assert held_subject("hilton hotel", HILTON) == "hilton hotel"


def test_one_word_or_a_quoted_phrase_is_kept_as_it_is() -> None:
    assert held_subject("gatherings", NAACP) == "gatherings"
    assert held_subject('"women\'s clubs" meeting', NAACP) == '"women\'s clubs" meeting'


def test_a_word_is_held_in_any_of_its_forms() -> None:
    glass = [f"Pitcher, glass\nunknown American\n{i}" for i in range(4)]
    assert held_subject("old glass america", glass) == "glass america"  # "American" holds it


def test_a_word_most_shown_records_hold_as_their_creator_says_who_made_them() -> None:
    kneeling = [
        "Men kneeling at altar rail\nPhotographic negative.\nCharles Harris",
        *(f"Group portrait {i}\nPhotographic negative.\nCharles Harris" for i in range(4)),
    ]
    assert held_subject("harris kneeling", kneeling) == "kneeling"  # the most held word left
    assert held_subject("harris", kneeling) == "harris"  # the only word stays
    # where things come from is no maker's name: it stays
    naples = [f"Figure of a shepherd {i}\nTerracotta.\nunknown Italian, Naples" for i in range(4)]
    assert held_subject("italian figures", naples) == "italian figures"
    prints = [f"Evening snow {i}\nWoodblock print.\nUtagawa Hiroshige (Japanese)" for i in range(4)]
    assert held_subject("japanese hiroshige", prints) == "japanese"
