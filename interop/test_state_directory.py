"""`epsim serve --state DIR`: a mock a team leaves running. Apple's own verifier checks that
notifications signed before and after a restart chain to the one root the directory keeps, and a
crash test kills the server with SIGKILL at random moments under load: every change it
acknowledged is found again after the restart, and the backend's webhook never gets one
notification twice."""

import base64
import json
import random
import threading
import urllib.error
import uuid

import requests

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from apple_library import api_client
from epsim_server import APP_APPLE_ID, BUNDLE_ID, EpsimServer, epsim_binary, world_setup
from webhook import WebhookReceiver

HOUR_MS = 60 * 60 * 1000
REPORTS = "/externalPurchase/v1/reports"

STATE_WORLD = world_setup(5, "custom-link-regions nl") + """\
entitlement external-purchase
plist SKExternalPurchase nl
device alice.iphone iOS 18.2 storefront nl
product coins consumable price NLD 0.99 EUR
"""


def start(tmp_path, signing_key, webhook, first: bool) -> EpsimServer:
    return EpsimServer(epsim_binary(), tmp_path, "sandbox", signing_key, webhook.url,
                       world=STATE_WORLD if first else None,
                       extra_arguments=["--state", str(tmp_path / "state")])


def notification_uuid(signed_payload: str) -> str:
    payload = signed_payload.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))["notificationUUID"]


def test_notifications_signed_before_and_after_a_restart_verify_against_one_root(tmp_path, signing_key):
    webhook = WebhookReceiver()
    try:
        server = start(tmp_path, signing_key, webhook, first=True)
        server.control({"type": "install", "device": "alice.iphone"})
        server.control({"type": "requestToken", "device": "alice.iphone", "tokenType": "SERVICES"})
        root_before = server.root_certificate_der()
        server.process.kill()
        server.process.wait()
        server.stop()

        server = start(tmp_path, signing_key, webhook, first=False)
        assert server.root_certificate_der() == root_before, "the directory keeps the root"
        server.control({"type": "advanceClock", "by": 2 * HOUR_MS})  # UNREPORTED, signed now
        verifier = SignedDataVerifier([root_before], False, Environment.SANDBOX, BUNDLE_ID,
                                      APP_APPLE_ID)
        payloads = webhook.signed_payloads()
        subtypes = [verifier.verify_and_decode_notification(signed).rawSubtype for signed in payloads]
        assert subtypes == ["CREATED", "UNREPORTED"]
        server.stop()
    finally:
        webhook.stop()


class Load:
    """Changes sent to the server until it dies, and which of them it acknowledged (a 2xx came
    back): tokens made, reports accepted, purchases made, the clock's latest answer."""

    def __init__(self, server: EpsimServer, client, rng: random.Random):
        self.server, self.client, self.rng = server, client, rng
        self.tokens, self.reports, self.transactions = set(), {}, set()
        self.now = 0

    def run(self):
        try:
            while True:
                self.step()
        except Exception:  # the server was killed: the connection broke
            pass

    def step(self):
        choice = self.rng.randrange(4)
        if choice == 0:
            answer = self.server.control({"type": "requestToken", "device": "alice.iphone",
                                          "tokenType": "SERVICES"})
            self.tokens.update(token["externalPurchaseId"] for token in answer.get("tokens", []))
            self.now = answer["now"]
        elif choice == 1:
            answer = self.server.control({"type": "advanceClock", "by": 10 * 60 * 1000})
            self.now = answer["now"]
        elif choice == 2:
            answer = self.server.commerce({"type": "buy", "product": "coins", "device": "alice.iphone"})
            self.transactions.update(event["transaction"]["transactionId"]
                                     for event in answer.get("events", []) if "transaction" in event)
        else:
            plan = self.server._request("GET", "/epsim/v1/plan")
            if not plan:
                return
            report = dict(plan[0]["report"], requestIdentifier=str(uuid.uuid4()).upper())
            self.client._make_request(REPORTS, "PUT", {}, json.dumps(report).encode(), None,
                                      "application/json")
            self.reports[report["requestIdentifier"]] = report


def transactions_of(server: EpsimServer, customer: str) -> list:
    """The customer's transactions; none before their first purchase (the App Store does not
    know them yet and answers 404)."""
    try:
        return server.transactions(customer)
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return []
        raise


def check_acknowledged(server: EpsimServer, client, acknowledged: dict):
    tokens = {token["externalPurchaseId"] for token in server.tokens()}
    missing = acknowledged["tokens"] - tokens
    assert not missing, f"acknowledged tokens lost: {missing}"
    transactions = {t["payload"]["transactionId"] for t in transactions_of(server, "alice")}
    assert acknowledged["transactions"] <= transactions, "an acknowledged purchase was lost"
    for identifier, report in acknowledged["reports"].items():
        answer = requests.get(client._get_full_url(f"{REPORTS}/{identifier}"),
                              headers=client._get_headers(), timeout=30)
        assert answer.status_code == 200 and answer.json() == report, f"report {identifier} was lost"
    assert server.now() >= acknowledged["now"], "the clock went back"


def test_sigkill_at_random_moments_loses_nothing_acknowledged_and_sends_nothing_twice(
        tmp_path, signing_key):
    rng = random.Random(20261127)
    webhook = WebhookReceiver()
    acknowledged = {"tokens": set(), "reports": {}, "transactions": set(), "now": 0}
    try:
        server = start(tmp_path, signing_key, webhook, first=True)
        server.control({"type": "install", "device": "alice.iphone"})
        for _ in range(20):
            client = api_client(server, signing_key, "Sandbox")
            check_acknowledged(server, client, acknowledged)
            load = Load(server, client, rng)
            worker = threading.Thread(target=load.run)
            worker.start()
            threading.Event().wait(rng.uniform(0.05, 0.8))  # the moment of the kill, at random
            server.process.kill()
            server.process.wait()
            worker.join(60)
            server.stop()
            acknowledged["tokens"] |= load.tokens
            acknowledged["reports"].update(load.reports)
            acknowledged["transactions"] |= load.transactions
            acknowledged["now"] = max(acknowledged["now"], load.now)
            server = start(tmp_path, signing_key, webhook, first=False)
        check_acknowledged(server, api_client(server, signing_key, "Sandbox"), acknowledged)
        assert acknowledged["tokens"] and acknowledged["reports"] and acknowledged["transactions"], (
            "the load made every kind of change")
        uuids = [notification_uuid(signed) for signed in webhook.signed_payloads()]
        assert uuids, "notifications went out"
        assert len(uuids) == len(set(uuids)), "a notification reached the webhook twice"
        server.stop()
    finally:
        webhook.stop()
