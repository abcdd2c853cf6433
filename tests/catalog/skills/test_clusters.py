"""Grouping and naming the tools no skill fits: pure functions, no database."""

from __future__ import annotations

import numpy as np
from tests.llm_fakes import FakeStructuredGemini

from discovery.catalog.records import CatalogItem
from discovery.catalog.skills.clusters import (
    GroupName,
    document_frequency,
    group_count,
    name_group,
    spherical_kmeans,
    words,
)
from discovery.catalog.skills.llm_namer import LLMGroupNamer, ProposedSkill
from discovery.catalog.skills.proposals import group


def _item(server: str, name: str, description: str) -> CatalogItem:
    return CatalogItem(id=f"tool:{server}::{name}", kind="tool", name=name, title=name,
                       description=description, metadata={"server": server},
                       embedding_text=f"{name}: {description}")  # fmt: skip


def _unit(rows: list[list[float]]) -> np.ndarray:
    x = np.asarray(rows, np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def test_words_drop_short_and_noise_words() -> None:
    assert words("Fetch the Qubit pulse data from an MCP server") == ["qubit", "pulse"]


def test_spherical_kmeans_separates_directions_and_is_repeatable() -> None:
    rng = np.random.default_rng(1)
    a = _unit([[1, 0, 0]] * 6) + rng.normal(0, 0.05, (6, 3)).astype(np.float32)
    b = _unit([[0, 0, 1]] * 6) + rng.normal(0, 0.05, (6, 3)).astype(np.float32)
    x = _unit(np.vstack([a, b]).tolist())
    labels = spherical_kmeans(x, 2)
    assert len(set(labels[:6])) == 1 and len(set(labels[6:])) == 1
    assert labels[0] != labels[6]
    assert spherical_kmeans(x, 2) == labels
    assert spherical_kmeans(x, 50) and max(spherical_kmeans(x, 50)) < 12
    assert spherical_kmeans(np.zeros((0, 3), np.float32), 3) == []


def test_group_count_aims_at_the_size() -> None:
    assert (group_count(0, 8), group_count(3, 8), group_count(40, 8), group_count(41, 0)) == (
        1, 1, 5, 41,
    )  # fmt: skip


def test_a_group_is_named_by_its_telling_words_and_its_main_server() -> None:
    qubits = [
        _item("Qubit Lab", "calibrate_pulse", "Calibrate the microwave pulse of a qubit"),
        _item("Qubit Lab", "read_qubit", "Read out a qubit state"),
        _item("Cryo", "cool_down", "Cool the qubit cryostat"),
    ]
    others = [_item("Weather", f"w{i}", "Weather forecast for a city") for i in range(5)]
    catalog = qubits + others
    name = name_group(qubits, document_frequency(catalog), len(catalog))
    assert name.keywords[0] == "qubit"
    assert name.name.startswith("Qubit Lab: qubit")
    assert "mostly from Qubit Lab" in name.description and "weather" not in name.keywords
    mixed = name_group([qubits[0], qubits[2], others[0]], document_frequency(catalog), 8)
    assert ":" not in mixed.name  # no server holds half of the group


def test_group_puts_uncovered_items_in_named_groups_with_confidences() -> None:
    items = [_item("A", f"a{i}", "Translate text between languages") for i in range(4)] + [
        _item("B", f"b{i}", "Resize and crop an image") for i in range(4)
    ]
    x = _unit([[1, 0.1 * i, 0] for i in range(4)] + [[0, 0.1 * i, 1] for i in range(4)])
    vectors = {item.id: v for item, v in zip(items, x, strict=True)}
    proposals = group(items, vectors, items, size=4)
    assert sorted(len(p.members) for p in proposals) == [4, 4]
    for p in proposals:
        assert len({m.metadata["server"] for m in p.members}) == 1
        assert all(0.9 < c <= 1.0 for c in p.confidences)
        assert p.name.name.startswith(p.members[0].metadata["server"] + ":")


def test_the_llm_namer_renames_and_keeps_the_offline_name_when_it_fails() -> None:
    members = [_item("Qubit Lab", "calibrate_pulse", "Calibrate the microwave pulse")]
    offline = GroupName("Qubit Lab: pulse", "Tools such as calibrate_pulse", ["pulse"])
    fake = FakeStructuredGemini([
        ProposedSkill(name=" Qubit calibration ", description="Tune qubits.",
                      keywords=["Qubit", " ", "pulse"]),
        RuntimeError("quota exceeded"),
        ProposedSkill(name="  ", description=""),
    ], ProposedSkill)  # fmt: skip
    namer = LLMGroupNamer(fake)
    assert namer(members, offline) == GroupName("Qubit calibration", "Tune qubits.",
                                                ["qubit", "pulse"])  # fmt: skip
    assert "calibrate_pulse - Calibrate the microwave pulse" in fake.prompts[0]
    assert "pulse" in fake.prompts[0]
    assert namer(members, offline) == offline
    assert namer(members, offline) == offline
