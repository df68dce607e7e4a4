"""Request a Test Notification and Get Test Notification Status of `epsim serve` through Apple's
own App Store Server Library: the TEST notification reaches the webhook, the status endpoint
returns the same signed payload with its send attempt, and the library's verifier accepts it."""

import pytest
from appstoreserverlibrary.api_client import APIException
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.SendAttemptResult import SendAttemptResult

from apple_library import api_client, verifier
from epsim_server import APP_APPLE_ID, BUNDLE_ID


def test_a_test_notification_arrives_and_its_status_reads_back(quiet_world, signing_key):
    client = api_client(quiet_world.server, signing_key, quiet_world.environment)
    library = verifier(quiet_world.server, quiet_world.environment)
    answer = client.request_test_notification()
    assert answer.testNotificationToken
    status = client.get_test_notification_status(answer.testNotificationToken)
    # Sent before the answer: the webhook has it already, byte for byte.
    assert status.signedPayload in quiet_world.webhook.signed_payloads()
    decoded = library.verify_and_decode_notification(status.signedPayload)
    assert decoded.notificationType == NotificationTypeV2.TEST
    assert decoded.subtype is None and decoded.rawSubtype is None
    assert decoded.version == "2.0"
    # Apple: appAppleId "isn't present in the sandbox environment".
    expected_app = None if quiet_world.environment == "Sandbox" else APP_APPLE_ID
    assert decoded.data.bundleId == BUNDLE_ID and decoded.data.appAppleId == expected_app
    assert decoded.data.rawEnvironment == quiet_world.environment
    assert decoded.data.signedTransactionInfo is None and decoded.data.signedRenewalInfo is None
    assert decoded.signedDate == quiet_world.server.now()
    assert [(a.attemptDate, a.sendAttemptResult) for a in status.sendAttempts] == [
        (decoded.signedDate, SendAttemptResult.SUCCESS)]
    # The delivery log agrees, and the history lists it.
    [entry] = [e for e in quiet_world.server.delivery_log() if e["notificationUUID"] == decoded.notificationUUID]
    assert entry["signedPayload"] == status.signedPayload and entry["notificationType"] == "TEST"
    page = client.get_notification_history(None, NotificationHistoryRequest(
        startDate=decoded.signedDate, endDate=decoded.signedDate + 1, notificationType=NotificationTypeV2.TEST))
    assert [item.signedPayload for item in page.notificationHistory] == [status.signedPayload]


@pytest.mark.parametrize("token,status,code", [
    ("not-a-token", 400, 4000020),
    ("6e1d6d3c-0f6a-4c3e-9d2c-2f8b5d1e0a77_1772355600000", 404, 4040008),
])
def test_a_bad_test_notification_token_is_refused(quiet_world, signing_key, token, status, code):
    client = api_client(quiet_world.server, signing_key, quiet_world.environment)
    with pytest.raises(APIException) as refusal:
        client.get_test_notification_status(token)
    assert refusal.value.http_status_code == status
    assert refusal.value.raw_api_error == code


def test_a_refused_test_notification_shows_as_a_failure(refusing_world, signing_key):
    client = api_client(refusing_world.server, signing_key, refusing_world.environment)
    library = verifier(refusing_world.server, refusing_world.environment)
    token = client.request_test_notification().testNotificationToken
    status = client.get_test_notification_status(token)
    decoded = library.verify_and_decode_notification(status.signedPayload)
    assert [(a.attemptDate, a.sendAttemptResult) for a in status.sendAttempts] == [
        (decoded.signedDate, SendAttemptResult.UNSUCCESSFUL_HTTP_RESPONSE_CODE)]
    window = NotificationHistoryRequest(startDate=decoded.signedDate, endDate=decoded.signedDate + 1)
    for only_failures in (True, None):
        window.onlyFailures = only_failures
        page = client.get_notification_history(None, window)
        assert [item.signedPayload for item in page.notificationHistory] == [status.signedPayload]
