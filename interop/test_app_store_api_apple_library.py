"""The App Store Server API of `epsim serve` through Apple's own App Store Server Library,
unmodified: `AppStoreServerAPIClient` reads a world that lived over a year of purchases, and
`SignedDataVerifier` (epsim's root trusted, online checks off) verifies every signed transaction
and renewal info it returns. Every field the library decodes must be the world's, as the control
API reports it at the same instant."""

import pytest
from appstoreserverlibrary.api_client import GetTransactionHistoryVersion
from appstoreserverlibrary.models.InAppOwnershipType import InAppOwnershipType
from appstoreserverlibrary.models.OrderLookupStatus import OrderLookupStatus
from appstoreserverlibrary.models.Status import Status
from appstoreserverlibrary.models.TransactionHistoryRequest import (Order, ProductType,
                                                                   TransactionHistoryRequest)

from apple_library import assert_same_fields, world_fixtures
from epsim_server import APP_APPLE_ID, BUNDLE_ID

VERSIONS = [GetTransactionHistoryVersion.V1, GetTransactionHistoryVersion.V2]
PRODUCT_TYPES = {"Auto-Renewable Subscription": ProductType.AUTO_RENEWABLE,
                 "Non-Renewing Subscription": ProductType.NON_RENEWABLE,
                 "Consumable": ProductType.CONSUMABLE, "Non-Consumable": ProductType.NON_CONSUMABLE}


client, library = world_fixtures("commerce_world")


def page_through(client, any_id, request, version=GetTransactionHistoryVersion.V2):
    """Every page of a history query, in order, as the library returns them."""
    pages, revision = [], None
    while True:
        page = client.get_transaction_history(any_id, revision, request, version)
        pages.append(page)
        assert page.bundleId == BUNDLE_ID and page.appAppleId == APP_APPLE_ID
        assert page.rawEnvironment == "Production"
        assert len(page.signedTransactions) <= 20
        if not page.hasMore:
            return pages
        assert len(page.signedTransactions) == 20, "a page before the last is full"
        assert page.revision and page.revision != revision
        revision = page.revision


def verified_history(client, library, world, customer, any_id, request, version=GetTransactionHistoryVersion.V2):
    """The transactions of a history query, verified, each compared field by field with the world."""
    held = world.payloads(customer)
    decoded = []
    for page in page_through(client, any_id, request, version):
        for signed in page.signedTransactions:
            transaction = library.verify_and_decode_signed_transaction(signed)
            expected = dict(held[transaction.transactionId])
            # Apple signs at the time of the request: the world's signedDate is its now.
            assert_same_fields(transaction, expected, f"transaction {transaction.transactionId}")
            decoded.append(transaction)
    return decoded


