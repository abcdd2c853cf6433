"""The LLM's steps with a fake structured-output model at the provider edge: the intent
classifier (and its fallback to the local one)."""

from __future__ import annotations

import pytest
from langchain_core.runnables import RunnableLambda

from discovery.agent.domain import DomainConfig
from discovery.agent.intents import Intent
from discovery.agent.llm_steps import IntentDecision, LLMIntentClassifier
from discovery.agent.offline.intent_model import LocalIntentClassifier


class FakeGemini:
    """The provider edge: `with_structured_output` returns a scripted runnable."""

    def __init__(self, answer: IntentDecision | Exception) -> None:
        self.answer, self.prompts = answer, []  # type: ignore[var-annotated]

    def with_structured_output(self, schema: type) -> RunnableLambda:  # type: ignore[type-arg]
        def respond(prompt: str) -> IntentDecision:
            self.prompts.append(prompt)
            if isinstance(self.answer, Exception):
                raise self.answer
            return self.answer

        return RunnableLambda(respond)


@pytest.mark.integration
async def test_llm_classifier_uses_the_decision_and_the_prompt(
    classifier: LocalIntentClassifier, domain: DomainConfig
) -> None:
    llm = FakeGemini(IntentDecision(intent=Intent.GREETING, reason="says hello"))
    got = await LLMIntentClassifier(llm, classifier, domain).aclassify("yo", ["jazz"])
    assert (got.intent, got.source) == (Intent.GREETING, "llm")
    assert "Latest message:\nyo" in llm.prompts[0] and "- jazz" in llm.prompts[0]


@pytest.mark.integration
def test_llm_classifier_falls_back_to_the_local_one(
    classifier: LocalIntentClassifier, domain: DomainConfig
) -> None:
    llm = FakeGemini(TimeoutError("deadline exceeded"))
    got = LLMIntentClassifier(llm, classifier, domain).classify("hello!")
    assert (got.intent, got.source) == (Intent.GREETING, "local")
