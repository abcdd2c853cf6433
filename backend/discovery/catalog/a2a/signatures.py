"""Verifying an agent card's `signatures` (the A2A card's JWS, RFC 7515, detached payload).

The signed payload is the card without its `signatures` field, with empty values dropped,
canonicalized. Signers in the wild canonicalize two ways: RFC 8785 (JCS: sorted keys, no
whitespace, UTF-8) and the A2A Python SDK's `json.dumps(sort_keys=True)` with ASCII escapes; a
signature that verifies against either counts. Keys come from the JWKS named by the signature's
`jku` when that URL is on the card's own host (fetched under the same policy as the card), or
from a key set the operator trusts (`DISCOVERY_A2A_TRUSTED_JWKS_FILE`); a key embedded in the
header itself proves nothing about who signed, so it is not used. Only asymmetric algorithms.
PyJWT does the cryptography.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import jwt
from jwt import PyJWKSet

ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "ES256", "ES384", "ES512", "EdDSA"]
JwksLoader = Callable[[str], Awaitable[dict[str, Any] | None]]


@dataclass(frozen=True)
class Verification:
    verified: bool
    detail: str


def signing_payloads(card: dict[str, Any]) -> list[bytes]:
    """The card's signed bytes, in the two canonical forms signers use."""
    payload = _drop_empty({k: v for k, v in card.items() if k != "signatures"}) or {}
    jcs = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    sdk = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return list(dict.fromkeys([jcs.encode(), sdk.encode()]))


async def verify_card(
    card: dict[str, Any],
    card_url: str | None,
    load_jwks: JwksLoader,
    trusted: dict[str, Any] | None = None,
) -> Verification:
    """Whether one of the card's signatures verifies with a key it may use."""
    signatures = [s for s in card.get("signatures") or [] if isinstance(s, dict)]
    if not signatures:
        return Verification(False, "no signature")
    reasons = []
    for signature in signatures:
        try:
            header = json.loads(_b64decode(str(signature.get("protected", ""))))
        except (ValueError, TypeError):
            reasons.append("unreadable protected header")
            continue
        keys = await _keys(header, card_url, load_jwks, trusted)
        if not keys:
            reasons.append("no trusted key for it")
            continue
        for payload in signing_payloads(card):
            token = (
                f"{signature.get('protected')}.{_b64encode(payload)}.{signature.get('signature')}"
            )
            for key in keys:
                try:
                    jwt.PyJWS().decode(token, key=key, algorithms=ALGORITHMS)
                except jwt.PyJWTError:
                    continue
                return Verification(True, f"signed with key {header.get('kid') or '(no kid)'}")
        reasons.append("signature does not match")
    return Verification(False, "; ".join(dict.fromkeys(reasons)))


async def _keys(
    header: dict[str, Any],
    card_url: str | None,
    load_jwks: JwksLoader,
    trusted: dict[str, Any] | None,
) -> list[Any]:
    sets = []
    jku = header.get("jku")
    if isinstance(jku, str) and card_url and _same_host(jku, card_url):
        document = await load_jwks(jku)
        if document:
            sets.append(document)
    if trusted:
        sets.append(trusted)
    kid = header.get("kid")
    keys: list[Any] = []
    for document in sets:
        try:
            key_set = PyJWKSet.from_dict(document)
        except jwt.PyJWTError:
            continue
        keys.extend(k.key for k in key_set.keys if kid is None or k.key_id == kid)
    return keys


def _same_host(a: str, b: str) -> bool:
    left, right = urlsplit(a), urlsplit(b)
    return left.scheme in ("http", "https") and (left.hostname, left.port) == (
        right.hostname,
        right.port,
    )


def _drop_empty(value: Any) -> Any:
    """Empty strings, lists and objects (and nulls) dropped, recursively."""
    if isinstance(value, dict):
        kept = {k: v for k, v in ((k, _drop_empty(v)) for k, v in value.items()) if v is not None}
        return kept or None
    if isinstance(value, list):
        items = [v for v in (_drop_empty(v) for v in value) if v is not None]
        return items or None
    if value == "" or value is None:
        return None
    return value


def _b64decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
