"""Reading agent files: JSON Lines, a JSON array, or a folder of them (optionally gzipped), each
record a registration, an agent card, or a registration with its card embedded. A record that
cannot be read is reported by file and line (or element) and skipped; reading goes on.

An embedded card (`_card`, or `agentCard`) is read as if fetched from the registration's card
URL: how a registry export, or the synthetic evaluation registry, ships cards without a network.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from discovery.catalog.a2a.cards import _text, parse_card
from discovery.catalog.a2a.records import AgentInvalid, AgentRecord, agent_record
from discovery.catalog.a2a.registrations import is_registration, parse_registration
from discovery.catalog.records import ROW_FAULTS, RowError, row_problem
from discovery.catalog.sources import Problem, json_document, json_objects

EMBEDDED_CARD_KEYS = ("_card", "agentCard")
CARD_URL_KEYS = ("cardUrl", "card_url", "agentCardUrl")
AGENT_SUFFIXES = (".jsonl", ".ndjson", ".json")


def read_agent_rows(
    path: Path, prefixes: tuple[str, ...]
) -> Iterator[tuple[int, AgentRecord | RowError]]:
    """`(line or element, agent or error)` for every record of the file."""
    source = str(path)
    for line, raw in _raw_records(path):
        if isinstance(raw, Problem):
            yield line, RowError(source, line, raw.message)
            continue
        try:
            yield line, record_from(raw, prefixes)
        except ROW_FAULTS as exc:  # CardInvalid, AgentInvalid, CatalogItem's checks, ...
            yield line, RowError(source, line, row_problem(exc))


def record_from(raw: Any, prefixes: tuple[str, ...]) -> AgentRecord:
    """One raw record as an agent: a registration (with its embedded card, if any) or a card."""
    if not isinstance(raw, dict):
        raise AgentInvalid(f"expected a JSON object, got {type(raw).__name__}")
    if is_registration(raw):
        registration, notes = parse_registration(raw)
        embedded = next((raw[k] for k in EMBEDDED_CARD_KEYS if isinstance(raw.get(k), dict)), None)
        if embedded is None:
            return agent_record(registration, None, prefixes, notes=notes)
        card, card_notes = parse_card(embedded)
        return agent_record(
            registration, card, prefixes, raw_card=embedded, notes=notes + card_notes
        )
    card, notes = parse_card(raw)
    card_url = next((u for k in CARD_URL_KEYS if (u := _text(raw.get(k)))), None)
    return agent_record(None, card, prefixes, raw_card=raw, card_url=card_url, notes=notes)


def _raw_records(path: Path) -> Iterator[tuple[int, Any]]:
    """(line or element number, the parsed record, or a `Problem`) of a JSON Lines file or a
    JSON document (an array of records, or one record)."""
    if not path.name.lower().removesuffix(".gz").endswith(".json"):
        yield from json_objects(path)
        return
    document = json_document(path)
    if isinstance(document, Problem):
        yield 1, document
        return
    records = document if isinstance(document, list) else [document]
    yield from enumerate(records, start=1)
