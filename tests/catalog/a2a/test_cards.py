"""Agent cards are read leniently: what can be understood is kept, what cannot is noted."""

from __future__ import annotations

import pytest

from discovery.catalog.a2a.cards import CardInvalid, parse_card
from discovery.catalog.a2a.registrations import is_registration, parse_registration


def test_a_well_formed_card_reads_whole() -> None:
    card, notes = parse_card({
        "name": "DelegateDesk", "description": "Delegate voting power.", "url": "https://d.ai/a2a",
        "version": "1.2.0", "protocolVersion": "0.3.0", "provider": {"organization": "Desk"},
        "capabilities": {"streaming": True}, "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["application/json"],
        "skills": [{"id": "a/b", "name": "B", "description": "Does b.", "tags": ["x"],
                    "examples": ["do b"]}],
    })  # fmt: skip
    assert notes == []
    assert (card.url, card.protocol_version, card.provider) == ("https://d.ai/a2a", "0.3.0", "Desk")
    assert card.skills[0].tags == ["x"] and card.skills[0].examples == ["do b"]


def test_deviations_seen_in_the_wild_are_repaired_and_noted() -> None:
    card, notes = parse_card({
        "name": "Verity", "supportedInterfaces": [
            {"url": "https://v.example/jsonrpc", "protocolBinding": "JSONRPC",
             "protocolVersion": "1.0"}],
        "defaultInputModes": ["text", "file", "telepathy"], "defaultOutputModes": "json",
        "capabilities": ["streaming"], "version": 2,
        "skills": [{"name": "Validate Name", "tags": "trust, names"}, 7, {"description": "?"}],
        "pricing": {"perCall": 1}, "tags": ["x"],
    })  # fmt: skip
    assert card.url == "https://v.example/jsonrpc" and card.protocol_version == "1.0"
    assert card.input_modes == ["text/plain", "application/octet-stream", "telepathy"]
    assert card.output_modes == ["application/json"]
    assert card.capabilities == {"streaming": True} and card.version == "2"
    assert [(s.id, s.tags) for s in card.skills] == [("validate_name", ["trust", "names"])]
    joined = " | ".join(notes)
    for expected in ("supportedInterfaces url", "telepathy", "capabilities is a list",
                     "skill 2 is not an object", "skill 3 has neither id nor name",
                     "ignored fields: pricing, tags"):  # fmt: skip
        assert expected in joined


def test_a_card_without_protocol_version_or_absolute_url_is_kept_and_noted() -> None:
    card, notes = parse_card({"name": "Local", "url": "/a2a", "skills": []})
    assert card.url == "/a2a"
    assert any("no protocolVersion" in n for n in notes)
    assert any("not absolute" in n for n in notes)


@pytest.mark.parametrize("raw", [["a list"], "text", {"description": "no name"}])
def test_what_cannot_be_a_card_is_refused(raw: object) -> None:
    with pytest.raises(CardInvalid):
        parse_card(raw)


def test_a_registration_finds_its_a2a_endpoint_and_card_url() -> None:
    raw = {"chainId": 8453, "agentId": "12", "name": "X", "services": [
        {"name": "ENS", "endpoint": "x.eth"},
        {"name": "a2a", "endpoint": "https://x.ai/.well-known/agent-card.json",
         "a2aSkills": "governance_and_trust/membership/add_member"}]}  # fmt: skip
    assert is_registration(raw)
    registration, notes = parse_registration(raw)
    assert (registration.chain_id, registration.agent_id) == ("8453", "12")
    assert registration.card_url == "https://x.ai/.well-known/agent-card.json"
    assert registration.a2a is not None
    assert registration.a2a.skills == ["governance_and_trust/membership/add_member"]
    assert notes == ["read `services` as endpoints"]


def test_a_registration_whose_endpoint_is_no_card_has_no_card_url() -> None:
    registration, _ = parse_registration(
        {"chainId": 1, "agentId": 2, "endpoints": [{"name": "A2A", "endpoint": "https://x/a2a"}]}
    )
    assert registration.card_url is None
    legacy, _ = parse_registration(
        {"chainId": 1, "agentId": 2,
         "endpoints": [{"name": "A2A", "endpoint": "https://x/.well-known/agent.json"}]}
    )  # fmt: skip
    assert legacy.card_url == "https://x/.well-known/agent.json"
