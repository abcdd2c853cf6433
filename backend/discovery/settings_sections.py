"""Sections of the one Settings (`settings.py` inherits them): what `discover` ranks by, what
the fetchers of third-party URLs (agent cards, thumbnails) may reach, what one client may ask
of the server (rate, concurrency and body limits) with what its logs say, what a conversation
keeps, how the embedded database is supervised, and how the agent searches (the archive
fusion's section is `settings_archive.py`). Fields are read by their full names
(`settings.discovery_score_cap`), as any other setting."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings


def comma_list(value: str) -> list[str]:
    """`"a, b,,c"` -> `["a", "b", "c"]`: the comma-separated settings."""
    return [part.strip() for part in value.split(",") if part.strip()]


class StrategyName(StrEnum):
    """A search strategy by name (the values of `search.models.Strategy`), for the defaults."""

    DIRECT = "direct"
    HIERARCHICAL = "hierarchical"
    HYBRID = "hybrid"


class FusionMode(StrEnum):
    """How hybrid search fuses its dense and BM25 legs (`match_items_fuse`'s `fusion`)."""

    RRF = "rrf"
    CONVEX = "convex"


class A2AQueryVector(StrEnum):
    """How an A2A intent search with a user text is embedded (see `search/agents.py`)."""

    JOINT = "joint"
    COMPOSED = "composed"


class DiscoverSettings(BaseSettings):
    # `discover` (tools and learned capabilities in one ranking): score = min(semantic x
    # reliability(success rate), cap). The thresholds, multipliers and cap are the reference
    # values of the system discover mirrors; an item with no executions counts as the untried
    # rate. Success rates are smoothed with a Beta(successes, failures) prior.
    discovery_discover_tool_strategy: StrategyName = Field(
        default=StrategyName.HYBRID,
        description="How discover searches tools (the engine's best strategy for a tool catalog).",
    )
    discovery_discover_min_similarity: float = Field(
        default=0.2,
        ge=0.0,
        le=1.0,
        description="Candidates of discover need at least this similarity to the intent.",
    )
    discovery_reliability_low_rate: float = Field(default=0.5, ge=0.0, le=1.0)
    discovery_reliability_low_multiplier: float = Field(default=0.1, ge=0.0, le=10.0)
    discovery_reliability_high_rate: float = Field(default=0.9, ge=0.0, le=1.0)
    discovery_reliability_high_multiplier: float = Field(default=1.2, ge=0.0, le=10.0)
    discovery_score_cap: float = Field(default=0.95, gt=0.0, le=1.0)
    discovery_untried_success_rate: float = Field(
        default=1.0,
        ge=0.0,
        le=1.0,
        description="The success rate of a tool (or imported capability) with no executions.",
    )
    # Beta(2.7, 0.3): a prior mean of 0.9 (the high rate) worth three runs, so an item that never
    # failed ranks in the band of an untried one, and each failure pulls it down (docs).
    discovery_success_prior_successes: float = Field(default=2.7, ge=0.0, le=1000.0)
    discovery_success_prior_failures: float = Field(default=0.3, ge=0.0, le=1000.0)
    discovery_related_tools_limit: int = Field(default=3, ge=1, le=20)

    @model_validator(mode="after")
    def _reliability_bands_in_order(self) -> DiscoverSettings:
        if self.discovery_reliability_low_rate > self.discovery_reliability_high_rate:
            raise ValueError(
                "DISCOVERY_RELIABILITY_LOW_RATE must not be above DISCOVERY_RELIABILITY_HIGH_RATE"
            )
        if self.discovery_success_prior_successes + self.discovery_success_prior_failures <= 0:
            raise ValueError("the success-rate prior needs a positive total weight")
        return self


class FetchSettings(BaseSettings):
    # A2A agents (items of kind agent, found by intent; not the conversational agent): the
    # skills indexed and how agent cards are fetched.
    discovery_a2a_skill_prefixes: str = Field(
        default="governance_and_trust/",
        description="Comma-separated: only A2A skill ids starting with one of these are indexed.",
    )
    discovery_a2a_top_k: int = Field(default=50, ge=1, le=200)
    discovery_a2a_query_vector: A2AQueryVector = Field(
        default=A2AQueryVector.COMPOSED,
        description="How an intent search with a user text is embedded: 'joint' embeds the "
        "whole query text; 'composed' adds the intent's own vector (embedded once per intent "
        "and kept) to the user text's (docs/agents.md).",
    )
    discovery_a2a_user_text_weight: float = Field(
        default=1.5,
        gt=0,
        le=10,
        description="In a composed query vector, the user text's weight against the intent's 1.",
    )
    discovery_a2a_fetch_timeout_seconds: float = Field(default=5.0, gt=0, le=60)
    discovery_a2a_fetch_max_bytes: int = Field(default=512_000, ge=1024, le=10_000_000)
    discovery_a2a_fetch_max_redirects: int = Field(default=3, ge=0, le=10)
    discovery_a2a_fetch_allow_private: bool = Field(
        default=False,
        description="Let agent-card fetches reach loopback, link-local and private addresses.",
    )
    discovery_a2a_fetch_allowed_hosts: str = Field(
        default="",
        description="Comma-separated host:port pairs card fetches may reach whatever their "
        "addresses (an operator's own registry).",
    )
    discovery_a2a_sync_concurrency: int = Field(default=8, ge=1, le=64)
    discovery_a2a_trusted_jwks_file: Path | None = Field(
        default=None,
        description="A JWKS file whose keys may verify agent-card signatures (besides the jku "
        "on the card's own host).",
    )

    # The image proxy (GET /api/images/{item_id}): a record's thumbnail, fetched once and cached
    # under the data directory. The URLs come from ingested records, so the same address checks
    # as card fetches apply.
    discovery_image_fetch_timeout_seconds: float = Field(default=5.0, gt=0, le=60)
    discovery_image_fetch_max_bytes: int = Field(default=5_000_000, ge=1024, le=50_000_000)
    discovery_image_fetch_allow_private: bool = Field(
        default=False,
        description="Let thumbnail fetches reach loopback, link-local and private addresses.",
    )
    discovery_image_fetch_allowed_hosts: str = Field(
        default="",
        description="Comma-separated host:port pairs thumbnail fetches may reach whatever their "
        "addresses (an operator's own image server).",
    )

    @property
    def a2a_skill_prefixes(self) -> tuple[str, ...]:
        return tuple(comma_list(self.discovery_a2a_skill_prefixes))

    @property
    def a2a_fetch_allowed_hosts(self) -> frozenset[str]:
        return frozenset(h.lower() for h in comma_list(self.discovery_a2a_fetch_allowed_hosts))

    @property
    def image_fetch_allowed_hosts(self) -> frozenset[str]:
        return frozenset(h.lower() for h in comma_list(self.discovery_image_fetch_allowed_hosts))


class ServingSettings(BaseSettings):
    # What one client may ask of `discovery serve`: token buckets per client (a valid API key,
    # else the address) for searches and for agent turns, a cap on one client's agent turns at
    # once, the largest request body. A rate or a cap of 0 turns that limit off.
    discovery_search_rate_per_minute: float = Field(
        default=600.0,
        ge=0,
        le=1_000_000,
        description="Searches (REST, GraphQL, MCP) one client may make per minute; 0: no limit.",
    )
    discovery_search_burst: int = Field(
        default=60, ge=1, le=100_000, description="Searches one client may make back to back."
    )
    discovery_agent_rate_per_minute: float = Field(
        default=30.0,
        ge=0,
        le=1_000_000,
        description="Agent turns (ai-search, its stream, chat) per client per minute; 0: none.",
    )
    discovery_agent_burst: int = Field(
        default=10, ge=1, le=100_000, description="Agent turns one client may start back to back."
    )
    discovery_agent_concurrent_turns: int = Field(
        default=2, ge=0, le=1000, description="Agent turns one client may run at once; 0: any."
    )
    discovery_agent_max_running_turns: int = Field(
        default=8,
        ge=0,
        le=10_000,
        description="Agent turns the whole server runs at once, all clients together; a turn over "
        "it waits in line (DISCOVERY_AGENT_TURN_WAIT_S), then gets a 503; 0: no cap.",
    )
    discovery_agent_turn_wait_s: float = Field(
        default=10.0,
        ge=0,
        le=600,
        description="How long a turn waits for one of the server's turn slots before a 503.",
    )
    discovery_limits_exempt_loopback: bool = Field(
        default=False,
        description="Development and tests: no rate or concurrency limit for 127.0.0.1 and ::1 "
        "(off: behind a reverse proxy on the same host every client would be loopback).",
    )
    discovery_max_body_bytes: int = Field(
        default=1_000_000,
        ge=1024,
        le=1_000_000_000,
        description="The largest request body (ingest uploads have their own 50 MB limit).",
    )
    discovery_log_level: str = Field(
        default="INFO",
        pattern=r"^(?i:debug|info|warning|error)$",
        description="The level of Discovery's own `event=` log lines under `discovery serve`.",
    )
    discovery_log_user_text: bool = Field(
        default=False,
        description="Put what users typed (queries, messages) in the log lines; off: only its "
        "length.",
    )


class ThreadSettings(BaseSettings):
    # The agent's conversations (threads): what each keeps, how long, how many turns.
    discovery_thread_window_turns: int = Field(
        default=10,
        ge=1,
        le=100,
        description="Turns a thread keeps (messages the agent reads, history a client gets).",
    )
    discovery_thread_max_turns: int = Field(
        default=500, ge=1, le=100_000, description="Turns one thread may have (then a 409)."
    )
    discovery_thread_ttl_hours: float = Field(
        default=72.0, gt=0, le=24 * 365, description="A thread idle this long is deleted."
    )
    discovery_thread_purge_seconds: float = Field(
        default=600.0, gt=0, le=86_400, description="How often the server purges idle threads."
    )


class SupervisionSettings(BaseSettings):
    # The embedded server's supervisor (db/supervisor.py): a PostgreSQL that died or began
    # shutting down is started again by the app itself. Not used with DATABASE_URL.
    discovery_db_supervise: bool = Field(
        default=True,
        description="Restart the embedded PostgreSQL when it dies or begins shutting down.",
    )
    discovery_db_probe_seconds: float = Field(
        default=1.0,
        gt=0,
        le=60,
        description="How often the embedded postmaster is checked (its pid file, no connection).",
    )
    discovery_db_restart_backoff_max_seconds: float = Field(
        default=30.0,
        ge=0.5,
        le=600,
        description="A failed restart is retried after 0.5 s, doubling up to this.",
    )


class AgentSearchSettings(BaseSettings):
    """How the agent searches: refinement, attempts, reads, spelling (planner: settings.py)."""

    discovery_agent_min_score: float = Field(
        default=0.4,
        ge=0.0,
        le=1.0,
        description="An attempt whose best similarity is below this is refined.",
    )
    discovery_agent_max_attempts: int = Field(default=3, ge=1, le=5)
    discovery_agent_rescue: bool = Field(
        default=False,
        description="A first attempt the grader accepted gets a second look (offline/rescue.py)"
        "; off: on held-out turns it rescued nothing and lost first attempts.",
    )
    discovery_agent_concepts: bool = Field(
        default=True,
        description="A weak search is refined with the catalog's word nearest the request in "
        "meaning, chosen by the packaged model (agent/offline/concepts.py).",
    )
    discovery_agent_closest: bool = Field(
        default=True,
        description="Every attempt rejected: the request's own records as the closest ones "
        "when the evidence says so (offline/closest.py); off: the no-results message.",
    )
    discovery_agent_closest_min_score: float = Field(
        default=0.48,
        ge=0.0,
        le=1.0,
        description="The evidence: the BM25 ranking found one of the first three records (at "
        "most one of them alone) and the first record's similarity is at least this.",
    )
    discovery_agent_match_threshold: float = Field(default=0.3, ge=0.0, le=1.0)
    discovery_agent_match_count: int = Field(default=10, ge=1, le=50)
    discovery_spelling: bool = Field(
        default=True,
        description="The agent corrects its queries' spelling against the catalog's words.",
    )
    discovery_spelling_min_count: int = Field(
        default=2, ge=1, le=1000, description="A correction is a word this many records use."
    )  # fmt: skip
    discovery_spelling_synonyms: bool = Field(
        default=True,
        description="A word the catalog never uses and the embedding model does not know "
        "becomes the catalog's own word for it, a WordNet synonym ('waistcoats' -> 'vests').",
    )
