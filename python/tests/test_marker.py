"""`@pytest.mark.epsim`: a scenario's world (its own environment and app), the demo world under
production rules, a StoreKit configuration's products; paths relative to this file's folder."""

import os

import pytest
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2


def test_without_the_marker_the_demo_world_is_sandbox(epsim_server):
    assert epsim_server.environment == "Sandbox"
    assert epsim_server.api_url == epsim_server.url + "/sandbox"
    assert epsim_server.bundle_id == "com.example.epsim"


@pytest.mark.epsim(scenario="worlds/shop.epsim")
def test_a_scenario_brings_its_environment_app_and_purchases(epsim_server):
    assert epsim_server.environment == "Production"
    assert epsim_server.api_url == epsim_server.url
    assert (epsim_server.bundle_id, epsim_server.app_apple_id) == ("com.example.shop", 987654321)
    (subscription,) = epsim_server.get("commerce/customers/dana/subscriptions")
    # The scenario's own purchase, read back through Apple's API and verified for its app.
    response = epsim_server.client.get_all_subscription_statuses(
        subscription["originalTransactionId"])
    assert response.bundleId == "com.example.shop"
    (group,) = response.data
    (last,) = group.lastTransactions
    transaction = epsim_server.verifier.verify_and_decode_signed_transaction(
        last.signedTransactionInfo)
    assert transaction.productId == "shop.pro"


@pytest.mark.epsim(environment="production")
def test_the_demo_world_under_production_rules(epsim_server):
    assert epsim_server.environment == "Production"
    assert epsim_server.api_url == epsim_server.url
    epsim_server.events({"type": "install", "device": "alice.iphone"})
    epsim_server.commerce({"type": "buy", "device": "alice.iphone", "product": "lifetime"})
    decoded = [epsim_server.verifier.verify_and_decode_notification(payload)
               for payload in epsim_server.notifications()]
    (notification,) = [notification for notification in decoded
                       if notification.notificationType == NotificationTypeV2.ONE_TIME_CHARGE]
    assert notification.data.appAppleId == epsim_server.app_apple_id


@pytest.mark.epsim(storekit="../../docs/examples/storekit/Newsstand.storekit")
def test_a_storekit_configuration_brings_its_products(epsim_server):
    products = {product["productId"] for product in epsim_server.get("commerce/catalog")}
    assert products and "coins.100" not in products
    assert os.path.basename(epsim_server.arguments[epsim_server.arguments.index("--storekit") + 1]) \
        == "Newsstand.storekit"
