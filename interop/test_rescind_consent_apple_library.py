"""RESCIND_CONSENT from `epsim serve` through Apple's own App Store Server Library: a parent or
guardian withdraws consent (control API `rescindConsent`); the notification carries `appData`
and no `data`, Apple's verifier takes the app and environment from `appData`, and the signed
app transaction in it verifies and matches what Get App Transaction Info answers."""

import pytest
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.signed_data_verifier import VerificationException, VerificationStatus

from apple_library import api_client, assert_same_fields, decoded_fields, verifier
from epsim_server import APP_APPLE_ID, BUNDLE_ID


def _rescind(world, customer):
    before = set(world.webhook.signed_payloads())
    world.server.commerce({"type": "rescindConsent", "customer": customer})
    return [payload for payload in world.webhook.signed_payloads() if payload not in before]


def test_a_rescinded_consent_decodes_with_app_data_and_no_data(quiet_world, signing_key):
    library = verifier(quiet_world.server, quiet_world.environment)
    [signed] = _rescind(quiet_world, "alice")
    decoded = library.verify_and_decode_notification(signed)
    assert decoded.notificationType == NotificationTypeV2.RESCIND_CONSENT
    assert decoded.rawNotificationType == "RESCIND_CONSENT"
    assert decoded.subtype is None and decoded.rawSubtype is None
    assert decoded.version == "2.0"
    assert decoded.data is None, "no data, so no data.bundleId"
    assert decoded.summary is None and decoded.externalPurchaseToken is None
    assert decoded.signedDate == quiet_world.server.now()
    app_data = decoded.appData
    # As in `data`: appAppleId "isn't present in the sandbox environment".
    expected_app = None if quiet_world.environment == "Sandbox" else APP_APPLE_ID
    assert app_data.bundleId == BUNDLE_ID and app_data.appAppleId == expected_app
    assert app_data.rawEnvironment == quiet_world.environment
    app_transaction = library.verify_and_decode_app_transaction(app_data.signedAppTransactionInfo)
    assert app_transaction.bundleId == BUNDLE_ID
    assert app_transaction.rawReceiptType == quiet_world.environment
    assert app_transaction.receiptCreationDate == decoded.signedDate
    # The same app transaction Get App Transaction Info signs for the customer at that time.
    client = api_client(quiet_world.server, signing_key, quiet_world.environment)
    answer = client.get_app_transaction_info(app_transaction.appTransactionId)
    served = library.verify_and_decode_app_transaction(answer.signedAppTransactionInfo)
    assert_same_fields(app_transaction, decoded_fields(served), "the notification's app transaction")
    # Get Notification History finds it by its type.
    page = client.get_notification_history(None, NotificationHistoryRequest(
        startDate=decoded.signedDate, endDate=decoded.signedDate + 1,
        notificationType=NotificationTypeV2.RESCIND_CONSENT))
    assert [item.signedPayload for item in page.notificationHistory] == [signed]
    # The delivery log shows it with no transaction.
    [entry] = [e for e in quiet_world.server.delivery_log() if e["notificationUUID"] == decoded.notificationUUID]
    assert entry["notificationType"] == "RESCIND_CONSENT" and entry["signedPayload"] == signed


def test_the_bundle_id_in_app_data_is_checked(quiet_world):
    [signed] = _rescind(quiet_world, "kenji")
    other_app = verifier(quiet_world.server, quiet_world.environment, bundle_id="com.example.other")
    with pytest.raises(VerificationException) as refusal:
        other_app.verify_and_decode_notification(signed)
    assert refusal.value.status == VerificationStatus.INVALID_APP_IDENTIFIER
    other_environment = "Production" if quiet_world.environment == "Sandbox" else "Sandbox"
    with pytest.raises(VerificationException) as refusal:
        verifier(quiet_world.server, other_environment).verify_and_decode_notification(signed)
    # A production verifier checks appAppleId first, which a sandbox payload leaves out.
    expected = (VerificationStatus.INVALID_APP_IDENTIFIER if other_environment == "Production"
                else VerificationStatus.INVALID_ENVIRONMENT)
    assert refusal.value.status == expected
