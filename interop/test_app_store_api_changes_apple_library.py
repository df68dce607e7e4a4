"""Calls of Apple's App Store Server Library that change what `epsim serve` holds: setting an
app account token (seen on the next renewal), extending a renewal date. Each runs on its own
world (`changing_commerce_world`), so the read-only tests see the world they expect."""

import uuid

import pytest
from appstoreserverlibrary.api_client import APIException
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.MassExtendRenewalDateRequest import MassExtendRenewalDateRequest
from appstoreserverlibrary.models.TransactionHistoryRequest import (Order, TransactionHistoryRequest)
from appstoreserverlibrary.models.UpdateAppAccountTokenRequest import UpdateAppAccountTokenRequest

from apple_library import assert_same_fields, world_fixtures
from commerce_world import DAY_MS, ERIN_TOKEN
from epsim_server import APP_APPLE_ID, BUNDLE_ID


client, library = world_fixtures("changing_commerce_world")


def _subscription(world, customer, group):
    [subscription] = [s for s in world.server.subscriptions(customer)
                      if s["subscriptionGroupIdentifier"] == group and not s.get("familyShared")]
    return subscription


def _newest(client, library, original_id):
    page = client.get_transaction_history(original_id, None, TransactionHistoryRequest(
        sort=Order.DESCENDING, productIds=["premium.monthly"]))
    return library.verify_and_decode_signed_transaction(page.signedTransactions[0])


def test_an_app_account_token_reaches_the_next_renewal(changing_commerce_world, client, library):
    world = changing_commerce_world
    premium = _subscription(world, "erin", "premium")
    original = premium["originalTransactionId"]
    assert premium["transaction"]["appAccountToken"] == ERIN_TOKEN
    new_token = str(uuid.UUID("3b241101-e2bb-4255-8caf-4136c566a962"))
    client.set_app_account_token(original, UpdateAppAccountTokenRequest(appAccountToken=new_token))
    before = _newest(client, library, original)
    renewal = premium["renewalInfo"]["renewalDate"]
    world.advance(renewal + 1 - world.server.now())
    after = _newest(client, library, original)
    assert after.transactionId != before.transactionId, "the premise: the subscription renewed"
    assert after.originalTransactionId == original
    assert after.appAccountToken == new_token
    held = world.payloads("erin")
    assert_same_fields(after, held[after.transactionId], "the renewal")
    renewal_info = library.verify_and_decode_renewal_info(
        client.get_all_subscription_statuses(original, None).data[0].lastTransactions[0].signedRenewalInfo)
    assert renewal_info.appAccountToken == new_token


@pytest.mark.parametrize("token", ["not-a-uuid", ""])
def test_a_bad_app_account_token_is_refused(changing_commerce_world, client, token):
    original = _subscription(changing_commerce_world, "erin", "premium")["originalTransactionId"]
    with pytest.raises(APIException) as refusal:
        client.set_app_account_token(original, UpdateAppAccountTokenRequest(appAccountToken=token))
    assert refusal.value.http_status_code == 400


def test_an_unknown_transaction_gets_no_app_account_token(client):
    with pytest.raises(APIException) as refusal:
        client.set_app_account_token("2999999999999999", UpdateAppAccountTokenRequest(
            appAccountToken=str(uuid.uuid4())))
    assert refusal.value.http_status_code == 404


def test_extending_a_renewal_date(changing_commerce_world, client, library):
    world = changing_commerce_world
    premium = _subscription(world, "erin", "premium")
    original = premium["originalTransactionId"]
    renewal = premium["renewalInfo"]["renewalDate"]
    answer = client.extend_subscription_renewal_date(original, ExtendRenewalDateRequest(
        extendByDays=30, extendReasonCode=ExtendReasonCode.CUSTOMER_SATISFACTION,
        requestIdentifier=str(uuid.uuid4())))
    assert answer.success is True
    assert answer.originalTransactionId == original
    assert answer.effectiveDate == renewal + 30 * DAY_MS
    assert answer.webOrderLineItemId == premium["transaction"]["webOrderLineItemId"]
    extended = _subscription(world, "erin", "premium")
    assert extended["renewalInfo"]["renewalDate"] == renewal + 30 * DAY_MS
    statuses = client.get_all_subscription_statuses(original, None)
    item = statuses.data[0].lastTransactions[0]
    assert_same_fields(library.verify_and_decode_renewal_info(item.signedRenewalInfo),
                       extended["renewalInfo"], "extended renewal info")
    assert_same_fields(library.verify_and_decode_signed_transaction(item.signedTransactionInfo),
                       extended["transaction"], "extended transaction")


