"""Report requests to `epsim serve` authenticated by JWTs that other code made: the token
generator inside Apple's App Store Server Library (which sends no `iat`), and PyJWT by hand
(with and without `iat`). The reports are the ones epsim's own plan asks for."""

import json
import time
import uuid

import jwt
import pytest
import requests
from appstoreserverlibrary.api_client import APIException
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from apple_library import api_client
from epsim_server import BUNDLE_ID, ISSUER_ID, KEY_ID

REPORTS = "/externalPurchase/v1/reports"


def library_client(world, signing_key, private_pem=None):
    return api_client(world.server, signing_key, world.environment, private_pem)


def test_the_librarys_jwt_has_no_iat_and_is_accepted(lived_world, signing_key):
    client = library_client(lived_world, signing_key)
    claims = jwt.decode(client._generate_token(), options={"verify_signature": False})
    assert "iat" not in claims, "the premise of this test: Apple's generator sends no iat"
    plan = lived_world.server._request("GET", "/epsim/v1/plan")
    assert plan, "the lived world has tokens to report"
    for entry in plan:
        body = json.dumps(entry["report"]).encode()
        # Apple's own request path: its headers, its JWT, its error handling.
        client._make_request(REPORTS, "PUT", {}, body, None, "application/json")
        answer = requests.get(client._get_full_url(f"{REPORTS}/{entry['report']['requestIdentifier']}"),
                              headers=client._get_headers(), timeout=30)
        assert answer.status_code == 200
        assert answer.json() == entry["report"]
    reported = {token["externalPurchaseId"]: token.get("reportedStatus")
                for token in lived_world.server.tokens()}
    for entry in plan:
        assert reported[entry["externalPurchaseId"]] == entry["status"]


def test_a_bad_report_comes_back_as_the_librarys_api_exception(lived_world, signing_key):
    client = library_client(lived_world, signing_key)
    body = json.dumps({"requestIdentifier": "not-a-uuid", "externalPurchaseId": "unknown",
                       "status": "NO_LINE_ITEM"}).encode()
    with pytest.raises(APIException) as refusal:
        client._make_request(REPORTS, "PUT", {}, body, None, "application/json")
    assert refusal.value.http_status_code == 400


def test_a_key_epsim_does_not_know_gets_401(lived_world, signing_key):
    stranger = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    client = library_client(lived_world, signing_key, private_pem=stranger)
    body = json.dumps({"requestIdentifier": str(uuid.uuid4()), "externalPurchaseId": "x",
                       "status": "NO_LINE_ITEM"}).encode()
    with pytest.raises(APIException) as refusal:
        client._make_request(REPORTS, "PUT", {}, body, None, "application/json")
    assert refusal.value.http_status_code == 401


def _pyjwt_token(signing_key, **claims) -> str:
    payload = {"iss": ISSUER_ID, "aud": "appstoreconnect-v1", "bid": BUNDLE_ID}
    payload.update(claims)
    return jwt.encode(payload, serialization.load_pem_private_key(signing_key.private_pem, None),
                      algorithm="ES256", headers={"kid": KEY_ID, "typ": "JWT"})


@pytest.mark.parametrize("claims,status", [
    ({"iat": "now", "exp": 1200}, 404),
    ({"exp": 300}, 404),
    ({"exp": 3700}, 401),
    ({"iat": "now", "exp": 3700}, 401),
    ({"exp": -10}, 401),
], ids=["with-iat", "without-iat", "without-iat-too-long", "with-iat-too-long", "expired"])
def test_pyjwt_tokens_get_apples_answers(lived_world, signing_key, claims, status):
    now = int(time.time())
    resolved = {name: (now if value == "now" else now + value) for name, value in claims.items()}
    token = _pyjwt_token(signing_key, **resolved)
    # 404 means authenticated: the report asked for was never accepted.
    answer = requests.get(f"{lived_world.server.reports_base_url}{REPORTS}/{uuid.uuid4()}",
                          headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert answer.status_code == status, answer.headers.get("epsim-auth-error")
