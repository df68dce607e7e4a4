"""The app's own signed data, as a backend receives it from the app: StoreKit 2's
`jwsRepresentation` of a transaction and of the app transaction, from the control API of an
`epsim serve` whose catalog is an Xcode `.storekit` file (docs/storekit.md).

Apple's library, unmodified, must accept the chain form (the world's environment, the test CA)
with `SignedDataVerifier` for that environment, and the Xcode form (environment `Xcode`, one
self-signed certificate, as StoreKit Testing in Xcode signs) with the verifier's `XCODE`
environment. The library skips the chain for `XCODE`, so the independent stack (PyJWT and
cryptography) checks the Xcode form's signature with the certificate the server hands out."""

import base64
import json
import pathlib
import urllib.error
import urllib.request

import jwt
import pytest
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import (SignedDataVerifier, VerificationException,
                                                         VerificationStatus)
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from apple_library import assert_same_fields, verifier
from epsim_server import APP_APPLE_ID, BUNDLE_ID, EpsimServer, epsim_binary, world_setup
from webhook import WebhookReceiver

STOREKIT = pathlib.Path(__file__).resolve().parent.parent / "docs/examples/storekit/Newsstand.storekit"

STOREKIT_WORLD = world_setup(5) + """\
device alice.iphone iOS 26.4 storefront us
storekit """ + str(STOREKIT) + "\n"


@pytest.fixture(scope="module", params=["Production", "Sandbox"])
def storekit_world(request, tmp_path_factory, signing_key):
    directory = tmp_path_factory.mktemp("storekit-" + request.param.lower())
    webhook = WebhookReceiver()
    server = EpsimServer(epsim_binary(), directory, request.param.lower(), signing_key, webhook.url,
                         world=STOREKIT_WORLD)
    # A purchase is made in the app: install it first. The consumable first: the file fails
    # renewals, and epsim's failing billing then refuses purchases.
    server.control({"type": "install", "device": "alice.iphone"})
    server.commerce({"type": "buy", "device": "alice.iphone", "product": "news.back.issue"})
    # Alice is new to the group: the file's introductory offer is hers without naming it.
    server.commerce({"type": "buy", "device": "alice.iphone", "product": "news.monthly"})
    yield server, request.param
    server.stop()
    webhook.stop()


def _get(server, path):
    with urllib.request.urlopen(server.base_url + path, timeout=30) as answer:
        return answer.read()


def _jws(server, path, form=None):
    query = "" if form is None else f"?form={form}"
    return json.loads(_get(server, path + query))["jwsRepresentation"]


def _transactions(server):
    return {entry["payload"]["productId"]: entry["payload"] for entry in server.transactions("alice")}


def test_the_chain_form_verifies_in_the_worlds_environment(storekit_world):
    server, environment = storekit_world
    library = verifier(server, environment)
    for product, payload in _transactions(server).items():
        signed = _jws(server, f"/epsim/v1/commerce/customers/alice/transactions/{payload['transactionId']}/jws")
        decoded = library.verify_and_decode_signed_transaction(signed)
        assert_same_fields(decoded, payload, product)
    signed_app = _jws(server, "/epsim/v1/commerce/customers/alice/app-transaction/jws")
    app_transaction = library.verify_and_decode_app_transaction(signed_app)
    assert app_transaction.bundleId == BUNDLE_ID and app_transaction.rawReceiptType == environment
    # The other environment's verifier refuses it, as Apple's does (SPEC-APPSTORE 4.13).
    other = "Production" if environment == "Sandbox" else "Sandbox"
    with pytest.raises(VerificationException) as refusal:
        verifier(server, other).verify_and_decode_signed_transaction(signed)
    assert refusal.value.status == VerificationStatus.INVALID_ENVIRONMENT


def test_the_xcode_form_decodes_with_the_xcode_environment(storekit_world):
    server, _ = storekit_world
    xcode = SignedDataVerifier([], False, Environment.XCODE, BUNDLE_ID)
    payloads = _transactions(server)
    subscription = payloads["news.monthly"]
    signed = _jws(server, f"/epsim/v1/commerce/customers/alice/transactions/{subscription['transactionId']}/jws",
                  "xcode")
    decoded = xcode.verify_and_decode_signed_transaction(signed)
    assert decoded.environment == Environment.XCODE and decoded.rawEnvironment == "Xcode"
    assert_same_fields(decoded, dict(subscription, environment="Xcode"), "the Xcode form")
    signed_app = _jws(server, "/epsim/v1/commerce/customers/alice/app-transaction/jws", "xcode")
    app_transaction = xcode.verify_and_decode_app_transaction(signed_app)
    assert app_transaction.receiptType == Environment.XCODE and app_transaction.appAppleId == APP_APPLE_ID

    # One certificate, self-signed, the one the server hands out; it signed the JWS.
    header = jwt.get_unverified_header(signed)
    assert len(header["x5c"]) == 1 and header["alg"] == "ES256"
    certificate = x509.load_der_x509_certificate(base64.b64decode(header["x5c"][0]))
    assert certificate.issuer == certificate.subject
    served = x509.load_pem_x509_certificate(_get(server, "/epsim/v1/commerce/xcode-certificate.pem"))
    assert served == certificate
    public_pem = certificate.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    assert jwt.decode(signed, public_pem, algorithms=["ES256"])["environment"] == "Xcode"

    # A verifier for the App Store's environments refuses it: the chain is not Apple's.
    with pytest.raises(VerificationException) as refusal:
        verifier(server, "Sandbox").verify_and_decode_signed_transaction(signed)
    assert refusal.value.status == VerificationStatus.INVALID_CHAIN_LENGTH


def test_a_bad_form_or_an_unknown_transaction_is_refused(storekit_world):
    server, _ = storekit_world
    for path in ("/epsim/v1/commerce/customers/alice/app-transaction/jws?form=device",
                 "/epsim/v1/commerce/customers/alice/transactions/1/jws",
                 "/epsim/v1/commerce/customers/nobody/app-transaction/jws"):
        with pytest.raises(urllib.error.HTTPError) as refusal:
            _get(server, path)
        assert refusal.value.code in (400, 404), path
