"""API keys: `Authorization: Bearer <key>`, compared in constant time.

Write and admin endpoints always need a key (or the development switch
DISCOVERY_OPEN_WRITES); read endpoints need one only when DISCOVERY_PROTECT_READS is set."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, HTTPException, Request, status
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from discovery.agent.threads import owner_fingerprint
from discovery.settings import Settings

bearer = HTTPBearer(auto_error=False, description="An API key from DISCOVERY_API_KEYS.")


class Unauthorized(HTTPException):
    def __init__(self, message: str) -> None:
        super().__init__(
            status.HTTP_401_UNAUTHORIZED, detail=message, headers={"WWW-Authenticate": "Bearer"}
        )


def key_is_valid(given: str, keys: list[str]) -> bool:
    """Constant time in the key's content: every configured key is compared, always."""
    given_bytes = given.encode()
    matched = False
    for key in keys:
        matched |= hmac.compare_digest(given_bytes, key.encode())
    return matched


def check_key(credentials: HTTPAuthorizationCredentials | None, settings: Settings) -> None:
    keys = settings.api_keys
    if not keys:
        raise Unauthorized("this endpoint needs an API key, and none is configured on the server")
    if credentials is None:
        raise Unauthorized("missing API key: send `Authorization: Bearer <key>`")
    if not key_is_valid(credentials.credentials, keys):
        raise Unauthorized("the API key is not valid")


Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


async def require_write(request: Request, credentials: Credentials) -> None:
    settings: Settings = request.app.state.runtime.settings
    if not settings.discovery_open_writes:
        check_key(credentials, settings)


async def require_read(request: Request, credentials: Credentials) -> None:
    settings: Settings = request.app.state.runtime.settings
    if settings.discovery_protect_reads:
        check_key(credentials, settings)


async def thread_owner(request: Request, credentials: Credentials) -> str:
    """Whom a thread belongs to: the fingerprint of the valid API key sent, or "" (a client
    without one; an invalid key counts as none, where the endpoint does not refuse it)."""
    settings: Settings = request.app.state.runtime.settings
    if credentials is None or not key_is_valid(credentials.credentials, settings.api_keys):
        return ""
    return owner_fingerprint(credentials.credentials)
