"""The agent's domain: what it is about, what it says without searching, its quick searches,
synonyms and guardrail patterns (loaded from a TOML file), plus examples of the catalog's own
vocabulary (types, places, periods) read from the database at start-up."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import psycopg
from pydantic import BaseModel, Field

from discovery.search.vocabulary import archive_facets
from discovery.settings import resource

DEFAULT_DOMAIN_FILE = resource("config/domain.toml")


class Messages(BaseModel):
    greeting: str
    unrelated: str
    unclear: str
    no_results: str
    results: str
    corrected: str = "Showing results for *{query}*."
    closest: str = 'Nothing matched "{query}" closely; these are the closest records.'


class QuickSearch(BaseModel):
    label: str
    query: str


class Guardrails(BaseModel):
    injection_patterns: list[str] = Field(default_factory=list)


class DomainConfig(BaseModel):
    name: str
    description: str
    messages: Messages
    quick_searches: list[QuickSearch] = Field(default_factory=list)
    synonyms: dict[str, list[str]] = Field(default_factory=dict)
    guardrails: Guardrails = Field(default_factory=Guardrails)

    @classmethod
    def load(cls, path: Path = DEFAULT_DOMAIN_FILE) -> DomainConfig:
        with path.open("rb") as fh:
            return cls.model_validate(tomllib.load(fh))

    @cached_property
    def injection_res(self) -> list[re.Pattern[str]]:
        return [re.compile(p, re.IGNORECASE) for p in self.guardrails.injection_patterns]

    def is_injection(self, text: str) -> bool:
        return any(p.search(text) for p in self.injection_res)


@dataclass(frozen=True)
class Vocabulary:
    """A few of the catalog's own words, to suggest what to ask for."""

    types: tuple[str, ...] = ("photographs", "paintings", "prints")
    places: tuple[str, ...] = ("Pittsburgh",)
    periods: tuple[str, ...] = ("the 1950s",)

    def fill(self, template: str, **values: object) -> str:
        example = " ".join(
            part for part in (self.types[0], "of", self.places[0], "in", self.periods[0]) if part
        )
        return template.format(
            types=", ".join(self.types),
            places=", ".join(self.places),
            periods=", ".join(self.periods),
            example=example,
            **values,
        )


async def load_vocabulary(conn: psycopg.AsyncConnection, n: int = 3) -> Vocabulary:
    """Most frequent media types, places and decades; the defaults for an empty catalog."""
    facets = await archive_facets(conn, n)
    types = [_plural(t) for t in facets.media_types]
    # "Hill District, Pittsburgh, PA" -> "Hill District"
    places = list(dict.fromkeys(p.split(",")[0].strip() for p in facets.places))[:n]
    periods = [f"the {d}s" for d in facets.decades]
    default = Vocabulary()
    return Vocabulary(
        types=tuple(types) or default.types,
        places=tuple(places) or default.places,
        periods=tuple(periods) or default.periods,
    )


def _plural(word: str) -> str:
    if word.endswith(("s", "art", "media")):
        return word
    return word + "s"
