"""The cost of routing a turned-away turn once more as the catalog spells it (issue 17,
`IntentMiddleware._respelled`): greetings and off-topic lines through the whole agent on the
demo catalog of DISCOVERY_DATA_DIR, spelling on (the corrector's look-up runs) and off,
alternating turn by turn; prints p50 / p95 per setting and checks that both route alike.

    DISCOVERY_DATA_DIR=.discovery-eval uv run python scripts/bench_respell_turns.py
"""

from __future__ import annotations

import asyncio
import statistics
import time

from discovery.agent.service import open_agent
from discovery.runtime import load_demo_if_empty, open_runtime
from discovery.settings import get_settings

TEXTS = (
    "hello there", "what's the weather like tomorrow", "book me a flight to Paris",
    "thanks, that helped", "can you order more printer paper", "tell me a joke",
    "how do I reset my password", "good morning!",
)  # fmt: skip
ROUNDS = 12


def _p50_p95(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} / {statistics.quantiles(values, n=20)[18]:.1f} ms"


async def main() -> None:
    async with open_runtime(get_settings()) as rt:
        await load_demo_if_empty(rt)
        async with open_agent(rt) as agent:
            for text in TEXTS:  # warm both paths
                await agent.run(text)
                await agent.run(text, spelling=False)
            on: list[float] = []
            off: list[float] = []
            for _ in range(ROUNDS):
                for text in TEXTS:
                    start = time.perf_counter()
                    spelled = await agent.run(text)
                    on.append((time.perf_counter() - start) * 1000)
                    start = time.perf_counter()
                    typed = await agent.run(text, spelling=False)
                    off.append((time.perf_counter() - start) * 1000)
                    assert spelled.intent == typed.intent, text
    print(f"{len(on)} turns each: spelling on {_p50_p95(on)}, off {_p50_p95(off)}")


if __name__ == "__main__":
    asyncio.run(main())
