"""Derive the intent router's CLINC150 examples (data/intents/clinc_*.jsonl) from the CLINC150
train and validation splits (CC BY 3.0, Larson et al., EMNLP 2019).

CLINC has no archive-search class: it supplies greetings, non-answers and unrelated requests.
Training lines come only from CLINC's train split; held-out lines only from its val split.

    uv run python scripts/make_intent_data.py [--source PATH] [--out DIR] [--seed 7]
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO.parent / "shared" / "data" / "intents" / "clinc150" / "train_val.json"

# Talk about the assistant itself, hello, thanks and goodbye.
GREETING = {
    "greeting", "goodbye", "thank_you", "what_is_your_name", "who_made_you", "are_you_a_bot",
    "what_can_i_ask_you", "where_are_you_from", "how_old_are_you", "who_do_you_work_for",
}  # fmt: skip
# Bare non-answers: nothing to search for.
UNCLEAR = {"yes", "no", "maybe", "repeat", "cancel"}
# Small talk that is neither clearly about the assistant nor clearly off-topic: left out.
SKIPPED = {"what_are_your_hobbies", "do_you_have_pets", "meaning_of_life"}

# Examples per CLINC intent: (train, held-out).
PER_INTENT = {"greeting": (40, 10), "unclear": (40, 10), "unrelated": (8, 2)}
OOS = (100, 50)


def label(intent: str) -> str | None:
    if intent in SKIPPED:
        return None
    if intent in GREETING:
        return "greeting"
    if intent in UNCLEAR:
        return "unclear"
    return "unrelated"


def per_intent(
    rows: Iterable[Sequence[str]], counts: Mapping[str, int], rng: random.Random
) -> list[tuple[str, str, str]]:
    """(text, label, CLINC intent): for each CLINC intent in name order, `counts[label]` of its
    texts, shuffled by `rng` (skipped intents are left out)."""
    by_intent: dict[str, list[str]] = defaultdict(list)
    for text, intent in rows:
        by_intent[intent].append(text)
    out = []
    for intent in sorted(by_intent):
        target = label(intent)
        if target is None:
            continue
        texts = sorted(by_intent[intent])
        rng.shuffle(texts)
        out += [(t, target, intent) for t in texts[: counts[target]]]
    return out


def sample(rows: list[list[str]], which: int, rng: random.Random) -> list[dict[str, str]]:
    counts = {target: n[which] for target, n in PER_INTENT.items()}
    return [
        {"text": t, "intent": target, "clinc_intent": intent}
        for t, target, intent in per_intent(rows, counts, rng)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--out", type=Path, default=REPO / "data" / "intents")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    data = json.loads(args.source.read_text())
    rng = random.Random(args.seed)
    train = sample(data["train"], 0, rng)
    train += [
        {"text": t, "intent": "unrelated", "clinc_intent": "oos"}
        for t, _ in data["oos_train"][: OOS[0]]
    ]
    heldout = sample(data["val"], 1, rng)
    heldout += [
        {"text": t, "intent": "unrelated", "clinc_intent": "oos"}
        for t, _ in data["oos_val"][: OOS[1]]
    ]
    for name, rows in (("clinc_train.jsonl", train), ("clinc_heldout.jsonl", heldout)):
        path = args.out / name
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
        print(f"{path}: {len(rows)} examples")


if __name__ == "__main__":
    main()
