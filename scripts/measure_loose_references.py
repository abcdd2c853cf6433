"""How the word-by-word reading of references (`agent/offline/loose_references.py`) does alone
and beside the phrase patterns (`agent/offline/references.py`), on text only (no search).

- On the judged sets' reference turns that point at a place (`reference` is a number): how many
  the word-by-word reader alone reads right, and wrong.
- On every other judged turn after the first, and on every intent line: how many it reads as a
  place or a record where the patterns read none (a reading where there is no reference).
- The turns where the combined reading (`read_reference`, as the planner asks it in a thread
  with records shown) differs from the patterns', with the judged reference.

Sets named with --leave-out are skipped (a set whose report split is kept unread).

    uv run python scripts/measure_loose_references.py --leave-out v30
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from discovery.agent.offline.loose_references import loose_reference, read_reference
from discovery.agent.offline.references import parse_reference

DATA = Path(__file__).resolve().parents[1] / "data"


def judged_turns(leave_out: set[str]) -> list[tuple[str, dict]]:
    out = []
    for path in sorted((DATA / "eval").glob("agent_conversations*.jsonl")):
        name = path.stem.removeprefix("agent_conversations").lstrip("_") or "v2"
        if name in leave_out:
            continue
        for line in path.read_text().splitlines():
            if line.strip():
                conv = json.loads(line)
                out += [(conv["id"], turn) for turn in conv["turns"][1:]]  # something shown
    return out


def intent_lines() -> list[str]:
    texts = []
    for path in sorted((DATA / "intents").glob("*.jsonl")):
        texts += [json.loads(x)["text"] for x in path.read_text().splitlines() if x.strip()]
    return list(dict.fromkeys(texts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leave-out", nargs="*", default=[], help="sets not to read")
    args = parser.parse_args()
    tally: Counter[str] = Counter()
    changed = []
    for cid, turn in judged_turns(set(args.leave_out)):
        text, ref = turn["text"], (turn.get("expect") or {}).get("reference")
        loose = loose_reference(text)
        if turn.get("kind") == "reference" and isinstance(ref, int):
            tally["places"] += 1
            tally["right"] += loose is not None and loose.position == ref
            tally["wrong"] += loose is not None and loose.position != ref
        elif turn.get("kind") != "reference" and loose is not None and not parse_reference(text):
            tally["read where none is judged"] += 1
        strict, combined = parse_reference(text), read_reference(text, anything_shown=True)
        if repr(strict) != repr(combined):
            changed.append((cid, ref, strict, combined, text))
    intents = intent_lines()
    fired = [t for t in intents if not parse_reference(t) and loose_reference(t) is not None]
    print(
        f"judged places: {tally['places']}; read alone right {tally['right']}, "
        f"wrong {tally['wrong']}, none {tally['places'] - tally['right'] - tally['wrong']}"
    )
    print(f"other judged turns read as a reference: {tally['read where none is judged']}")
    print(f"intent lines read as a reference: {len(fired)} of {len(intents)}")
    print(f"turns the combined reading changes: {len(changed)}")
    for cid, ref, strict, combined, text in changed:
        before = strict and (strict.position if strict.position is not None else strict.about)
        after = combined and (
            combined.position if combined.position is not None else combined.about
        )
        print(f"  {cid}: judged {ref}; patterns {before}; combined {after}: {text}")


if __name__ == "__main__":
    main()
