"""The intent registry is data: the shipped file loads, and unknown or duplicated ids are clear
errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from discovery.intents import IntentRegistry, UnknownIntentError
from discovery.settings import Settings


def test_the_shipped_registry_has_the_consoles_intents() -> None:
    registry = IntentRegistry.load(Settings().discovery_intents_file)
    assert len(registry.intents) == 16
    executable = [i for i in registry.intents if i.executable]
    assert len(executable) == 13
    add = registry.get("governance.membership.add")
    assert add.required_skills == ["governance_and_trust/membership/add_member"]
    assert add.label and add.description.endswith(".")
    for skill_less in ("trust.association", "trust.membership", "trust.delegation"):
        assert registry.get(skill_less).required_skills == []
    assert all(s.startswith("governance_and_trust/") for i in executable for s in i.required_skills)


def test_an_unknown_intent_names_the_known_ones() -> None:
    registry = IntentRegistry.load(Settings().discovery_intents_file)
    with pytest.raises(UnknownIntentError) as caught:
        registry.get("governance.membership.invite")
    assert "governance.membership.add" in str(caught.value)
    assert "trust.feedback" in str(caught.value)


def test_duplicated_ids_are_refused(tmp_path: Path) -> None:
    entry = '[[intents]]\nid = "x"\nlabel = "X"\ndescription = "Does x."\n'
    (tmp_path / "intents.toml").write_text(entry * 2)
    with pytest.raises(ValueError, match="more than once"):
        IntentRegistry.load(tmp_path / "intents.toml")
