"""A request's plan takes what the request leaves out from Settings; what a caller gives wins."""

from __future__ import annotations

import pytest

from discovery.db import ItemKind
from discovery.search.fusion import FusionPlan
from discovery.search.models import SearchRequest, Strategy
from discovery.settings import Settings
from discovery.settings_sections import FusionMode


def test_plan_fills_left_out_fields_from_settings() -> None:
    settings = Settings(
        discovery_tool_limit=2,
        discovery_tool_threshold=0.5,
        discovery_skill_limit=4,
        discovery_skill_threshold=0.25,
    )
    plan = SearchRequest(query="jazz", limit=None, tool_threshold=None).plan(settings)
    assert (plan.limit, plan.tool_threshold) == (2, 0.5)
    assert (plan.skill_limit, plan.skill_threshold) == (4, 0.25)


def test_plan_lets_given_values_win() -> None:
    settings = Settings(discovery_tool_limit=2)
    assert SearchRequest(query="jazz", limit=7).plan(settings).limit == 7


@pytest.mark.parametrize(
    ("item_type", "expected"),
    [
        (None, (4, 0.25)),
        (ItemKind.ARCHIVE, (4, 0.25)),
        (ItemKind.TOOL, (9, 0.05)),
        (ItemKind.PROMPT, (9, 0.05)),
        ("resource", (9, 0.05)),
    ],
)
def test_a_tool_catalog_search_takes_the_tool_skill_defaults(
    item_type: object, expected: tuple[int, float]
) -> None:
    settings = Settings(
        discovery_skill_limit=4,
        discovery_skill_threshold=0.25,
        discovery_tool_skill_limit=9,
        discovery_tool_skill_threshold=0.05,
    )
    plan = SearchRequest.build(query="convert a pdf", item_type=item_type).plan(settings)
    assert (plan.skill_limit, plan.skill_threshold) == expected
    given = SearchRequest.build(query="x", item_type=item_type, skill_limit=2, skill_threshold=0.7)
    assert (given.plan(settings).skill_limit, given.plan(settings).skill_threshold) == (2, 0.7)
    assert given.plan(settings).filters.kinds == ((ItemKind(item_type),) if item_type else None)


@pytest.mark.parametrize(
    ("item_type", "expected"),
    [
        (None, Strategy.DIRECT),
        (ItemKind.ARCHIVE, Strategy.DIRECT),
        (ItemKind.TOOL, Strategy.HYBRID),
        (ItemKind.PROMPT, Strategy.HYBRID),
    ],
)
def test_a_request_without_a_strategy_gets_the_kinds_default(
    item_type: ItemKind | None, expected: Strategy
) -> None:
    settings = Settings(discovery_archive_strategy="direct", discovery_tool_strategy="hybrid")
    assert SearchRequest.build(query="x", item_type=item_type).plan(settings).strategy is expected
    named = SearchRequest.build(query="x", item_type=item_type, strategy="hierarchical")
    assert named.plan(settings).strategy is Strategy.HIERARCHICAL


def test_the_shipped_defaults_are_hybrid_with_a_floor_per_kind() -> None:
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    plan = SearchRequest.build(query="x").plan(settings)
    assert plan.strategy is Strategy.HYBRID
    assert plan.fusion == FusionPlan(
        FusionMode.CONVEX, 10, 0.25, 0.75, 100, request_words=True,
        partial_fusion=FusionMode.RRF, partial_dense_weight=0.6, partial_rrf_k=30,
        coverage_floor=0.6, unknown_word_weight=0.0, place_weight=1.0, phrase_weight=1.0,
    )  # fmt: skip
    assert plan.tool_threshold == settings.discovery_tool_threshold == 0.3
    tools = SearchRequest.build(query="x", item_type="tool").plan(settings)
    assert tools.strategy is Strategy.HYBRID
    assert tools.fusion == FusionPlan(FusionMode.RRF, 10, 1.0, 0.4, 40)
    rrf = Settings(_env_file=None, discovery_archive_fusion="rrf")  # type: ignore[call-arg]
    assert SearchRequest.build(query="x").plan(rrf).fusion == FusionPlan(
        FusionMode.RRF, 10, 1.0, 1.5, 100
    )
    assert tools.tool_threshold == 0.0  # a tool catalog's floor hides no answer
    asked = SearchRequest.build(query="x", item_type="tool", strategy="hierarchical",
                                tool_threshold=0.2).plan(settings)  # fmt: skip
    assert (asked.strategy, asked.tool_threshold) == (Strategy.HIERARCHICAL, 0.2)
