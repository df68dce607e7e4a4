"""App Store Server Notifications V2 for Apple purchases from `epsim serve`, through Apple's own
App Store Server Library: every notification the webhook received verifies and decodes, with
its signed transaction and renewal info, and says what the world did; a test notification and
the notification history read through `AppStoreServerAPIClient`."""

import pytest
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2

from apple_library import assert_same_fields, world_fixtures
from commerce_world import CUSTOMERS
from epsim_server import APP_APPLE_ID, BUNDLE_ID

# Fields a transaction gains after it is signed into a notification: a later refund.
LATER_FIELDS = {"signedDate", "revocationDate", "revocationReason", "revocationType", "revocationPercentage"}


client, library = world_fixtures("commerce_world")


@pytest.fixture(scope="module")
def world_transactions(commerce_world):
    return {tid: payload for customer in CUSTOMERS for tid, payload in commerce_world.payloads(customer).items()}


def test_every_commerce_notification_verifies_and_matches_the_world(commerce_world, library, world_transactions):
    payloads = commerce_world.webhook.signed_payloads()
    assert payloads, "the premise: the world notified the webhook"
    types = set()
    for signed in payloads:
        decoded = library.verify_and_decode_notification(signed)
        assert decoded.version == "2.0"
        types.add(decoded.rawNotificationType)
        if decoded.rawNotificationType == "EXTERNAL_PURCHASE_TOKEN":
            # The installs that come before the purchases started token periods; their
            # notifications verify too, and carry a token instead of purchase data.
            assert decoded.externalPurchaseToken is not None and decoded.data is None
            continue
        data = decoded.data
        # Apple: appAppleId "isn't present in the sandbox environment".
        expected_app = None if commerce_world.environment == "Sandbox" else APP_APPLE_ID
        assert data.bundleId == BUNDLE_ID and data.appAppleId == expected_app
        assert data.rawEnvironment == commerce_world.environment
        transaction = library.verify_and_decode_signed_transaction(data.signedTransactionInfo)
        assert transaction.signedDate == decoded.signedDate
        held = world_transactions[transaction.transactionId]
        assert_same_fields(transaction, held, f"{decoded.rawNotificationType} transaction", ignore=LATER_FIELDS)
        if decoded.rawNotificationType == "REFUND":
            assert transaction.revocationDate == held["revocationDate"]
            assert transaction.rawRevocationReason == held["revocationReason"]
        if data.signedRenewalInfo:
            renewal = library.verify_and_decode_renewal_info(data.signedRenewalInfo)
            assert renewal.originalTransactionId == transaction.originalTransactionId
            assert renewal.signedDate == decoded.signedDate
    assert {"SUBSCRIBED", "DID_RENEW", "DID_CHANGE_RENEWAL_STATUS", "DID_FAIL_TO_RENEW", "EXPIRED",
            "REFUND", "ONE_TIME_CHARGE"} <= types



def _history(client, request):
    items, token = [], None
    while True:
        page = client.get_notification_history(token, request)
        items += page.notificationHistory
        if not page.hasMore:
            return items
        token = page.paginationToken


@pytest.mark.parametrize("customer", ["alice", "dave"])
def test_notification_history_of_a_customer(commerce_world, client, library, customer):
    """The last 180 days of one customer's App Store notifications, named by any of their ids."""
    now = commerce_world.server.now()
    start, end = now - 180 * 24 * 3600 * 1000, now + 1
    held = commerce_world.payloads(customer)
    log = commerce_world.server.delivery_log()
    expected = {entry["notificationUUID"]: entry for entry in log
                if start <= entry["dueAt"] < end and entry.get("transactionId") in held}
    assert expected, "the premise: the customer was notified in the window"
    items = _history(client, NotificationHistoryRequest(startDate=start, endDate=end,
                                                        transactionId=next(iter(held))))
    got = {}
    for item in items:
        decoded = library.verify_and_decode_notification(item.signedPayload)
        transaction = library.verify_and_decode_signed_transaction(decoded.data.signedTransactionInfo)
        assert transaction.transactionId in held
        got[decoded.notificationUUID] = item.signedPayload
    assert got == {uuid: entry["signedPayload"] for uuid, entry in expected.items()}


def test_notification_history_by_type(commerce_world, client, library):
    now = commerce_world.server.now()
    start, end = now - 180 * 24 * 3600 * 1000, now + 1
    items = _history(client, NotificationHistoryRequest(startDate=start, endDate=end,
                                                        notificationType=NotificationTypeV2.REFUND))
    decoded = [library.verify_and_decode_notification(item.signedPayload) for item in items]
    expected = {e["notificationUUID"] for e in commerce_world.server.delivery_log()
                if e["notificationType"] == "REFUND" and start <= e["dueAt"] < end}
    assert len(expected) == 2
    assert {d.notificationUUID for d in decoded} == expected
