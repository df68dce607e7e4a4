"""Purchases made through the control API, seen the way a backend sees them: notifications on
its webhook verified by Apple's SignedDataVerifier, and the history paged by Apple's client."""

from appstoreserverlibrary.api_client import GetTransactionHistoryVersion
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest

# Apple's history pages hold at most 20 transactions (docs/server-reference.md).
PAGE_SIZE = 20


def test_a_purchase_sends_a_notification_apples_verifier_accepts(epsim_server):
    epsim_server.events({"type": "install", "device": "alice.iphone"})
    answer = epsim_server.commerce({"type": "buy", "device": "alice.iphone",
                                    "product": "premium.monthly"})
    bought = answer["events"][0]["transaction"]
    # epsim sends what fell due before the control call answers.
    (payload,) = epsim_server.notifications()
    notification = epsim_server.verifier.verify_and_decode_notification(payload)
    assert notification.notificationType == NotificationTypeV2.SUBSCRIBED
    assert notification.data.bundleId == epsim_server.bundle_id
    assert notification.data.environment.value == epsim_server.environment
    transaction = epsim_server.verifier.verify_and_decode_signed_transaction(
        notification.data.signedTransactionInfo)
    assert transaction.transactionId == bought["transactionId"]
    assert transaction.productId == "premium.monthly"


def test_the_history_comes_in_two_pages_through_apples_client(epsim_server):
    epsim_server.events({"type": "install", "device": "alice.iphone"})
    count = PAGE_SIZE + 5
    for _ in range(count):
        epsim_server.commerce({"type": "buy", "device": "alice.iphone", "product": "coins.100"})
    made = [entry["payload"]["transactionId"]
            for entry in epsim_server.get("commerce/customers/alice/transactions")]
    assert len(made) == count

    pages, listed, revision = [], [], None
    while True:
        page = epsim_server.client.get_transaction_history(
            made[0], revision, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
        pages.append(len(page.signedTransactions))
        listed += [epsim_server.verifier.verify_and_decode_signed_transaction(signed).transactionId
                   for signed in page.signedTransactions]
        revision = page.revision
        if not page.hasMore:
            break
    assert pages == [PAGE_SIZE, count - PAGE_SIZE]
    assert sorted(listed) == sorted(made)
