"""Fakes at the edge: a chat model's structured output (Gemini cannot be reached here)."""

from __future__ import annotations

from typing import Any


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
