"""The table of countries and their adjectives (`config/places.toml`, `search/place_names.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from discovery.search.place_names import load_places, place_rows


def test_packaged_table_loads_with_names_and_adjectives() -> None:
    places = {p.name: p for p in load_places()}
    nl = places["the Netherlands"]
    assert nl.names == ("the Netherlands", "Holland") and "Dutch" in nl.adjectives
    assert {"Britain", "England"} <= set(places["the United Kingdom"].names)
    assert "English" in places["the United Kingdom"].adjectives
    assert "American" in places["the United States"].forms
    assert "Japanese" in places["Japan"].forms


def test_rows_leave_out_a_leading_the() -> None:
    rows = place_rows(load_places())
    assert ("the Netherlands", "Netherlands", True) in rows
    assert ("the Netherlands", "Holland", True) in rows
    assert ("the Netherlands", "Dutch", False) in rows
    assert not any(form.lower().startswith("the ") for _, form, _ in rows)


def test_a_form_belongs_to_one_place(tmp_path: Path) -> None:
    path = tmp_path / "places.toml"
    path.write_text(
        '[[place]]\nname = "Austria"\nadjectives = ["Austrian"]\n'
        '[[place]]\nname = "Australia"\nadjectives = ["Austrian"]\n'
    )
    with pytest.raises(ValueError, match="belongs to both"):
        load_places(path)


def test_a_place_needs_a_name(tmp_path: Path) -> None:
    path = tmp_path / "places.toml"
    path.write_text('[[place]]\nadjectives = ["Nowhere"]\n')
    with pytest.raises(ValueError, match="without a name"):
        load_places(path)
