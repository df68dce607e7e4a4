"""Offers of SPEC-APPSTORE-2026 3 and 4 through Apple's own library. The backend's signed introductory offer eligibility (SPEC-APPSTORE-2026 3), made by Apple's own
`IntroductoryOfferEligibilitySignatureCreator`, unmodified, and handed to a control API `buy` as
the app would hand it to StoreKit's `purchase(options:)`: epsim verifies it with the In-App
Purchase key `epsim serve` was given and its `allowIntroductoryOffer` decides the free trial.
A signature by another key is refused, naming the member. An offer code redeemed for a one-time
product (`ONE_TIME`) decodes with Apple's library from Get Transaction Info."""

import json
import urllib.error

import pytest
from appstoreserverlibrary.jws_signature_creator import IntroductoryOfferEligibilitySignatureCreator
from appstoreserverlibrary.models.OfferDiscountType import OfferDiscountType
from appstoreserverlibrary.models.OfferType import OfferType

from apple_library import api_client, verifier

from epsim_server import (BUNDLE_ID, ISSUER_ID, KEY_ID, EpsimServer, SigningKey, epsim_binary,
                          world_setup)
from webhook import WebhookReceiver

TRIAL_WORLD = world_setup(9) + """\
device alice.iphone iOS 26.4 storefront us
device bob.iphone iOS 26.4 storefront us
device carol.iphone iOS 26.4 storefront us
product premium.yearly subscription group premium level 1 P1Y price USA 99.99 USD offer trial introductory free-trial P1W
product lifetime non-consumable price USA 29.99 USD offer lifetime.half offer-code one-time price USA 14.99
"""


@pytest.fixture(scope="module")
def trial_server(tmp_path_factory, signing_key):
    directory = tmp_path_factory.mktemp("eligibility")
    webhook = WebhookReceiver()
    server = EpsimServer(epsim_binary(), directory, "sandbox", signing_key, webhook.url,
                         world=TRIAL_WORLD)
    for customer in ("alice", "bob", "carol"):
        server.control({"type": "install", "device": f"{customer}.iphone"})
    yield server
    server.stop()
    webhook.stop()


def _creator(key: SigningKey) -> IntroductoryOfferEligibilitySignatureCreator:
    return IntroductoryOfferEligibilitySignatureCreator(key.private_pem, KEY_ID, ISSUER_ID, BUNDLE_ID)


def _buy(server, device, option=None):
    step = {"type": "buy", "device": device, "product": "premium.yearly"}
    if option is not None:
        step["introductoryOfferEligibility"] = option
    [event, *_] = server.commerce(step)["events"]
    return event["transaction"]


def test_apples_signed_claim_decides_the_free_trial(trial_server, signing_key):
    creator = _creator(signing_key)
    # Any of the customer's transactions may be named; a newcomer's appTransactionId will do.
    withheld = creator.create_signature("premium.yearly", False, "705000000000001")
    full = _buy(trial_server, "alice.iphone", withheld)
    assert full.get("offerType") is None and full["price"] == 99990
    granted = creator.create_signature("premium.yearly", True, "705000000000002")
    trial = _buy(trial_server, "bob.iphone", granted)
    assert trial["offerType"] == 1 and trial["offerDiscountType"] == "FREE_TRIAL" and trial["price"] == 0
    # Without an option the App Store's own rule applies: carol is new to the group.
    plain = _buy(trial_server, "carol.iphone")
    assert plain["offerType"] == 1


def test_an_option_signed_by_another_key_is_refused(trial_server, tmp_path_factory):
    stranger = SigningKey(tmp_path_factory.mktemp("stranger"))
    option = _creator(stranger).create_signature("premium.yearly", True, "705000000000003")
    before = len(trial_server.transactions("alice"))
    with pytest.raises(urllib.error.HTTPError) as refusal:
        trial_server.commerce({"type": "buy", "device": "alice.iphone", "product": "premium.yearly",
                               "introductoryOfferEligibility": option})
    assert refusal.value.code == 400
    body = json.loads(refusal.value.read())
    assert body["fieldName"] == "introductoryOfferEligibility"
    assert "signature does not verify" in body["errorMessage"]
    assert len(trial_server.transactions("alice")) == before, "nothing was bought"


def test_a_one_time_products_offer_code_decodes_as_one_time(trial_server, signing_key):
    [event, *_] = trial_server.commerce({"type": "buy", "device": "carol.iphone", "product": "lifetime",
                                         "offer": "lifetime.half"})["events"]
    assert event["notificationType"] == "ONE_TIME_CHARGE"
    client = api_client(trial_server, signing_key, "Sandbox")
    answer = client.get_transaction_info(event["transaction"]["transactionId"])
    decoded = verifier(trial_server, "Sandbox").verify_and_decode_signed_transaction(
        answer.signedTransactionInfo)
    assert decoded.offerType == OfferType.OFFER_CODE
    assert decoded.offerDiscountType == OfferDiscountType.ONE_TIME
    assert decoded.offerIdentifier == "lifetime.half"
    assert decoded.offerPeriod is None
    assert decoded.price == 14990
