"""The one Settings object, built once by the CLI or the app factory.

Modules never read the environment themselves."""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property
from pathlib import Path

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from discovery.settings_archive import ArchiveFusionSettings
from discovery.settings_sections import (
    AgentSearchSettings,
    DiscoverSettings,
    FetchSettings,
    ServingSettings,
    StrategyName,
    SupervisionSettings,
    ThreadSettings,
    comma_list,
)

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_ROOT = PACKAGE_DIR.parents[1]
IN_CHECKOUT = (REPO_ROOT / "pyproject.toml").is_file() and (REPO_ROOT / "supabase").is_dir()


def resource(relative: str) -> Path:
    """A file or folder the package reads at run time (`prompts/`, `config/`,
    `supabase/migrations/`, `data/intents/`, `data/demo/`): the checkout's own when running from
    one, else the copy an installed wheel carries in `discovery/_resources/` (pyproject.toml's
    force-include), so `pip install` works outside a checkout."""
    return (REPO_ROOT if IN_CHECKOUT else PACKAGE_DIR / "_resources") / relative


DEFAULT_DATA_DIR = (
    REPO_ROOT / ".discovery" if IN_CHECKOUT else Path.home() / ".local" / "share" / "discovery"
)


class EmbeddingModel(StrEnum):
    """Embedding models the engine knows. Each stored vector records which one produced it."""

    LOCAL_MINILM = "all-MiniLM-L6-v2"
    GOOGLE_TEXT_004 = "text-embedding-004"


class PlannerMode(StrEnum):
    """Who plans the agent's turns: an LLM when a key is set (auto), or always one of the two."""

    AUTO = "auto"
    LOCAL = "local"
    LLM = "llm"


class SkillProposals(StrEnum):
    """What happens to the skills proposed from a tool catalog's uncovered tools."""

    ACCEPT = "accept"
    REVIEW = "review"
    OFF = "off"


