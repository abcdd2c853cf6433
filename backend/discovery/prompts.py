"""Prompts are files in `prompts/`, one per prompt, with named {placeholders} filled at call time.

`render` refuses a missing or unknown variable, so a prompt and its caller cannot drift apart.
"""

from __future__ import annotations

import string
from functools import cache
from pathlib import Path

from discovery.settings import resource

PROMPTS_DIR = resource("prompts")
PROMPT_NAMES = tuple(sorted(p.stem for p in PROMPTS_DIR.glob("*.md")))
"""Every prompt there is: one file each (a test renders every one)."""


class PromptError(KeyError):
    """A prompt was rendered with missing or unknown variables."""


@cache
def load(name: str, directory: Path = PROMPTS_DIR) -> str:
    return (directory / f"{name}.md").read_text(encoding="utf-8").strip()


def variables(name: str, directory: Path = PROMPTS_DIR) -> set[str]:
    """The placeholders a prompt declares."""
    return {field for _, field, _, _ in string.Formatter().parse(load(name, directory)) if field}


def render(name: str, directory: Path = PROMPTS_DIR, **values: object) -> str:
    declared = variables(name, directory)
    missing, unknown = declared - values.keys(), values.keys() - declared
    if missing or unknown:
        raise PromptError(f"prompt {name!r}: missing {sorted(missing)}, unknown {sorted(unknown)}")
    return load(name, directory).format(**values)
