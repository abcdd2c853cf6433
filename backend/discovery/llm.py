"""Building the configured chat model (Gemini, or any `init_chat_model` provider) from
settings; used by the agent and by the catalog's LLM classifier."""

from __future__ import annotations

from typing import Any

from langchain_core.language_models import BaseChatModel

from discovery.settings import Settings


def build_chat_model(settings: Settings) -> BaseChatModel:
    from langchain.chat_models import init_chat_model

    kwargs: dict[str, Any] = {"temperature": 0}
    if settings.discovery_chat_model.startswith("google_genai:") and settings.google_api_key:
        kwargs["google_api_key"] = settings.google_api_key.get_secret_value()
    return init_chat_model(settings.discovery_chat_model, **kwargs)
