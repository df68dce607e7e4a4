"""The suite of the epsim Python package, run by python/run-tests against an installed wheel:
the `epsim_server` fixture comes from the package's pytest11 entry point, not from here."""

import time

import jwt
import pytest
from cryptography.hazmat.primitives import serialization

pytest_plugins = ["pytester"]


def app_store_jwt(server, **changes) -> str:
    """A JWT for Apple's server APIs as a backend makes one with PyJWT, signed by the server's
    key: issuer id, key id and bundle id from the server, valid for 20 minutes."""
    claims = {"iss": server.issuer_id, "aud": "appstoreconnect-v1", "bid": server.bundle_id,
              "iat": int(time.time()), "exp": int(time.time()) + 1200}
    headers = {"kid": changes.pop("kid", server.key_id), "typ": "JWT"}
    claims.update(changes)
    key = serialization.load_pem_private_key(server.private_key, None)
    return jwt.encode(claims, key, algorithm="ES256", headers=headers)


@pytest.fixture
def signed_jwt():
    return app_store_jwt
