"""The judged conversation sets (`data/eval/agent_conversations*.md`): which file each is, the
ids it uses, the coverage it promises, and the lines it must not repeat.

- `v2`: `agent_conversations.jsonl` (ids `c001`...), written 2026-11-24, the default of
  `discovery eval conversations`; its report split has been read while the agent changed.
- `v3`: `agent_conversations_v3.jsonl` (ids `v3-001`...), written 2026-11-27 without running
  the agent, weighted towards what issue 17's targets count (references, counts, creators).
- `v4`: `agent_conversations_v4.jsonl` (ids `v4-001`...), written 2026-11-27 without running
  the agent, after v3's report split had been read; more reference, count, creator and period
  turns, and more hard single-turn searches (the denominators of rescue by refinement).
- `v5`: `agent_conversations_v5.jsonl` (ids `v5-001`...), written 2026-11-27 without running
  the agent, after v4's report split had been read; the same weighting, new subjects, and it
  must not repeat a line of v2, v3 or v4.
- `v6`: `agent_conversations_v6.jsonl` (ids `v6-001`...), written 2026-11-27 without running
  the agent, after v5's report split had been read; the same weighting (more hard single-turn
  searches, visitors' catalog searches), and it must not repeat a line of v2, v3, v4 or v5.
- `v7`: `agent_conversations_v7.jsonl` (ids `v7-001`...), written 2026-11-27 without running
  the agent, after v6's report split had been read; the same weighting, new subjects, and it
  must not repeat a line of v2, v3, v4, v5 or v6.
- `v8`: `agent_conversations_v8.jsonl` (ids `v8-001`...), written 2026-11-27 without running
  the agent, after v7's report split had been read; the same weighting, new subjects, and it
  must not repeat a line of v2 to v7.
- `v9`: `agent_conversations_v9.jsonl` (ids `v9-001`...), written 2026-11-27 without running
  the agent, after v8's report split had been read; the same weighting plus descriptions of
  objects in plain words (`style: gloss`), and it must not repeat a line of v2 to v8.
- `v10`: `agent_conversations_v10.jsonl` (ids `v10-001`...), written 2026-11-27 without running
  the agent, after v9's report split had been read; the same weighting plus British or
  old-fashioned words (`style: british`) and uncommon English words (`style: rare_word`), and it
  must not repeat a line of v2 to v9.
- `v11`: `agent_conversations_v11.jsonl` (ids `v11-001`...), written 2026-11-27 without running
  the agent, as a fresh set after v10; the same weighting plus searches worded as a remembered
  scene (`style: scene`), as a question or request to the system (`style: question`) and in
  slang (`style: slang`), and it must not repeat a line of v2 to v10.
- `v12`: `agent_conversations_v12.jsonl` (ids `v12-001`...), written 2026-11-27 without running
  the agent, as a fresh set after v11; the same weighting plus searches with a loosely worded
  period (`style: era`), two subjects at once (`style: two_subjects`) and a slightly wrong or
  vaguer word (`style: misnamed`), and it must not repeat a line of v2 to v11.
- `v13`: `agent_conversations_v13.jsonl` (ids `v13-001`...), written 2026-11-27 without running
  the agent, as a fresh set after v12; the same weighting plus periods named by a historical era
  (`style: era`), a subject at a named place (`style: place_subject`) and a slightly wrong or
  vaguer word (`style: misnamed`), and it must not repeat a line of v2 to v12.
- `v14`: `agent_conversations_v14.jsonl` (ids `v14-001`...), written 2026-11-27 without running
  the agent, as a fresh set after v13; the same weighting plus searches led by what people are
  doing (`style: activity`), British or alternative spellings (`style: variant_spelling`) and
  requests that rule something out (`style: exclusion`), and it must not repeat a line of v2 to
  v13.
- `v15`: `agent_conversations_v15.jsonl` (ids `v15-001`...), written 2026-11-27 without running
  the agent, as a fresh set after v14; the same weighting plus searches that say how many people
  and who (`style: people_count`), people named by their job in everyday words
  (`style: occupation`) and one thing placed relative to another (`style: in_frame`), and it must
  not repeat a line of v2 to v14.
- `v16`: `agent_conversations_v16.jsonl` (ids `v16-001`...), written 2026-11-27 without running
  the agent, as a fresh set after v15; the same weighting plus searches by weather, season or
  time of day (`style: weather_season`), people by age in everyday words (`style: age_group`) and
  a group named by a collective noun or an organisation (`style: collective`), and it must not
  repeat a line of v2 to v15.
- `v17`: `agent_conversations_v17.jsonl` (ids `v17-001`...), written 2026-11-27 without running
  the agent, as a fresh set after v16; the same weighting plus searches for a means of transport
  in everyday words (`style: vehicle`), a room or indoor place (`style: interior`) and people by
  what they wear (`style: clothing`), and it must not repeat a line of v2 to v16.
- `v18`: `agent_conversations_v18.jsonl` (ids `v18-001`...), written 2026-11-28 without running
  the agent, as a fresh set after v17; the same weighting plus searches for animals in everyday
  or pet words (`style: animal`), a kind of building or structure in everyday words (`style:
  building`) and people by their faces or gestures (`style: expression`), and it must not repeat
  a line of v2 to v17.
- `v19`: `agent_conversations_v19.jsonl` (ids `v19-001`...), written 2026-11-28 without running
  the agent, as a fresh set after v18; the same weighting plus searches for food and drink in
  everyday words (`style: food`), music by the instrument or player in everyday words (`style:
  instrument`) and an occasion in everyday words (`style: event`), and it must not repeat a line
  of v2 to v18.
- `v20`: `agent_conversations_v20.jsonl` (ids `v20-001`...), written 2026-11-28 without running
  the agent, as a fresh set after v19; the same weighting plus searches for a sport or game in
  everyday words (`style: sport`), people at work by what they do (`style: work`) and children's
  things and pastimes in everyday words (`style: childhood`), and it must not repeat a line of v2
  to v19.
- `v21`: `agent_conversations_v21.jsonl` (ids `v21-001`...), written 2026-11-28 without running
  the agent, as a fresh set after v20; the same weighting plus searches for a time of day or a
  light in everyday words (`style: night_light`), how people hold themselves (`style: pose`) and
  signs and written things in a picture (`style: signage`), and it must not repeat a line of v2
  to v20.
- `v22`: `agent_conversations_v22.jsonl` (ids `v22-001`...), written 2026-11-28 without running
  the agent, as a fresh set after v21; the same weighting plus searches for pastimes and hobbies
  in everyday words (`style: hobby`), religious life in everyday words (`style: faith`) and
  people using a medium or a device (`style: media_use`), and it must not repeat a line of v2
  to v21.
- `v23`: `agent_conversations_v23.jsonl` (ids `v23-001`...), written 2026-11-28 without running
  the agent, as a fresh set after v22; the same weighting plus searches for housework and chores
  in everyday words (`style: chore`), buying, selling and trade in everyday words
  (`style: commerce`) and gestures and body language (`style: gesture`), and it must not repeat
  a line of v2 to v22.
- `v24`: `agent_conversations_v24.jsonl` (ids `v24-001`...), written 2026-11-28 without running
  the agent, as a fresh set after v23; the same weighting plus searches for handwork and making
  things in everyday words (`style: craft`), school and lessons in everyday words
  (`style: school`) and caring for others (`style: care`), and it must not repeat a line of v2
  to v23.
- `v25`: `agent_conversations_v25.jsonl` (ids `v25-001`...), written 2026-11-28 without running
  the agent, as a fresh set after v24; the same weighting plus searches for feelings people show
  in everyday words (`style: mood`), travel and going places in everyday words
  (`style: journey`) and fixing and mending things (`style: repair`), and it must not repeat a
  line of v2 to v24.
- `v26`: `agent_conversations_v26.jsonl` (ids `v26-001`...), written 2026-11-28 without running
  the agent, as a fresh set after v25; the same weighting plus searches by colour, pattern and
  light in everyday words (`style: colour`), plants, gardens and the outdoors in everyday words
  (`style: garden`) and people talking and communicating (`style: talk`), and it must not repeat
  a line of v2 to v25.
- `v27`: `agent_conversations_v27.jsonl` (ids `v27-001`...), written 2026-11-28 without running
  the agent, as a fresh set after v26; the same weighting plus searches for civic life in
  everyday words (`style: civic`), rivers, boats and the waterfront in everyday words
  (`style: water`) and people in uniform and service (`style: service`), and it must not repeat
  a line of v2 to v26.
- `v28`: `agent_conversations_v28.jsonl` (ids `v28-001`...), written 2026-11-28 without running
  the agent, as a fresh set after v27; the same weighting plus searches for the stage and shows
  in everyday words (`style: stage`), home and domestic life in everyday words (`style: home`)
  and health, doctors and medicine in everyday words (`style: health`), and it must not repeat a
  line of v2 to v27.
- `v29`: `agent_conversations_v29.jsonl` (ids `v29-001`...), written 2026-11-28 without running
  the agent, as a fresh set after v28; the same weighting plus searches for offices and desk work
  in everyday words (`style: office`), awards and honors in everyday words (`style: awards`) and
  barbershops, beauty parlors and grooming in everyday words (`style: grooming`), and it must not
  repeat a line of v2 to v28.
- `v30`: `agent_conversations_v30.jsonl` (ids `v30-001`...), written 2026-11-29 without running
  the agent, as a fresh set after v29; the same weighting plus searches for laboratories and
  technical work in everyday words (`style: lab`), parties and celebrations in everyday words
  (`style: festivity`) and machinery and heavy work in everyday words (`style: machine`), and it
  must not repeat a line of v2 to v29.
- `v31`: `agent_conversations_v31.jsonl` (ids `v31-001`...), written 2026-11-29 without running
  the agent, as a fresh set after v30; the same weighting plus searches for protests, rallies and
  marches in everyday words (`style: protest`), costumes and dressing up in everyday words
  (`style: costume`) and radio and television in everyday words (`style: broadcast`), and it
  must not repeat a line of v2 to v30.
- `v32`: `agent_conversations_v32.jsonl` (ids `v32-001`...), written 2026-11-29 without running
  the agent, as a fresh set after v31; the same weighting plus searches for soldiers and armed
  forces in everyday words (`style: military`), books, letters and reading in everyday words
  (`style: reading`) and countryside and nature in everyday words (`style: landscape`), and it
  must not repeat a line of v2 to v31.

Shared by the checker (`data/eval/check_agent_conversations.py`) and the CLI."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from discovery.settings import REPO_ROOT

EVAL_DIR = REPO_ROOT / "data" / "eval"


@dataclass(frozen=True)
class ConversationSet:
    name: str
    path: Path
    id_prefix: str
    #: turn kind (or `single_search`, `multi_turn`, `judged`) -> the least number promised
    coverage: Mapping[str, int] = field(default_factory=dict)
    #: earlier judged sets whose turns this one must not repeat
    earlier: tuple[str, ...] = ()
    #: checked for fresh wording: no turn repeats a known line or another turn of the set (v2
    #: is not: it repeats an injection on purpose, and 5 of its lines went into intent files
    #: written after it)
    fresh: bool = False


# The coverage targets of the sets weighted towards issue 17's targets (v7 to v32).
_WEIGHTED_220 = {
    "judged": 220, "single_search": 50, "typo": 10, "multi_turn": 40, "reference": 35,
    "count": 30, "creator": 15, "period": 12,
}  # fmt: skip


def _weighted(n: int) -> ConversationSet:
    """The n-th set (v7 on): ids `vN-001`..., the coverage targets above, and no line of the
    sets v2 to v(n-1) repeated."""
    return ConversationSet(
        f"v{n}",
        EVAL_DIR / f"agent_conversations_v{n}.jsonl",
        f"v{n}-",
        _WEIGHTED_220,
        earlier=tuple(f"v{k}" for k in range(2, n)),
        fresh=True,
    )


SETS: dict[str, ConversationSet] = {
    "v2": ConversationSet(
        "v2",
        EVAL_DIR / "agent_conversations.jsonl",
        "c",
        {"judged": 150, "single_search": 40, "typo": 15, "multi_turn": 25},
    ),
    "v3": ConversationSet(
        "v3",
        EVAL_DIR / "agent_conversations_v3.jsonl",
        "v3-",
        {
            "judged": 150,
            "single_search": 50,
            "typo": 30,
            "multi_turn": 30,
            "reference": 30,
            "count": 20,
            "creator": 12,
            "period": 8,
        },
        earlier=("v2",),
        fresh=True,
    ),
    "v4": ConversationSet(
        "v4",
        EVAL_DIR / "agent_conversations_v4.jsonl",
        "v4-",
        {
            "judged": 180,
            "single_search": 40,
            "typo": 25,
            "multi_turn": 40,
            "reference": 35,
            "count": 30,
            "creator": 15,
            "period": 12,
        },
        earlier=("v2", "v3"),
        fresh=True,
    ),
    "v5": ConversationSet(
        "v5",
        EVAL_DIR / "agent_conversations_v5.jsonl",
        "v5-",
        {
            "judged": 180,
            "single_search": 50,
            "typo": 15,
            "multi_turn": 40,
            "reference": 35,
            "count": 30,
            "creator": 15,
            "period": 12,
        },
        earlier=("v2", "v3", "v4"),
        fresh=True,
    ),
    "v6": ConversationSet(
        "v6",
        EVAL_DIR / "agent_conversations_v6.jsonl",
        "v6-",
        {
            "judged": 180,
            "single_search": 50,
            "typo": 10,
            "multi_turn": 40,
            "reference": 35,
            "count": 30,
            "creator": 15,
            "period": 12,
        },
        earlier=("v2", "v3", "v4", "v5"),
        fresh=True,
    ),
    **{f"v{n}": _weighted(n) for n in range(7, 33)},
}
DEFAULT_SET = "v2"


def set_for(path: Path) -> ConversationSet:
    """The known set stored at `path`, or an ad-hoc one (ids `c001`..., v2's coverage
    targets) for any other file, e.g. a small test file."""
    for known in SETS.values():
        if known.path.resolve() == path.resolve():
            return known
    return ConversationSet(path.stem, path, "c", SETS["v2"].coverage)


def expected_id(prefix: str, n: int) -> str:
    return f"{prefix}{n:03d}"


def choose_set(name: str | None = None, file: Path | None = None) -> ConversationSet:
    """The set a command runs: `--set v2|v3|...|v32` or `--file PATH` (not both); the second
    set when neither is given. ValueError names what is wrong."""
    if name is not None and file is not None:
        raise ValueError("give --set or --file, not both")
    if file is not None:
        if not file.is_file():
            raise ValueError(f"no such file: {file}")
        return set_for(file)
    chosen = name or DEFAULT_SET
    if chosen not in SETS:
        raise ValueError(f"unknown set {chosen!r}: {' or '.join(SETS)}")
    return SETS[chosen]
