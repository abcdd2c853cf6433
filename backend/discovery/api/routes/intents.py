"""The intent types agents are searched for (for the console's menus)."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from discovery.api.deps import READ, RuntimeDep

router = APIRouter(tags=["intents"], dependencies=[READ])


class IntentOut(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    id: str
    label: str
    description: str
    required_skills: list[str]
    executable: bool = Field(description="False: no skill carries it out; searched by meaning.")


@router.get("/intents", response_model_by_alias=True)
async def list_intents(runtime: RuntimeDep) -> list[IntentOut]:
    """Every intent type, with its label, description and required skills."""
    return [IntentOut(**i.model_dump(), executable=i.executable) for i in runtime.intents.intents]
