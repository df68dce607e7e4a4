"""EXTERNAL_PURCHASE_TOKEN notifications from `epsim serve`, verified and decoded by Apple's
own App Store Server Library, unmodified, with epsim's exported root as the only trusted root
and online checks off: the set-up docs/server-reference.md gives backend developers."""

import base64

import pytest
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.signed_data_verifier import (SignedDataVerifier, VerificationException,
                                                        VerificationStatus)

from epsim_server import APP_APPLE_ID, BUNDLE_ID

EVERY_SUBTYPE = {"CREATED", "UNREPORTED", "ACTIVE_TOKEN_REMINDER"}


def verifier(world, environment=None, bundle_id=BUNDLE_ID, app_apple_id=APP_APPLE_ID):
    return SignedDataVerifier([world.server.root_certificate_der()], False,
                              Environment(environment or world.environment), bundle_id, app_apple_id)


def test_every_subtype_was_delivered(lived_world):
    subtypes = {entry["subtype"] for entry in lived_world.deliveries.values()}
    assert subtypes == EVERY_SUBTYPE
    assert len(lived_world.signed_payloads) == len(lived_world.deliveries)
    assert all(entry["state"] == "delivered" for entry in lived_world.deliveries.values())


def test_every_notification_verifies_and_matches_the_world(lived_world):
    library = verifier(lived_world)
    decoded_subtypes = set()
    for signed in lived_world.signed_payloads:
        decoded = library.verify_and_decode_notification(signed)
        assert decoded.notificationType == NotificationTypeV2.EXTERNAL_PURCHASE_TOKEN
        assert decoded.version == "2.0"
        assert decoded.data is None and decoded.summary is None
        delivery = lived_world.deliveries[decoded.notificationUUID]
        assert delivery["signedPayload"] == signed
        # The library's Subtype enum (3.1.2) lacks CREATED and ACTIVE_TOKEN_REMINDER; it keeps
        # every value in rawSubtype.
        assert decoded.rawSubtype == delivery["subtype"]
        assert decoded.signedDate == delivery["dueAt"]
        token = decoded.externalPurchaseToken
        simulated = lived_world.tokens[token.externalPurchaseId]
        assert token.tokenCreationDate == simulated["tokenCreationDate"]
        assert token.appAppleId == APP_APPLE_ID
        assert token.bundleId == BUNDLE_ID
        assert simulated["environment"] == lived_world.environment.lower()
        assert token.externalPurchaseId.startswith("SANDBOX_") == (lived_world.environment == "Sandbox")
        decoded_subtypes.add(decoded.rawSubtype)
    assert decoded_subtypes == EVERY_SUBTYPE


def test_the_other_environment_is_refused(lived_world):
    other = "Sandbox" if lived_world.environment == "Production" else "Production"
    with pytest.raises(VerificationException) as refusal:
        verifier(lived_world, environment=other).verify_and_decode_notification(
            lived_world.signed_payloads[0])
    assert refusal.value.status == VerificationStatus.INVALID_ENVIRONMENT


def test_another_bundle_is_refused(lived_world):
    with pytest.raises(VerificationException) as refusal:
        verifier(lived_world, bundle_id="com.example.other").verify_and_decode_notification(
            lived_world.signed_payloads[0])
    assert refusal.value.status == VerificationStatus.INVALID_APP_IDENTIFIER


def _flip_one_byte(signed: str, part: int) -> str:
    """The JWS with one byte of its header, payload or signature changed."""
    parts = signed.split(".")
    raw = bytearray(base64.urlsafe_b64decode(parts[part] + "=" * (-len(parts[part]) % 4)))
    raw[len(raw) // 2] ^= 0x01
    parts[part] = base64.urlsafe_b64encode(bytes(raw)).rstrip(b"=").decode()
    return ".".join(parts)


@pytest.mark.parametrize("part", [0, 1, 2], ids=["header", "payload", "signature"])
def test_a_changed_byte_is_refused(lived_world, part):
    library = verifier(lived_world)
    for signed in lived_world.signed_payloads[:5]:
        with pytest.raises(VerificationException):
            library.verify_and_decode_notification(_flip_one_byte(signed, part))


def test_a_chain_from_another_root_is_refused(lived_world, tmp_path_factory):
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization
    # The intermediate certificate is not a trusted root: anchoring there must fail too.
    header = lived_world.signed_payloads[0].split(".")[0]
    import json
    x5c = json.loads(base64.urlsafe_b64decode(header + "=" * (-len(header) % 4)))["x5c"]
    intermediate = x509.load_der_x509_certificate(base64.b64decode(x5c[1]))
    stranger = SignedDataVerifier([intermediate.public_bytes(serialization.Encoding.DER)], False,
                                  Environment(lived_world.environment), BUNDLE_ID, APP_APPLE_ID)
    with pytest.raises(VerificationException) as refusal:
        stranger.verify_and_decode_notification(lived_world.signed_payloads[0])
    assert refusal.value.status == VerificationStatus.VERIFICATION_FAILURE
