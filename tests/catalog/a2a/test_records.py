"""Reading agent files: registrations and cards merged, skill ids filtered by prefix (the rest
reported), identities, the text embedded, and bad records reported by line."""

from __future__ import annotations

from pathlib import Path

from discovery.catalog.a2a.read import read_agent_rows
from discovery.catalog.a2a.records import AgentRecord
from discovery.catalog.records import RowError

FIXTURE = Path(__file__).parents[2] / "fixtures" / "agents_mixed.jsonl"
PREFIXES = ("governance_and_trust/",)


def _read() -> tuple[dict[str, AgentRecord], list[RowError]]:
    agents, errors = {}, []
    for _, row in read_agent_rows(FIXTURE, PREFIXES):
        if isinstance(row, RowError):
            errors.append(row)
        else:
            agents[row.item.id] = row
    return agents, errors


def test_every_shape_becomes_an_agent_and_bad_records_are_reported_by_line() -> None:
    agents, errors = _read()
    assert len(agents) == 9
    assert [e.line for e in errors] == [9, 10, 11, 13]
    assert "no name" in errors[0].message and "JSON object" in errors[1].message
    assert "no card URL" in errors[2].message and "invalid JSON" in errors[3].message


def test_only_prefixed_skill_ids_are_indexed_and_the_rest_are_reported() -> None:
    agents, _ = _read()
    roster = agents["agent:1:7"]
    assert roster.item.metadata["a2aSkills"] == [
        "governance_and_trust/membership/remove_member",
        "governance_and_trust/membership/verify_membership",
    ]
    assert roster.ignored_skills == ["trust.validate.name", "removeMember"]
    assert any("outside the indexed prefixes" in n for n in roster.notes)
    assert agents["agent:8453:300"].item.metadata["a2aSkills"] == []


def test_a_registration_and_its_card_merge_and_their_agreement_is_recorded() -> None:
    agents, _ = _read()
    desk = agents["agent:84532:12"]
    assert desk.card_url == "https://delegatedesk.test/.well-known/agent-card.json"
    assert desk.skills_agree is True and desk.card is not None
    assert desk.item.metadata["provider"] == "Desk Labs"
    text = desk.item.embedding_text
    assert text.startswith("DelegateDesk. Manages delegations of voting power")
    assert "Revoke delegation: Revoke a delegation of voting power" in text
    assert text.endswith(
        "Skills: governance_and_trust/delegation/add_delegation, "
        "governance_and_trust/delegation/revoke_delegation"
    )
    bridge = agents["agent:137:55"]
    assert bridge.skills_agree is False  # the card adds leave_alliance
    assert len(bridge.item.metadata["a2aSkills"]) == 2
    assert any("pricing" in n for n in bridge.notes)


def test_card_only_agents_are_keyed_by_url_and_name() -> None:
    agents, _ = _read()
    url = "https://verity.example.com/jsonrpc"
    assert {f"{url}#Verity Validator", f"{url}#Verity Feedback"} <= set(agents)
    validator = agents[f"{url}#Verity Validator"]
    assert validator.chain_id is None and validator.card_url is None
    assert validator.item.metadata["inputModes"] == ["text/plain", "application/octet-stream"]
