"""Term helpers of the offline agent: spelling variants of a stem."""

from __future__ import annotations

from discovery.agent.offline.terms import spelling_variants


def test_spelling_variants_add_or_drop_a_vowel_beside_a_vowel() -> None:
    assert "moustach" in spelling_variants("mustach")
    assert "mustach" in spelling_variants("moustach")
    assert "colour" in spelling_variants("color") and "color" in spelling_variants("colour")
    assert "bridl" not in spelling_variants("bridal")  # the "a" has no vowel beside it
    assert spelling_variants("boat") == set()  # too short to guess from
