"""A world with Apple purchases behind `epsim serve`, lived through the control API only: a long
weekly subscription (more than 60 transactions, so history takes several pages), a trial that
ends with auto-renew off, a family plan shared with a family member, a failing card in grace
period, a refund that revokes a subscription and a refunded consumable."""

from epsim_server import EpsimServer, epsim_binary, world_setup
from webhook import WebhookReceiver

DAY_MS = 24 * 60 * 60 * 1000

# The products are the scenario's setup; every purchase after that goes over the control API.
COMMERCE_WORLD = world_setup(11) + """\
device alice.iphone iOS 26.4 storefront us
device bob.iphone iOS 26.4 storefront us
device carol.iphone iOS 26.4 storefront us
device dave.iphone iOS 26.4 storefront us
device erin.iphone iOS 26.4 storefront us
product news.weekly subscription group news level 1 P1W price USA 1.99 USD
product premium.monthly subscription group premium level 2 P1M price USA 9.99 USD offer trial introductory free-trial P1W
product premium.pro subscription group premium level 1 P1M price USA 14.99 USD
product family.monthly subscription group family level 1 P1M price USA 14.99 USD family
product coins consumable price USA 0.99 USD
product lifetime non-consumable price USA 29.99 USD family
commerce grace-period 16d
"""

ALICE_TOKEN = "7e3fb20b-4cdd-4d2f-9c63-ee1a1d3b2a51"
ERIN_TOKEN = "0d5e1e86-7a6b-4b47-93c5-6f4c3c1f8a20"
CUSTOMERS = ("alice", "bob", "carol", "dave", "erin")


class CommerceWorld:
    """One server whose App Store lived about 430 days, and what its webhook received."""

    def __init__(self, server: EpsimServer, webhook: WebhookReceiver):
        self.server = server
        self.webhook = webhook
        self.environment = "Sandbox" if server.environment == "sandbox" else "Production"
        step = server.commerce
        # A purchase is made in the app: each customer installs it first.
        for customer in CUSTOMERS:
            server.control({"type": "install", "device": f"{customer}.iphone"})
        # Alice is new to the premium group: the App Store gives her its free trial by itself.
        step({"type": "buy", "device": "alice.iphone", "product": "premium.monthly",
              "appAccountToken": ALICE_TOKEN})
        step({"type": "buy", "device": "alice.iphone", "product": "news.weekly"})
        step({"type": "buy", "device": "alice.iphone", "product": "coins", "quantity": 3})
        step({"type": "buy", "device": "alice.iphone", "product": "lifetime"})
        step({"type": "buy", "device": "bob.iphone", "product": "coins"})
        step({"type": "joinFamily", "customer": "alice", "family": "smiths"})
        step({"type": "joinFamily", "customer": "bob", "family": "smiths"})
        step({"type": "buy", "device": "alice.iphone", "product": "family.monthly"})
        # The others pay from the first month: the backend's signed eligibility claim withholds
        # the trial (SPEC-APPSTORE-2026 3), so their renewals fall on the dates the tests expect.
        full_price = {"allowIntroductoryOffer": False}
        for customer in ("carol", "dave"):
            step({"type": "buy", "device": f"{customer}.iphone", "product": "premium.monthly",
                  **full_price})
        step({"type": "buy", "device": "erin.iphone", "product": "premium.monthly",
              "appAccountToken": ERIN_TOKEN, **full_price})
        self.advance(100 * DAY_MS)
        # Alice's premium plan stops at the end of its period: status 2 later on.
        step({"type": "autoRenew", "customer": "alice", "group": "premium", "enabled": False})
        self.advance(310 * DAY_MS)
        # Carol's card fails before her next renewal: grace period (status 4) at the end.
        step({"type": "billing", "customer": "carol", "fails": True})
        self.advance(19 * DAY_MS)
        # Dave's newest premium transaction is refunded (status 5); Alice's coins too.
        step({"type": "refund", "customer": "dave", "product": "premium.monthly"})
        step({"type": "refund", "customer": "alice", "product": "coins", "reason": "app-issue"})
        self.advance(DAY_MS)

    def advance(self, milliseconds: int):
        self.server.control({"type": "advanceClock", "by": milliseconds})

    def transactions(self, customer: str) -> list:
        return self.server.transactions(customer)

    def payloads(self, customer: str) -> dict:
        """The customer's decoded transactions as the world holds them, by transaction id."""
        return {entry["payload"]["transactionId"]: entry["payload"]
                for entry in self.server.transactions(customer)}


def lived_commerce_world(tmp_path_factory, environment: str, key) -> CommerceWorld:
    directory = tmp_path_factory.mktemp("commerce-" + environment.lower())
    webhook = WebhookReceiver()
    server = EpsimServer(epsim_binary(), directory, environment.lower(), key, webhook.url,
                         world=COMMERCE_WORLD)
    try:
        return CommerceWorld(server, webhook)
    except BaseException:
        server.stop()
        webhook.stop()
        raise
