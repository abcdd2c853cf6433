"""Structured intents as data: an intent type's label, description and required skills."""

from discovery.intents.registry import IntentRegistry, IntentType, UnknownIntentError

__all__ = ["IntentRegistry", "IntentType", "UnknownIntentError"]