@pytest.mark.parametrize("version", VERSIONS, ids=["v1", "v2"])
def test_history_pages_through_every_transaction(commerce_world, client, library, version):
    held = commerce_world.payloads("alice")
    assert len(held) > 60, "the premise: several pages"
    # Any of the customer's transaction ids names the customer.
    any_id = sorted(held)[len(held) // 2]
    decoded = verified_history(client, library, commerce_world, "alice", any_id,
                               TransactionHistoryRequest(), version)
    ids = [transaction.transactionId for transaction in decoded]
    assert len(ids) == len(set(ids)), "each transaction exactly once"
    assert set(ids) == set(held)


def test_history_sorts_both_ways(commerce_world, client, library):
    any_id = next(iter(commerce_world.payloads("alice")))
    ascending = [t.transactionId for t in verified_history(
        client, library, commerce_world, "alice", any_id, TransactionHistoryRequest(sort=Order.ASCENDING))]
    descending = [t.transactionId for t in verified_history(
        client, library, commerce_world, "alice", any_id, TransactionHistoryRequest(sort=Order.DESCENDING))]
    assert descending == list(reversed(ascending))


def _filtered(world, customer, keep):
    return {tid for tid, payload in world.payloads(customer).items() if keep(payload)}


@pytest.mark.parametrize("request_,keep", [
    (TransactionHistoryRequest(productIds=["news.weekly"]), lambda p: p["productId"] == "news.weekly"),
    (TransactionHistoryRequest(productIds=["coins", "lifetime"]),
     lambda p: p["productId"] in ("coins", "lifetime")),
    (TransactionHistoryRequest(productTypes=[ProductType.AUTO_RENEWABLE]),
     lambda p: p["type"] == "Auto-Renewable Subscription"),
    (TransactionHistoryRequest(productTypes=[ProductType.CONSUMABLE, ProductType.NON_CONSUMABLE]),
     lambda p: p["type"] in ("Consumable", "Non-Consumable")),
    (TransactionHistoryRequest(subscriptionGroupIdentifiers=["premium", "family"]),
     lambda p: p.get("subscriptionGroupIdentifier") in ("premium", "family")),
    (TransactionHistoryRequest(revoked=True), lambda p: "revocationDate" in p),
    (TransactionHistoryRequest(revoked=False), lambda p: "revocationDate" not in p),
    (TransactionHistoryRequest(inAppOwnershipType=InAppOwnershipType.PURCHASED),
     lambda p: p["inAppOwnershipType"] == "PURCHASED"),
    (TransactionHistoryRequest(productIds=["news.weekly"], sort=Order.DESCENDING, revoked=False),
     lambda p: p["productId"] == "news.weekly" and "revocationDate" not in p),
], ids=["product", "products", "type", "types", "groups", "revoked", "not-revoked", "purchased",
        "combined"])
def test_history_filters(commerce_world, client, library, request_, keep):
    expected = _filtered(commerce_world, "alice", keep)
    assert expected, "the premise: the filter keeps something"
    any_id = next(iter(commerce_world.payloads("alice")))
    decoded = verified_history(client, library, commerce_world, "alice", any_id, request_)
    assert [t.transactionId for t in decoded if t.transactionId not in expected] == []
    assert {t.transactionId for t in decoded} == expected


def test_history_dates_keep_purchases_in_the_window(commerce_world, client, library):
    held = commerce_world.payloads("alice")
    dates = sorted(payload["purchaseDate"] for payload in held.values())
    start, end = dates[10], dates[50]
    expected = {tid for tid, p in held.items() if start <= p["purchaseDate"] < end}
    decoded = verified_history(client, library, commerce_world, "alice", next(iter(held)),
                               TransactionHistoryRequest(startDate=start, endDate=end))
    assert {t.transactionId for t in decoded} == expected


def test_history_of_a_family_member(commerce_world, client, library):
    held = commerce_world.payloads("bob")
    shared = {tid for tid, p in held.items() if p["inAppOwnershipType"] == "FAMILY_SHARED"}
    assert shared and len(shared) < len(held), "the premise: bob has his own and shared purchases"
    decoded = verified_history(client, library, commerce_world, "bob", next(iter(held)),
                               TransactionHistoryRequest(inAppOwnershipType=InAppOwnershipType.FAMILY_SHARED))
    assert {t.transactionId for t in decoded} == shared
    assert {t.productId for t in decoded} >= {"family.monthly"}


def test_transaction_info_of_every_transaction(commerce_world, client, library):
    for customer in ("alice", "bob"):
        for tid, payload in commerce_world.payloads(customer).items():
            answer = client.get_transaction_info(tid)
            transaction = library.verify_and_decode_signed_transaction(answer.signedTransactionInfo)
            assert_same_fields(transaction, payload, f"transaction {tid}")


def _statuses(client, library, world, customer, status=None):
    """group -> [(status, transaction, renewal info)] from Get All Subscription Statuses, verified."""
    any_id = next(iter(world.payloads(customer)))
    answer = client.get_all_subscription_statuses(any_id, status)
    assert answer.bundleId == BUNDLE_ID and answer.appAppleId == APP_APPLE_ID
    assert answer.rawEnvironment == "Production"
    found = {}
    for group in answer.data:
        for item in group.lastTransactions:
            transaction = library.verify_and_decode_signed_transaction(item.signedTransactionInfo)
            renewal = library.verify_and_decode_renewal_info(item.signedRenewalInfo)
            assert item.originalTransactionId == transaction.originalTransactionId
            assert renewal.originalTransactionId == transaction.originalTransactionId
            found.setdefault(group.subscriptionGroupIdentifier, []).append((item.rawStatus, transaction, renewal))
    return found


@pytest.mark.parametrize("customer", ["alice", "bob", "carol", "dave", "erin"])
def test_every_status_is_the_worlds(commerce_world, client, library, customer):
    subscriptions = commerce_world.server.subscriptions(customer)
    found = _statuses(client, library, commerce_world, customer)
    expected_groups = {s["subscriptionGroupIdentifier"] for s in subscriptions}
    assert set(found) == expected_groups
    for subscription in subscriptions:
        group = subscription["subscriptionGroupIdentifier"]
        matching = [entry for entry in found[group]
                    if entry[1].originalTransactionId == subscription["originalTransactionId"]]
        assert len(matching) == 1, f"{customer} {group}"
        status, transaction, renewal = matching[0]
        assert status == subscription["status"]
        assert_same_fields(transaction, subscription["transaction"], f"{customer} {group} transaction")
        assert_same_fields(renewal, subscription["renewalInfo"], f"{customer} {group} renewal info")


def test_the_world_has_every_status(commerce_world):
    """The premise of the status filter test: statuses 1, 2, 4 and 5 all occur."""
    statuses = {s["status"] for customer in ("alice", "carol", "dave")
                for s in commerce_world.server.subscriptions(customer)}
    assert {1, 2, 4, 5} <= statuses


@pytest.mark.parametrize("customer", ["alice", "carol", "dave"])
@pytest.mark.parametrize("wanted", [[Status.ACTIVE], [Status.EXPIRED], [Status.BILLING_GRACE_PERIOD],
                                    [Status.REVOKED], [Status.ACTIVE, Status.EXPIRED]],
                         ids=["active", "expired", "grace", "revoked", "active+expired"])
def test_the_status_filter(commerce_world, client, library, customer, wanted):
    subscriptions = commerce_world.server.subscriptions(customer)
    expected = {s["originalTransactionId"] for s in subscriptions if s["status"] in [w.value for w in wanted]}
    found = _statuses(client, library, commerce_world, customer, wanted)
    got = {entry[1].originalTransactionId for entries in found.values() for entry in entries}
    assert got == expected
    assert all(entry[0] in [w.value for w in wanted] for entries in found.values() for entry in entries)


@pytest.mark.parametrize("customer,refunded_product", [("alice", "coins"), ("dave", "premium.monthly")])
def test_refund_history(commerce_world, client, library, customer, refunded_product):
    held = commerce_world.payloads(customer)
    expected = {tid for tid, p in held.items() if "revocationDate" in p}
    assert {held[tid]["productId"] for tid in expected} == {refunded_product}
    answer = client.get_refund_history(next(iter(held)), None)
    assert answer.hasMore is False
    decoded = [library.verify_and_decode_signed_transaction(s) for s in answer.signedTransactions]
    assert {t.transactionId for t in decoded} == expected
    for transaction in decoded:
        assert_same_fields(transaction, held[transaction.transactionId], "refunded transaction")


def test_look_up_every_order(commerce_world, client, library):
    for customer in ("alice", "carol"):
        entries = commerce_world.transactions(customer)
        orders = {}
        for entry in entries:
            if entry.get("orderId"):
                orders.setdefault(entry["orderId"], set()).add(entry["payload"]["transactionId"])
        assert orders, "the premise: purchases have order ids"
        held = {e["payload"]["transactionId"]: e["payload"] for e in entries}
        for order_id, transaction_ids in orders.items():
            answer = client.look_up_order_id(order_id)
            assert answer.rawStatus == OrderLookupStatus.VALID.value
            decoded = [library.verify_and_decode_signed_transaction(s) for s in answer.signedTransactions]
            assert {t.transactionId for t in decoded} == transaction_ids
            for transaction in decoded:
                assert_same_fields(transaction, held[transaction.transactionId], f"order {order_id}")


def test_an_unknown_order_is_invalid(client):
    answer = client.look_up_order_id("ZZZZ999999")
    assert answer.rawStatus == OrderLookupStatus.INVALID.value
    assert not answer.signedTransactions


def test_app_transaction_info(commerce_world, client, library):
    for customer in ("alice", "bob"):
        held = commerce_world.payloads(customer)
        [app_transaction_id] = {payload["appTransactionId"] for payload in held.values()}
        answer = client.get_app_transaction_info(next(iter(held)))
        app = library.verify_and_decode_app_transaction(answer.signedAppTransactionInfo)
        assert app.appTransactionId == app_transaction_id
        assert app.bundleId == BUNDLE_ID and app.appAppleId == APP_APPLE_ID
        assert app.rawReceiptType == "Production"


def test_an_app_transaction_id_names_the_customer_too(commerce_world, client, library):
    held = commerce_world.payloads("carol")
    app_transaction_id = next(iter(held.values()))["appTransactionId"]
    decoded = verified_history(client, library, commerce_world, "carol", app_transaction_id,
                               TransactionHistoryRequest())
    assert {t.transactionId for t in decoded} == set(held)