def test_an_extension_over_90_days_is_refused(changing_commerce_world, client):
    original = _subscription(changing_commerce_world, "erin", "premium")["originalTransactionId"]
    with pytest.raises(APIException) as refusal:
        client.extend_subscription_renewal_date(original, ExtendRenewalDateRequest(
            extendByDays=91, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier=str(uuid.uuid4())))
    assert refusal.value.http_status_code == 400


def test_paging_while_a_renewal_lands_sees_each_transaction_once(changing_commerce_world, client, library):
    world = changing_commerce_world
    any_id = next(iter(world.payloads("alice")))
    request = TransactionHistoryRequest(sort=Order.ASCENDING)
    first = client.get_transaction_history(any_id, None, request)
    assert first.hasMore, "the premise: more than one page"
    seen = [library.verify_and_decode_signed_transaction(s).transactionId for s in first.signedTransactions]
    before = set(world.payloads("alice"))
    # A week passes between two pages: the weekly subscription renews.
    world.advance(8 * DAY_MS)
    held = world.payloads("alice")
    assert set(held) - before, "the premise: new transactions arrived"
    revision = first.revision
    while True:
        page = client.get_transaction_history(any_id, revision, request)
        for signed in page.signedTransactions:
            transaction = library.verify_and_decode_signed_transaction(signed)
            assert_same_fields(transaction, held[transaction.transactionId], "a later page")
            seen.append(transaction.transactionId)
        if not page.hasMore:
            break
        revision = page.revision
    assert len(seen) == len(set(seen)), "no transaction twice"
    assert set(seen) == set(held), "every transaction, the new ones too"


def test_a_mass_extension_completes_notifies_each_subscriber_and_sends_its_summary(changing_commerce_world, client, library):
    world = changing_commerce_world
    renewal = _subscription(world, "erin", "premium")["renewalInfo"]["renewalDate"]
    request_id = str(uuid.UUID("5f0c7b8e-2d1a-4c39-8e0f-6a2b9d4c7e11"))
    answer = client.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
        extendByDays=7, extendReasonCode=ExtendReasonCode.SERVICE_ISSUE_OR_OUTAGE,
        requestIdentifier=request_id, productId="premium.monthly", storefrontCountryCodes=["USA"]))
    assert answer.requestIdentifier == request_id
    status = client.get_status_of_subscription_renewal_date_extensions(request_id, "premium.monthly")
    assert status.requestIdentifier == request_id
    assert status.complete is True and status.completeDate == world.server.now()
    assert status.succeededCount >= 1, "erin's subscription is active"
    assert _subscription(world, "erin", "premium")["renewalInfo"]["renewalDate"] == renewal + 7 * DAY_MS
    # Each extended subscriber gets RENEWAL_EXTENDED, its renewal info showing the new date, and
    # RENEWAL_EXTENSION / SUMMARY closes the request; the call itself sends them.
    extended, summaries = [], []
    for signed in world.webhook.signed_payloads():
        decoded = library.verify_and_decode_notification(signed)
        if decoded.rawNotificationType == "RENEWAL_EXTENDED" and decoded.signedDate == status.completeDate:
            renewal_info = library.verify_and_decode_renewal_info(decoded.data.signedRenewalInfo)
            extended.append((renewal_info.originalTransactionId, renewal_info.renewalDate))
        if decoded.rawNotificationType == "RENEWAL_EXTENSION" and decoded.rawSubtype == "SUMMARY":
            summaries.append(decoded)
    erin = _subscription(world, "erin", "premium")
    assert (erin["originalTransactionId"], renewal + 7 * DAY_MS) in extended
    assert len(extended) == status.succeededCount
    [summary] = [decoded.summary for decoded in summaries]
    assert summaries[0].data is None
    assert (summary.requestIdentifier, summary.productId) == (request_id, "premium.monthly")
    assert (summary.succeededCount, summary.failedCount) == (status.succeededCount, status.failedCount)
    assert summary.bundleId == BUNDLE_ID and summary.appAppleId == APP_APPLE_ID
    assert summary.rawEnvironment == world.environment
    assert summary.storefrontCountryCodes == ["USA"]