class Settings(
    AgentSearchSettings,
    ArchiveFusionSettings,
    DiscoverSettings,
    FetchSettings,
    ServingSettings,
    ThreadSettings,
    SupervisionSettings,
    BaseSettings,
):
    model_config = SettingsConfigDict(
        env_file=".env", env_ignore_empty=True, extra="ignore", case_sensitive=False
    )

    database_url: SecretStr | None = Field(
        default=None,
        description="PostgreSQL 15+ with pgvector (Supabase included). Unset: embedded server.",
    )
    discovery_data_dir: Path = Field(
        default=DEFAULT_DATA_DIR,
        description="Where the embedded PostgreSQL keeps its data between runs.",
    )
    discovery_embedding_model: EmbeddingModel = EmbeddingModel.LOCAL_MINILM
    google_api_key: SecretStr | None = None

    discovery_embedding_batch_size: int = Field(default=64, ge=1, le=1024)
    discovery_query_cache_size: int = Field(default=2048, ge=0)
    discovery_ingest_batch_size: int = Field(default=256, ge=1, le=10_000)
    discovery_pool_max_size: int = Field(default=8, ge=1, le=100)
    discovery_pool_timeout_seconds: float = Field(
        default=5.0,
        gt=0,
        le=120,
        description="How long a request waits for a database connection before a 503.",
    )

    discovery_skill_limit: int = Field(default=3, ge=1, le=50)
    discovery_skill_threshold: float = Field(default=0.4, ge=0.0, le=1.0)
    # Stage 1's defaults for searches of a tool catalog (item_type given, not archive). MiniLM
    # scores a tool query against most skill centroids below 0.2, where the archive's 0.4 would
    # send 70% of tool searches to the direct fallback. Chosen on MetaTool's dev split
    # (`discovery eval tools --split dev`), never on the reported queries.
    discovery_tool_skill_limit: int = Field(default=8, ge=1, le=50)
    discovery_tool_skill_threshold: float = Field(default=0.1, ge=0.0, le=1.0)
    discovery_tool_limit: int = Field(default=5, ge=1, le=100)
    discovery_tool_threshold: float = Field(default=0.3, ge=0.0, le=1.0)
    # A tool catalog's stage-2 floor: 0.3 hid the right tool for a third of MetaTool's and
    # LiveMCPBench's tune queries (with this model a correct tool often scores 0.2 to 0.3), and
    # left 9% of them with nothing at all. 0 returns the nearest tools always: an unrelated
    # query gets its nearest tools rather than an empty answer (docs/tools-search.md).
    discovery_tool_catalog_threshold: float = Field(
        default=0.0,
        ge=0.0,
        le=1.0,
        description="Stage 2's similarity floor for a tool catalog (item_type not archive).",
    )
    discovery_exact_scan_max_rows: int = Field(
        default=2000,
        ge=0,
        description="Filtered searches over at most this many rows use an exact scan, not HNSW.",
    )
    discovery_hnsw_ef_search: int = Field(default=100, ge=10, le=1000)
    # Hybrid search fuses its dense and text rankings by weighted reciprocal rank fusion, tuned
    # on MetaTool's dev split (docs/tools-search.md): the textbook k = 60 at equal weights
    # ranked below dense search alone there (the text leg's ts_rank_cd ignores term rarity).
    discovery_hybrid_rrf_k: int = Field(default=10, ge=1, le=1000)
    discovery_hybrid_text_weight: float = Field(
        default=0.4,
        ge=0.0,
        le=10.0,
        description="Weight of the text ranking in hybrid fusion (the dense ranking weighs 1).",
    )
    # What a search gets when it names no strategy: the best measured for the kind, archives on
    # the judged archive sets (docs/archive-search.md), tool catalogs as ingested on the tune
    # splits of MetaTool and LiveMCPBench (docs/tools-search.md): hybrid is above direct on
    # both, hierarchical just below it with 4x fewer candidates.
    discovery_archive_strategy: StrategyName = StrategyName.HYBRID
    discovery_tool_strategy: StrategyName = StrategyName.HYBRID
    # Archive hybrid search with DISCOVERY_ARCHIVE_FUSION=rrf (settings_archive.py), chosen on
    # the NPG and CMOA field-withheld tune splits (docs/archive-search.md).
    discovery_archive_rrf_k: int = Field(default=10, ge=1, le=1000)
    discovery_archive_text_weight: float = Field(
        default=1.5,
        ge=0.0,
        le=10.0,
        description="Weight of the BM25 ranking in archive hybrid fusion (dense weighs 1).",
    )
    discovery_hybrid_depth: int = Field(
        default=40,
        ge=1,
        le=1000,
        description="Tool catalog hybrid search: how deep each ranking is read before fusion.",
    )
    discovery_text_candidate_budget: int = Field(
        default=2500,
        ge=100,
        le=1_000_000,
        description="BM25: the query's rarest terms add candidates up to this many documents.",
    )
    discovery_skill_min_confidence: float = Field(
        default=0.5,
        ge=0.0,
        le=1.0,
        description="The classifier keeps a tool's skill assignments at or above this confidence.",
    )
    # A new user's catalog is mostly uncovered by the seed skills and nobody reviews the queue:
    # accepted proposals give every tool a skill named from its neighbours at once (measured
    # in docs/tools-search.md); `review` keeps them in the queue, `off` files one suggestion
    # per unplaced item as before.
    discovery_skill_proposals: SkillProposals = Field(
        default=SkillProposals.ACCEPT,
        description="Skills proposed from the tools no skill fits: accept, review or off.",
    )
    discovery_skill_proposal_size: int = Field(
        default=8, ge=2, le=200, description="About how many tools each proposed skill groups."
    )
    discovery_skills_file: Path = Field(
        default=resource("config/skills.toml"),
        description="The seed skill categories for tools, prompts and resources.",
    )
    discovery_places_file: Path = Field(
        default=resource("config/places.toml"),
        description="Countries, their other names and adjectives, for the BM25 leg's folding.",
    )
    discovery_mcp_servers_file: Path = Field(
        default=resource("config/mcp_servers.toml"),
        description="The MCP servers `discovery sync mcp` connects to (TOML or JSON).",
    )

    discovery_agent_planner: PlannerMode = PlannerMode.AUTO
    discovery_chat_model: str = Field(
        default="google_genai:gemini-2.5-flash-lite",
        description="Any init_chat_model string; google_genai models use GOOGLE_API_KEY.",
    )
    discovery_domain_file: Path = Field(
        default=resource("config/domain.toml"),
        description="The agent's domain, messages, quick searches, synonyms and guardrails.",
    )

    discovery_intents_file: Path = Field(
        default=resource("config/intents.toml"),
        description="The intent types A2A agents are searched for (labels, descriptions, skills).",
    )

    discovery_host: str = "127.0.0.1"
    discovery_port: int = Field(default=8000, ge=1, le=65535)
    discovery_api_keys: SecretStr | None = Field(
        default=None,
        description="Comma-separated keys for `Authorization: Bearer ...`. Unset: writes are "
        "refused (the server is read-only) unless DISCOVERY_OPEN_WRITES is set.",
    )
    discovery_protect_reads: bool = Field(
        default=False, description="Require an API key for the read endpoints too."
    )
    discovery_open_writes: bool = Field(
        default=False,
        description="Development only: allow write and admin endpoints without a key.",
    )
    discovery_cors_origins: str = Field(
        default="",
        description="Comma-separated origins allowed by CORS (e.g. http://localhost:5173).",
    )
    discovery_sse_ping_seconds: float = Field(default=15.0, gt=0, le=300)
    discovery_gc_freeze: bool = Field(
        default=True,
        description="Servers: once started, keep what start-up built out of the garbage "
        "collector's full passes (runtime.settle_heap; about 150 ms each otherwise).",
    )
    discovery_frontend_dir: Path = Field(
        default=resource("frontend/dist"),
        description="The built web UI, served at / when it exists.",
    )

    @model_validator(mode="after")
    def _google_model_needs_key(self) -> Settings:
        if (
            self.discovery_embedding_model is EmbeddingModel.GOOGLE_TEXT_004
            and not self.google_api_key
        ):
            raise ValueError(
                "DISCOVERY_EMBEDDING_MODEL=text-embedding-004 needs GOOGLE_API_KEY; "
                "unset it to use the packaged local model."
            )
        return self

    @model_validator(mode="after")
    def _llm_planner_needs_key(self) -> Settings:
        if (
            self.discovery_agent_planner is PlannerMode.LLM
            and self.discovery_chat_model.startswith("google_genai:")
            and not self.google_api_key
        ):
            raise ValueError(
                "DISCOVERY_AGENT_PLANNER=llm with a Gemini model needs GOOGLE_API_KEY; "
                "unset it (auto) to use the local planner offline."
            )
        return self

    @property
    def uses_llm(self) -> bool:
        if self.discovery_agent_planner is PlannerMode.AUTO:
            return self.google_api_key is not None
        return self.discovery_agent_planner is PlannerMode.LLM

    @property
    def api_keys(self) -> list[str]:
        return comma_list(self.discovery_api_keys.get_secret_value() if self.discovery_api_keys
                          else "")  # fmt: skip

    @property
    def cors_origins(self) -> list[str]:
        return comma_list(self.discovery_cors_origins)

    @cached_property
    def pgdata(self) -> Path:
        return self.discovery_data_dir.expanduser().resolve() / "pgdata"

    @property
    def uses_embedded_database(self) -> bool:
        return self.database_url is None


def get_settings(**overrides: object) -> Settings:
    return Settings(**overrides)  # type: ignore[arg-type]
