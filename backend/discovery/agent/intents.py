"""Intent routing: every user turn is SEARCH, UNCLEAR, UNRELATED or GREETING.

`IntentClassifier` is what the intent middleware asks; two implementations:
`llm_steps.LLMIntentClassifier` (a chat model with structured output) and the offline
`offline.intent_model.LocalIntentClassifier`, which the LLM one falls back to. Both first apply
the domain's guardrail patterns: text that tries to change the assistant's role is UNRELATED
whatever a model thinks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol


class Intent(StrEnum):
    SEARCH = "search"
    UNCLEAR = "unclear"
    UNRELATED = "unrelated"
    GREETING = "greeting"


INTENTS = tuple(Intent)


@dataclass(frozen=True)
class Classification:
    intent: Intent
    confidence: float
    source: str  # "guardrail", "local" or "llm"
    reason: str = ""


GUARDRAIL = Classification(Intent.UNRELATED, 1.0, "guardrail", "role-change attempt")


class IntentClassifier(Protocol):
    def classify(self, text: str, history: Sequence[str] = ()) -> Classification: ...

    async def aclassify(self, text: str, history: Sequence[str] = ()) -> Classification: ...
