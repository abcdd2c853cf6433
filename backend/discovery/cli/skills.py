"""`discovery skills`: the human-managed skill categories and the new-skill review queue."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table

from discovery.cli.terminal import console, fail, with_runtime

skills_app = typer.Typer(help="Manage skill categories and suggestions.", no_args_is_help=True)


@skills_app.command("list")
def list_cmd(
    domain: Annotated[str | None, typer.Option(help="Only this parent domain.")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """List skills with their tool counts."""
    from discovery.catalog.skills.store import list_skills

    async def work(rt: Any) -> list:
        async with rt.db.connection() as conn:
            return await list_skills(conn, domain)

    skills = with_runtime(work)
    if as_json:
        print(json.dumps([s.model_dump() for s in skills], indent=2))
        return
    table = Table("id", "name", "domain", "tools", "active", "vector")
    for s in skills:
        table.add_row(s.id, s.name, s.parent_domain, str(s.tool_count), str(s.is_active),
                      s.vector_source or "-")  # fmt: skip
    console.print(table)


@skills_app.command("add")
def add_cmd(
    skill_id: Annotated[str, typer.Argument(help="Stable id, e.g. tools.weather.")],
    name: Annotated[str, typer.Option(help="Display name.")],
    description: Annotated[str, typer.Option(help="What the skill covers.")],
    domain: Annotated[str, typer.Option(help="Parent domain.")] = "tools",
    keyword: Annotated[list[str] | None, typer.Option(help="Repeatable.")] = None,
    example: Annotated[list[str] | None, typer.Option(help="Repeatable.")] = None,
) -> None:
    """Add a skill (its vector is its description's until it has tools)."""
    from discovery.catalog.skills.store import SkillExists, SkillIn, create_skill

    try:
        skill = SkillIn(id=skill_id, name=name, description=description, parent_domain=domain,
                        keywords=keyword or [], examples=example or [])  # fmt: skip
    except ValueError as exc:
        raise fail(str(exc), 2) from None

    async def work(rt: Any) -> None:
        async with rt.db.connection() as conn:
            await create_skill(conn, rt.embedder, skill)

    try:
        with_runtime(work)
    except SkillExists as exc:
        raise fail(str(exc)) from None
    console.print(f"added {skill_id}; run `discovery skills reclassify` to place tools in it")


@skills_app.command("update")
def update_cmd(
    skill_id: str,
    name: Annotated[str | None, typer.Option()] = None,
    description: Annotated[str | None, typer.Option()] = None,
    active: Annotated[bool | None, typer.Option("--active/--inactive")] = None,
    keyword: Annotated[list[str] | None, typer.Option(help="Replaces the keywords.")] = None,
    example: Annotated[list[str] | None, typer.Option(help="Replaces the examples.")] = None,
) -> None:
    """Change a skill's fields (an inactive skill is never matched by search)."""
    from discovery.catalog.skills.store import SkillPatch, update_skill

    patch = SkillPatch(name=name, description=description, is_active=active, keywords=keyword,
                       examples=example)  # fmt: skip

    async def work(rt: Any) -> Any:
        async with rt.db.connection() as conn:
            return await update_skill(conn, rt.embedder, skill_id, patch)

    if with_runtime(work) is None:
        raise fail(f"no skill {skill_id!r}")
    console.print(f"updated {skill_id}")


@skills_app.command("remove")
def remove_cmd(skill_id: str) -> None:
    """Delete a skill; its tools keep their other skills."""
    from discovery.catalog.skills.store import delete_skill

    async def work(rt: Any) -> bool:
        async with rt.db.connection() as conn:
            return await delete_skill(conn, rt.embedder, skill_id)

    if not with_runtime(work):
        raise fail(f"no skill {skill_id!r}")
    console.print(f"removed {skill_id}")


@skills_app.command("seed")
def seed_cmd() -> None:
    """Add the seed skills (DISCOVERY_SKILLS_FILE) that are missing; edited ones stay."""
    from discovery.catalog.skills.store import load_seed, seed_skills

    async def work(rt: Any) -> int:
        skills = load_seed(rt.settings.discovery_skills_file)
        async with rt.db.connection() as conn:
            return await seed_skills(conn, rt.embedder, skills)

    console.print(f"added {with_runtime(work)} skills")


@skills_app.command("reclassify")
def reclassify_cmd(
    unplaced: Annotated[bool, typer.Option(help="Only the items without a skill.")] = False,
) -> None:
    """Classify the stored tools, prompts and resources again (no re-embedding)."""
    from discovery.catalog.skills.review import open_classifier, reclassify

    async def work(rt: Any) -> int:
        classifier = await open_classifier(rt.db, rt.embedder, rt.settings)
        return await reclassify(rt.db, rt.embedder, classifier, only_unplaced=unplaced)

    console.print(f"{with_runtime(work)} items changed skills")


@skills_app.command("propose")
def propose_cmd(
    accept: Annotated[
        bool | None,
        typer.Option(
            "--accept/--review",
            help="Create the skills now, or leave them in the review queue "
            "(default: DISCOVERY_SKILL_PROPOSALS).",
        ),
    ] = None,
) -> None:
    """Propose skills from the catalog for the tools no skill fits with confidence."""
    from discovery.catalog.skills.proposals import ProposalReport, propose_configured

    async def work(rt: Any) -> ProposalReport | None:
        return await propose_configured(rt.db, rt.embedder, rt.settings, accept)

    report = with_runtime(work)
    if report is None:
        console.print(
            "proposals are off (DISCOVERY_SKILL_PROPOSALS=off); pass --accept or --review"
        )
        return
    if not report.uncovered:
        console.print("every tool, prompt and resource has a confident skill: nothing to propose")
        return
    console.print(
        f"{report.uncovered} items without a confident skill, in {report.proposed} groups"
    )
    if report.skill_ids:
        console.print(f"created {len(report.skill_ids)} skills (tools.catalog.*); "
                      "rename or remove them with `discovery skills update|remove`")  # fmt: skip
    else:
        console.print("proposals wait in the queue: `discovery skills suggestions`")


@skills_app.command("suggestions")
def suggestions_cmd(
    status: Annotated[str, typer.Option(help="pending, approved or rejected.")] = "pending",
) -> None:
    """The review queue: skills proposed for items no skill fits."""
    from discovery.catalog.skills.suggestions import list_suggestions

    if status not in ("pending", "approved", "rejected"):
        raise fail("--status must be pending, approved or rejected", 2)

    async def work(rt: Any) -> list:
        async with rt.db.connection() as conn:
            return await list_suggestions(conn, status)  # type: ignore[arg-type]

    table = Table("id", "name", "source", "items", "description", "reason")
    for s in with_runtime(work):
        table.add_row(str(s.id), s.name, s.source, str(len(s.example_item_ids)),
                      s.description[:80], s.reason)  # fmt: skip
    console.print(table)


@skills_app.command("approve")
def approve_cmd(
    suggestion_id: int,
    skill_id: Annotated[str | None, typer.Option(help="Id of the new skill.")] = None,
    name: Annotated[str | None, typer.Option()] = None,
    description: Annotated[str | None, typer.Option()] = None,
) -> None:
    """Approve a suggestion: it becomes a skill and the unplaced items are classified again."""
    from discovery.catalog.skills.review import SuggestionNotPending, approve_suggestion

    overrides = {k: v for k, v in (("id", skill_id), ("name", name),
                                   ("description", description)) if v}  # fmt: skip

    async def work(rt: Any) -> tuple[str, int]:
        return await approve_suggestion(rt.db, rt.embedder, rt.settings, suggestion_id, overrides)

    try:
        created, changed = with_runtime(work)
    except (SuggestionNotPending, ValueError) as exc:
        raise fail(str(exc)) from None
    console.print(f"created skill {created}; {changed} items reclassified")


@skills_app.command("reject")
def reject_cmd(suggestion_id: int) -> None:
    """Reject a pending suggestion."""
    from discovery.catalog.skills.suggestions import mark_reviewed

    async def work(rt: Any) -> Any:
        async with rt.db.connection() as conn:
            return await mark_reviewed(conn, suggestion_id, "rejected")

    if with_runtime(work) is None:
        raise fail(f"no pending suggestion {suggestion_id}")
    console.print(f"rejected suggestion {suggestion_id}")
