"""Apple's App Store Server Library, unchanged, pointed at one `epsim serve`: its API client (only
the base URL differs), its verifier trusting epsim's exported root, and a field-by-field
comparison of what the library decoded with what the control API says the world holds."""

import enum

import attr
import pytest
from appstoreserverlibrary.api_client import AppStoreServerAPIClient
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from epsim_server import APP_APPLE_ID, BUNDLE_ID, ISSUER_ID, KEY_ID


class EpsimAPIClient(AppStoreServerAPIClient):
    """Apple's client, unchanged but for its base URL, which the library does not let callers
    set: the one method that builds URLs is pointed at epsim."""

    def __init__(self, base_url: str, signing_key: bytes, environment: Environment,
                 bundle_id: str = BUNDLE_ID):
        super().__init__(signing_key, KEY_ID, ISSUER_ID, bundle_id, environment)
        self.epsim_base_url = base_url

    def _get_full_url(self, path) -> str:
        return self.epsim_base_url + path


def api_client(server, signing_key, environment: str, private_pem=None) -> EpsimAPIClient:
    """The client for `server`'s environment, on the path prefix Apple's host would be."""
    return EpsimAPIClient(server.reports_base_url, private_pem or signing_key.private_pem,
                          Environment(environment))


def verifier(server, environment: str, bundle_id=BUNDLE_ID, app_apple_id=APP_APPLE_ID):
    """Apple's verifier as docs/server-reference.md sets it up: epsim's root trusted, online checks off."""
    return SignedDataVerifier([server.root_certificate_der()], False, Environment(environment),
                              bundle_id, app_apple_id)


def world_fixtures(world_fixture: str):
    """The module-scoped `client` and `library` fixtures of a test module, on the world fixture
    named: Apple's API client and Apple's verifier, each for that world's server and environment."""

    @pytest.fixture(scope="module")
    def client(request, signing_key):
        world = request.getfixturevalue(world_fixture)
        return api_client(world.server, signing_key, world.environment)

    @pytest.fixture(scope="module")
    def library(request):
        world = request.getfixturevalue(world_fixture)
        return verifier(world.server, world.environment)

    return client, library


def decoded_fields(model) -> dict:
    """Every field an attrs model of the library decoded, by Apple's JSON name, with enums as
    their raw values (the library keeps unknown values in `rawX`); absent fields are left out."""
    names = {field.name for field in attr.fields(type(model))}
    fields = {}
    for name in names:
        if name.startswith("raw") and name[3:4].isupper() and (name[3].lower() + name[4:]) in names:
            continue
        raw_name = "raw" + name[0].upper() + name[1:]
        value = getattr(model, raw_name) if raw_name in names else getattr(model, name)
        if isinstance(value, enum.Enum):
            value = value.value
        if value is not None:
            fields[name] = value
    return fields


def assert_same_fields(model, expected: dict, what: str, ignore=()):
    """The library's decoded fields are exactly the world's: same names, same values (but for the
    fields named in `ignore`)."""
    decoded = {name: value for name, value in decoded_fields(model).items() if name not in ignore}
    # Fields the library's model does not know are dropped by the library itself, not by epsim.
    known = {field.name for field in attr.fields(type(model))}
    expected = {name: value for name, value in expected.items()
                if value is not None and name in known and name not in ignore}
    missing = sorted(set(expected) - set(decoded))
    extra = sorted(set(decoded) - set(expected))
    different = {name: (expected[name], decoded[name]) for name in set(decoded) & set(expected)
                 if decoded[name] != expected[name]}
    assert not missing and not extra and not different, (
        f"{what}: fields the world has but the library did not decode: {missing}; decoded but "
        f"not in the world: {extra}; different (world, library): {different}")
