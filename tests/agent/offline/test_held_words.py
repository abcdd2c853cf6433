"""The words of a pointing-back count that the shown records hold."""

from __future__ import annotations

from discovery.agent.offline.held_words import held_subject

NAACP = [f"NAACP meeting in hall {i}\nPhotographic negative.\nTeenie Harris" for i in range(6)]
HILTON = [
    "Banquet at the Hilton Hotel ballroom\nPhotographic negative.\nTeenie Harris",
    *(f"Hotel lobby with guests {i}\nPhotographic negative.\nTeenie Harris" for i in range(5)),
]
BRIDGES = [
    *(f"Bridge; [elevation, plan] {i}\nInk on linen.\nAllegheny Bridge Co." for i in range(4)),
    *(f"School; [plan] {i}\nInk on linen.\nHarris Engineering Co." for i in range(3)),
    *(f"House; [section] {i}\nPencil on paper.\nunknown American" for i in range(3)),
]


def test_words_most_shown_records_lack_go() -> None:
    assert held_subject("naacp gatherings", NAACP) == "naacp"


def test_a_name_the_records_write_stays() -> None:
    assert held_subject("hilton hotel", HILTON) == "hilton hotel"


def test_a_name_goes_when_a_word_more_records_hold_goes() -> None:
    """A few records name an engineering firm; more of them are the bridges asked about."""
    assert held_subject("engineering bridge", BRIDGES) == "bridge"


def test_one_word_or_a_quoted_phrase_is_kept_as_it_is() -> None:
    assert held_subject("gatherings", NAACP) == "gatherings"
    assert held_subject('"women\'s clubs" meeting', NAACP) == '"women\'s clubs" meeting'
