"""Skills as human-managed data: /api/v1/skills (reads open per the READ guard, writes need an
API key) and the new-skill review queue /api/v1/skills/suggestions."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Query, Response, status
from pydantic import BaseModel, Field

from discovery.api.deps import READ, WRITE, RuntimeDep
from discovery.catalog.skills import store
from discovery.catalog.skills import suggestions as queue
from discovery.catalog.skills.review import (
    SuggestionNotPending,
    approve_suggestion,
    open_classifier,
    reclassify,
)
from discovery.catalog.skills.store import SkillIn, SkillOut, SkillPatch
from discovery.catalog.skills.suggestions import Suggestion, SuggestionStatus
from discovery.text import RequestModel

SkillId = Annotated[str, Path(min_length=1, max_length=80)]
SuggestionId = Annotated[int, Path(ge=1, le=2**31 - 1)]

router = APIRouter(prefix="/skills", tags=["skills"], dependencies=[READ])


class SkillFields(RequestModel):
    """PUT: every field of a skill but its id (the path names it)."""

    name: str = Field(min_length=1, max_length=200)
    description: str = Field(min_length=1, max_length=2000)
    parent_domain: str = Field(default="tools", min_length=1, max_length=100)
    keywords: list[store.Phrase] = Field(default_factory=list, max_length=100)
    examples: list[store.Phrase] = Field(default_factory=list, max_length=50)
    is_active: bool = True


class Approval(RequestModel):
    """Optional changes to the suggested skill before it is created."""

    id: str | None = Field(default=None, pattern=store.SKILL_ID, max_length=80)
    name: str | None = Field(default=None, min_length=1, max_length=200)
    description: str | None = Field(default=None, min_length=1, max_length=2000)
    keywords: list[store.Phrase] | None = Field(default=None, max_length=100)
    examples: list[store.Phrase] | None = Field(default=None, max_length=50)


class Approved(BaseModel):
    suggestion_id: int
    skill: SkillOut
    reclassified: int = Field(description="Items whose skills changed.")


class Reclassified(BaseModel):
    reclassified: int


def _not_found(what: str) -> HTTPException:
    return HTTPException(status.HTTP_404_NOT_FOUND, detail=f"no {what}")


@router.get("/suggestions")
async def list_suggestions(
    runtime: RuntimeDep,
    status_: Annotated[SuggestionStatus | None, Query(alias="status")] = "pending",
) -> list[Suggestion]:
    """The review queue: skills proposed for items that no skill fits."""
    async with runtime.db.connection() as conn:
        return await queue.list_suggestions(conn, status_)


_EXISTS: dict[int | str, dict[str, Any]] = {
    409: {"description": "A skill with this id already exists."}
}


@router.post("/suggestions/{suggestion_id}/approve", dependencies=[WRITE], responses=_EXISTS)
async def approve(
    suggestion_id: SuggestionId, runtime: RuntimeDep, body: Approval | None = None
) -> Approved:
    """Create the suggested skill (with any changes given) and classify the items without a
    skill again."""
    overrides = body.model_dump(exclude_none=True) if body else {}
    try:
        skill_id, changed = await approve_suggestion(
            runtime.db, runtime.embedder, runtime.settings, suggestion_id, overrides
        )
    except SuggestionNotPending:
        raise _not_found(f"pending suggestion {suggestion_id}") from None
    except store.SkillExists as exc:
        raise HTTPException(status.HTTP_409_CONFLICT, detail=str(exc)) from None
    async with runtime.db.connection() as conn:
        skill = await store.get_skill(conn, skill_id)
    if skill is None:  # deleted since it was approved
        raise _not_found(f"skill {skill_id!r}")
    return Approved(suggestion_id=suggestion_id, skill=skill, reclassified=changed)


@router.post("/suggestions/{suggestion_id}/reject", dependencies=[WRITE])
async def reject(suggestion_id: SuggestionId, runtime: RuntimeDep) -> Suggestion:
    async with runtime.db.connection() as conn:
        rejected = await queue.mark_reviewed(conn, suggestion_id, "rejected")
    if rejected is None:
        raise _not_found(f"pending suggestion {suggestion_id}")
    return rejected


@router.post("/reclassify", dependencies=[WRITE])
async def reclassify_items(runtime: RuntimeDep, only_unplaced: bool = False) -> Reclassified:
    """Classify the stored tools, prompts and resources again (after editing skills)."""
    classifier = await open_classifier(runtime.db, runtime.embedder, runtime.settings)
    changed = await reclassify(runtime.db, runtime.embedder, classifier, only_unplaced)
    return Reclassified(reclassified=changed)


@router.get("")
async def list_skills(
    runtime: RuntimeDep,
    parent_domain: Annotated[str | None, Query(max_length=100)] = None,
    is_active: bool | None = None,
) -> list[SkillOut]:
    async with runtime.db.connection() as conn:
        return await store.list_skills(conn, parent_domain, is_active)


@router.get("/{skill_id}")
async def get_skill(skill_id: SkillId, runtime: RuntimeDep) -> SkillOut:
    async with runtime.db.connection() as conn:
        skill = await store.get_skill(conn, skill_id)
    if skill is None:
        raise _not_found(f"skill {skill_id!r}")
    return skill


@router.post("", status_code=status.HTTP_201_CREATED, dependencies=[WRITE], responses=_EXISTS)
async def create_skill(body: SkillIn, runtime: RuntimeDep) -> SkillOut:
    """A new skill; its vector is its description's until tools are classified into it."""
    async with runtime.db.connection() as conn:
        try:
            return await store.create_skill(conn, runtime.embedder, body)
        except store.SkillExists as exc:
            raise HTTPException(status.HTTP_409_CONFLICT, detail=str(exc)) from None


@router.put("/{skill_id}", dependencies=[WRITE])
async def replace_skill(skill_id: SkillId, body: SkillFields, runtime: RuntimeDep) -> SkillOut:
    return await _update(runtime, skill_id, SkillPatch(**body.model_dump()))


@router.patch("/{skill_id}", dependencies=[WRITE])
async def update_skill(skill_id: SkillId, body: SkillPatch, runtime: RuntimeDep) -> SkillOut:
    return await _update(runtime, skill_id, body)


@router.delete("/{skill_id}", status_code=status.HTTP_204_NO_CONTENT, dependencies=[WRITE])
async def delete_skill(skill_id: SkillId, runtime: RuntimeDep) -> Response:
    """Delete a skill: its items lose it (their primary moves to their next best skill)."""
    async with runtime.db.connection() as conn:
        if not await store.delete_skill(conn, runtime.embedder, skill_id):
            raise _not_found(f"skill {skill_id!r}")
    return Response(status_code=status.HTTP_204_NO_CONTENT)


async def _update(runtime: RuntimeDep, skill_id: SkillId, patch: SkillPatch) -> SkillOut:
    async with runtime.db.connection() as conn:
        skill = await store.update_skill(conn, runtime.embedder, skill_id, patch)
    if skill is None:
        raise _not_found(f"skill {skill_id!r}")
    return skill
