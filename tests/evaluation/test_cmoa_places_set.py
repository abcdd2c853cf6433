"""The cmoa-places dev set (`scripts/make_cmoa_places_set.py`, `data/eval/cmoa-places/`): its
fixed split rule, how a birth place becomes a country, how a creator is printed, and the
committed files agreeing with the builder's rules."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from types import ModuleType

import pytest

from discovery.evaluation.archive_sets import DEV_SETS, cmoa_places
from discovery.search.place_names import load_places
from discovery.settings import REPO_ROOT


@pytest.fixture(scope="module")
def builder() -> ModuleType:
    path = REPO_ROOT / "scripts" / "make_cmoa_places_set.py"
    spec = importlib.util.spec_from_file_location("make_cmoa_places_set", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_split_is_the_parity_of_a_fixed_hash(builder: ModuleType) -> None:
    # fixed before any tuning: sha256("split:" + id) even is tune, odd is report
    assert builder.split_of("places-place-0") == "tune"
    assert builder.split_of("places-place-2") == "report"
    for i in range(16):
        h = int(hashlib.sha256(f"split:places-place-{i}".encode()).hexdigest(), 16)
        assert builder.split_of(f"places-place-{i}") == ("tune" if h % 2 == 0 else "report")


def test_committed_set_follows_the_split_rule_and_loads(builder: ModuleType) -> None:
    dev = cmoa_places()
    assert "cmoa-places" in DEV_SETS
    assert len(dev.queries) == 157
    assert {q.kind for q in dev.queries} == {"class", "place", "class_place"}
    assert all(q.split == builder.split_of(q.id) for q in dev.queries)
    assert sum(q.split == "tune" for q in dev.queries) == 80


@pytest.mark.parametrize(
    ("place", "country"),
    [
        ("Philadelphia (Philadelphia county, Pennsylvania, United States)", "the United States"),
        ("Wichita, Kansas", "the United States"),
        ("Johnstown, PA", "the United States"),
        ("Batinska, Yugoslavia, present-day Croatia", "Croatia"),
        ("London (Greater London, England, United Kingdom)", "the United Kingdom"),
        ("Leyden (South Holland, Netherlands)", "the Netherlands"),
        ("Sydney, New South Wales", "Australia"),
        ("Santa Fe, New Mexico", "the United States"),
        ("Tokyo", "Japan"),
        ("Schramberg", None),
        (None, None),
    ],
)
def test_birth_place_resolves_to_its_country(
    builder: ModuleType, place: str | None, country: str | None
) -> None:
    gaz = builder.gazetteer(load_places())
    assert builder.birth_country(place, gaz) == country


def test_creator_is_printed_with_its_nationality(builder: ModuleType) -> None:
    assert builder.creator_text("Utagawa Hiroshige", "Japanese") == "Utagawa Hiroshige (Japanese)"
    assert builder.creator_text("unknown Japanese", "Japanese") == "unknown Japanese"
    assert builder.creator_text("Anon", "undetermined") == "Anon"
    assert builder.creator_text("Anon", None) == "Anon"
