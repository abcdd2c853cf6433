"""Fakes at the edge (Gemini cannot be reached here): a chat model with scripted replies that
can be handed tools, and a chat model's structured output."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel


class FakeToolModel(GenericFakeChatModel):
    """Scripted replies; `bind_tools` returns the model itself (the tools are not needed)."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> FakeToolModel:  # type: ignore[override]
        return self


class FakeStructuredGemini:
    """A fake of a chat model's `with_structured_output(schema)`: scripted answers (an exception
    is raised), the prompts kept, no network."""

    def __init__(self, answers: list[Any], schema: type) -> None:
        self.answers, self.prompts, self.schema = answers, [], schema

    def with_structured_output(self, schema: type) -> FakeStructuredGemini:
        assert schema is self.schema
        return self

    def with_config(self, **_: Any) -> FakeStructuredGemini:
        return self

    def invoke(self, prompt: str) -> Any:
        self.prompts.append(prompt)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer
