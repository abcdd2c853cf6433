"""Card signatures (JWS over the canonical card) verified with PyJWT: a key from the jku on the
card's own host or from the operator's trusted set; anything else does not verify."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from jwt.algorithms import ECAlgorithm
from tests.catalog.a2a.card_server import CardServer, card, card_server

from discovery.catalog.a2a.fetch import FetchPolicy, fetch_json
from discovery.catalog.a2a.signatures import signing_payloads, verify_card

KEY = ec.generate_private_key(ec.SECP256R1())


def jwks(kid: str = "k1", key: ec.EllipticCurvePrivateKey = KEY) -> dict[str, Any]:
    public = ECAlgorithm.to_jwk(key.public_key(), as_dict=True)
    return {"keys": [public | {"kid": kid, "use": "sig", "alg": "ES256"}]}


def signed(document: dict[str, Any], jku: str | None, kid: str = "k1", sdk_style: bool = False):
    """The card with one ES256 signature, the way signers in the wild make it."""
    header = {"alg": "ES256", "typ": "JOSE", "kid": kid} | ({"jku": jku} if jku else {})
    payloads = signing_payloads(document)
    payload = payloads[-1] if sdk_style else payloads[0]
    token = jwt.PyJWS().encode(payload, KEY, algorithm="ES256", headers=header)
    protected, _, signature = token.split(".")
    return document | {"signatures": [{"protected": protected, "signature": signature}]}


@pytest.fixture
def server() -> Iterator[CardServer]:
    with card_server() as running:
        running.documents["/jwks.json"] = jwks()
        yield running


async def _verify(server: CardServer, document: dict[str, Any], trusted: Any = None) -> Any:
    policy = FetchPolicy(allowed_hosts=frozenset({f"localhost:{server.port}"}))
    async with httpx.AsyncClient() as client:

        async def load(url: str) -> dict[str, Any] | None:
            got = await fetch_json(client, url, policy)
            return got.document if got.status == "ok" else None

        return await verify_card(document, server.url("/card.json"), load, trusted)


async def test_a_card_signed_with_the_key_at_its_own_jku_verifies(server: CardServer) -> None:
    result = await _verify(server, signed(card(description="Délégation"), server.url("/jwks.json")))
    assert result.verified and "k1" in result.detail
    sdk = await _verify(
        server, signed(card(description="Délégation"), server.url("/jwks.json"), sdk_style=True)
    )
    assert sdk.verified  # the SDK's ASCII-escaped canonical form is accepted too


async def test_a_tampered_card_does_not_verify(server: CardServer) -> None:
    document = signed(card(), server.url("/jwks.json"))
    tampered = copy.deepcopy(document)
    tampered["skills"][0]["id"] = "governance_and_trust/membership/add_member"
    result = await _verify(server, tampered)
    assert not result.verified and "does not match" in result.detail


async def test_a_jku_on_another_host_is_not_trusted(server: CardServer) -> None:
    elsewhere = f"http://127.0.0.1:{server.port}/jwks.json"  # not the card's host (localhost)
    result = await _verify(server, signed(card(), elsewhere))
    assert not result.verified and "no trusted key" in result.detail
    assert "/jwks.json" not in server.hits


async def test_the_operators_trusted_keys_verify_without_a_jku(server: CardServer) -> None:
    document = signed(card(), jku=None)
    assert not (await _verify(server, document)).verified
    assert (await _verify(server, document, trusted=jwks())).verified
    other = ec.generate_private_key(ec.SECP256R1())
    assert not (await _verify(server, document, trusted=jwks(key=other))).verified


async def test_an_unsigned_card_is_not_verified(server: CardServer) -> None:
    result = await _verify(server, card())
    assert (result.verified, result.detail) == (False, "no signature")
