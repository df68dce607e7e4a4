"""Shared fixtures: one signing key, one webhook receiver, and for each environment one
`epsim serve` whose world has lived long enough to send every notification subtype."""

import pathlib

import pytest

from commerce_world import lived_commerce_world
from epsim_server import EpsimServer, SigningKey, epsim_binary
from webhook import WebhookReceiver

DAY_MS = 24 * 60 * 60 * 1000

# How long each environment's world lives after its tokens are made: long enough for
# UNREPORTED of every token kind (sandbox custom link tokens expire after an hour, production
# ones after 365 days; plain tokens are due 10 days after creation) and several reminders.
LIFETIME_MS = {"Production": 400 * DAY_MS, "Sandbox": 31 * DAY_MS}
# Sandbox ACQUISITION and SERVICES tokens live an hour, so their reminders must come sooner.
REMINDER_INTERVAL = {"Production": None, "Sandbox": "10m"}


class LivedWorld:
    """A server, the notifications its webhook received, and the world's tokens afterwards."""

    def __init__(self, server: EpsimServer, webhook: WebhookReceiver):
        self.server = server
        self.webhook = webhook
        self.environment = "Sandbox" if server.environment == "sandbox" else "Production"
        self.token_strings = []
        for device in ("alice.iphone", "kenji.iphone"):
            server.control({"type": "install", "device": device})
        for device, token_type in (("alice.iphone", "SERVICES"), ("alice.iphone", "ACQUISITION"),
                                   ("kenji.iphone", "IN_APP"), ("kenji.iphone", "LINK_OUT")):
            answer = server.control({"type": "requestToken", "device": device,
                                     "tokenType": token_type})
            self.token_strings += [token["token"] for token in answer.get("tokens", [])]
        answer = server.control({"type": "presentNoticeSheet", "device": "alice.iphone"})
        self.token_strings += [token["token"] for token in answer.get("tokens", [])]
        server.control({"type": "advanceClock", "by": LIFETIME_MS[self.environment]})
        self.tokens = {token["externalPurchaseId"]: token for token in server.tokens()}
        self.deliveries = {entry["notificationUUID"]: entry for entry in server.delivery_log()}
        self.signed_payloads = webhook.signed_payloads()


def _lived_world(environment: str, tmp_path_factory, key: SigningKey):
    directory = tmp_path_factory.mktemp(environment.lower())
    webhook = WebhookReceiver()
    server = EpsimServer(epsim_binary(), directory, environment.lower(), key, webhook.url,
                         reminder_interval=REMINDER_INTERVAL[environment])
    try:
        world = LivedWorld(server, webhook)
    except BaseException:
        server.stop()
        webhook.stop()
        raise
    return world


@pytest.fixture(scope="session")
def signing_key(tmp_path_factory) -> SigningKey:
    return SigningKey(pathlib.Path(tmp_path_factory.mktemp("key")))


@pytest.fixture(scope="session", params=["Production", "Sandbox"])
def lived_world(request, tmp_path_factory, signing_key):
    world = _lived_world(request.param, tmp_path_factory, signing_key)
    yield world
    world.server.stop()
    world.webhook.stop()


def _stop(world):
    world.server.stop()
    world.webhook.stop()


@pytest.fixture(scope="session")
def commerce_world(tmp_path_factory, signing_key):
    """The App Store world the read-only API tests share (production: more than 60 renewals
    need real durations; the sandbox stops after 12)."""
    world = lived_commerce_world(tmp_path_factory, "Production", signing_key)
    yield world
    _stop(world)


@pytest.fixture(scope="module")
def changing_commerce_world(tmp_path_factory, signing_key):
    """The same world, for one test module that changes it (tokens, extensions, the clock)."""
    world = lived_commerce_world(tmp_path_factory, "Production", signing_key)
    yield world
    _stop(world)


class QuietWorld:
    """A server whose world has done nothing yet, for tests that add notifications of their own."""

    def __init__(self, server: EpsimServer, webhook: WebhookReceiver):
        self.server = server
        self.webhook = webhook
        self.environment = "Sandbox" if server.environment == "sandbox" else "Production"


def _quiet_world(environment, tmp_path_factory, signing_key, webhook_status):
    directory = tmp_path_factory.mktemp("quiet-" + environment.lower())
    webhook = WebhookReceiver(webhook_status)
    server = EpsimServer(epsim_binary(), directory, environment.lower(), signing_key, webhook.url)
    return QuietWorld(server, webhook)


@pytest.fixture(scope="module", params=["Production", "Sandbox"])
def quiet_world(request, tmp_path_factory, signing_key):
    world = _quiet_world(request.param, tmp_path_factory, signing_key, 200)
    yield world
    _stop(world)


@pytest.fixture(scope="module", params=["Production", "Sandbox"])
def refusing_world(request, tmp_path_factory, signing_key):
    """A quiet world whose webhook answers 500 to everything."""
    world = _quiet_world(request.param, tmp_path_factory, signing_key, 500)
    yield world
    _stop(world)
