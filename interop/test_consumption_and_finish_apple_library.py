"""Send Consumption Information (v2, and the deprecated v1) and Finish Transaction, through
Apple's App Store Server Library, against `epsim serve`: the calls are accepted, what they sent is
what the world keeps (the control API shows it under the transaction), and the library raises
Apple's errors for a product type that takes no consumption information and an unknown id."""

import warnings

import pytest
from appstoreserverlibrary.api_client import APIError, APIException
from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
from appstoreserverlibrary.models.AccountTenure import AccountTenure
from appstoreserverlibrary.models.ConsumptionStatus import ConsumptionStatus
from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
from appstoreserverlibrary.models.DeliveryStatusV1 import DeliveryStatusV1
from appstoreserverlibrary.models.LifetimeDollarsPurchased import LifetimeDollarsPurchased
from appstoreserverlibrary.models.LifetimeDollarsRefunded import LifetimeDollarsRefunded
from appstoreserverlibrary.models.Platform import Platform
from appstoreserverlibrary.models.PlayTime import PlayTime
from appstoreserverlibrary.models.RefundPreference import RefundPreference
from appstoreserverlibrary.models.UserStatus import UserStatus

from apple_library import api_client


@pytest.fixture(scope="module")
def client(changing_commerce_world, signing_key):
    return api_client(changing_commerce_world.server, signing_key, changing_commerce_world.environment)


def _entry(world, customer, product):
    """The customer's first transaction of the product, as the control API shows it."""
    return next(t for t in world.transactions(customer) if t["payload"]["productId"] == product)


def _held(world, customer, transaction_id):
    return next(t for t in world.transactions(customer) if t["payload"]["transactionId"] == transaction_id)


def test_consumption_information_v2_is_kept_as_sent(changing_commerce_world, client):
    world = changing_commerce_world
    coins = _entry(world, "bob", "coins")["payload"]["transactionId"]
    client.send_consumption_information(coins, ConsumptionRequest(
        customerConsented=True, sampleContentProvided=False, deliveryStatus=DeliveryStatus.DELIVERED,
        consumptionPercentage=25000, refundPreference=RefundPreference.GRANT_PRORATED))
    kept = _held(world, "bob", coins)["consumptionInformation"]
    assert kept["customerConsented"] == "true"
    assert kept["deliveryStatus"] == "DELIVERED"
    assert kept["consumptionPercentage"] == "25000"
    assert kept["refundPreference"] == "GRANT_PRORATED"


def test_consumption_information_v1_is_kept_as_sent(changing_commerce_world, client):
    world = changing_commerce_world
    coins = _entry(world, "alice", "coins")["payload"]["transactionId"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the library marks v1 deprecated
        client.send_consumption_data(coins, ConsumptionRequestV1(
            customerConsented=True, consumptionStatus=ConsumptionStatus.PARTIALLY_CONSUMED,
            platform=Platform.APPLE, sampleContentProvided=False,
            deliveryStatus=DeliveryStatusV1.DELIVERED_AND_WORKING_PROPERLY, appAccountToken="",
            accountTenure=AccountTenure.THIRTY_DAYS_TO_NINETY_DAYS, playTime=PlayTime.ONE_TO_SIX_HOURS,
            lifetimeDollarsRefunded=LifetimeDollarsRefunded.ZERO_DOLLARS,
            lifetimeDollarsPurchased=LifetimeDollarsPurchased.FIFTY_DOLLARS_TO_NINETY_NINE_DOLLARS_AND_NINETY_NINE_CENTS,
            userStatus=UserStatus.ACTIVE))
    kept = _held(world, "alice", coins)["consumptionInformation"]
    assert kept["consumptionStatus"] == "2"
    assert kept["platform"] == "1"
    assert kept["deliveryStatus"] == "0"


def test_a_non_consumable_takes_no_consumption_information(changing_commerce_world, client):
    lifetime = _entry(changing_commerce_world, "alice", "lifetime")["payload"]["transactionId"]
    with pytest.raises(APIException) as raised:
        client.send_consumption_information(lifetime, ConsumptionRequest(
            customerConsented=True, sampleContentProvided=False, deliveryStatus=DeliveryStatus.DELIVERED))
    assert raised.value.http_status_code == 400
    assert raised.value.raw_api_error == 4000047


def test_finish_transaction_marks_it_finished(changing_commerce_world, client):
    world = changing_commerce_world
    lifetime = _entry(world, "alice", "lifetime")["payload"]["transactionId"]
    assert not _held(world, "alice", lifetime)["finished"]
    client.finish_transaction(lifetime)
    assert _held(world, "alice", lifetime)["finished"]
    client.finish_transaction(lifetime)  # a second call is accepted and changes nothing
    assert _held(world, "alice", lifetime)["finished"]


def test_finishing_an_unknown_transaction_is_apples_not_found(client):
    with pytest.raises(APIException) as raised:
        client.finish_transaction("1999999999999999")
    assert raised.value.http_status_code == 404
    assert raised.value.api_error == APIError.TRANSACTION_ID_NOT_FOUND
