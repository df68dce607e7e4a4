"""Get Notification History of `epsim serve` through Apple's own App Store Server Library: the
EXTERNAL_PURCHASE_TOKEN notifications of the token world, paged with the library's pagination
token, filtered, and every `signedPayload` verified by the library's `SignedDataVerifier`. What
the history lists is what the delivery log says was sent, attempt by attempt."""

import pytest
from appstoreserverlibrary.api_client import APIException
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.Subtype import Subtype

from apple_library import api_client, verifier

DAY_MS = 24 * 60 * 60 * 1000
WINDOW_MS = 180 * DAY_MS


def _now(world) -> int:
    return world.server.now()


def _history(client, request):
    """Every item of a history query, following the library's pagination token."""
    items, token, pages = [], None, 0
    while True:
        page = client.get_notification_history(token, request)
        pages += 1
        items += page.notificationHistory
        assert len(page.notificationHistory) <= 20
        if not page.hasMore:
            assert page.paginationToken is None
            return items, pages
        assert len(page.notificationHistory) == 20 and page.paginationToken
        token = page.paginationToken


def _expected(world, start, end, keep=lambda entry: True):
    """The delivery log's notifications of this host in [start, end), by notificationUUID."""
    return {uuid: entry for uuid, entry in world.deliveries.items()
            if start <= entry["dueAt"] < end and keep(entry)}


@pytest.fixture()
def client(lived_world, signing_key):
    return api_client(lived_world.server, signing_key, lived_world.environment)


def test_history_lists_every_notification_sent(lived_world, client):
    library = verifier(lived_world.server, lived_world.environment)
    end = _now(lived_world) + 1
    start = end - WINDOW_MS
    items, pages = _history(client, NotificationHistoryRequest(startDate=start, endDate=end))
    expected = _expected(lived_world, start, end)
    assert expected, "the premise: notifications in the window"
    seen = {}
    for item in items:
        decoded = library.verify_and_decode_notification(item.signedPayload)
        assert decoded.notificationType == NotificationTypeV2.EXTERNAL_PURCHASE_TOKEN
        entry = expected[decoded.notificationUUID]
        assert item.signedPayload == entry["signedPayload"]
        assert decoded.signedDate == entry["dueAt"]
        attempts = [(a.attemptDate, a.rawSendAttemptResult) for a in item.sendAttempts]
        assert attempts == [(a["at"], a["sendAttemptResult"]) for a in entry["attempts"]]
        seen[decoded.notificationUUID] = decoded.signedDate
    assert set(seen) == set(expected), "each notification of the window exactly once"
    assert len(items) == len(seen)
    assert list(seen.values()) == sorted(seen.values()), "oldest first"
    assert pages == max(1, (len(items) + 19) // 20)


@pytest.mark.parametrize("subtype", [Subtype.UNREPORTED, None])
def test_history_filters_by_type(lived_world, client, subtype):
    end = _now(lived_world) + 1
    start = end - WINDOW_MS
    request = NotificationHistoryRequest(startDate=start, endDate=end,
                                         notificationType=NotificationTypeV2.EXTERNAL_PURCHASE_TOKEN,
                                         notificationSubtype=subtype)
    items, _ = _history(client, request)
    library = verifier(lived_world.server, lived_world.environment)
    got = {library.verify_and_decode_notification(item.signedPayload).notificationUUID for item in items}
    expected = _expected(lived_world, start, end, lambda e: e["notificationType"] == "EXTERNAL_PURCHASE_TOKEN"
                         and (subtype is None or e["subtype"] == subtype.value))
    assert expected
    assert got == set(expected)


def test_history_only_failures(lived_world, client):
    end = _now(lived_world) + 1
    start = end - WINDOW_MS
    items, _ = _history(client, NotificationHistoryRequest(startDate=start, endDate=end, onlyFailures=True))
    failed = _expected(lived_world, start, end, lambda e: e["attempts"] and not any(
        a["sendAttemptResult"] == "SUCCESS" for a in e["attempts"]))
    library = verifier(lived_world.server, lived_world.environment)
    assert {library.verify_and_decode_notification(i.signedPayload).notificationUUID for i in items} == set(failed)


def test_history_refuses_a_window_older_than_180_days(lived_world, client):
    now = _now(lived_world)
    with pytest.raises(APIException) as refusal:
        client.get_notification_history(None, NotificationHistoryRequest(
            startDate=now - WINDOW_MS - DAY_MS, endDate=now))
    assert refusal.value.http_status_code == 400
    assert refusal.value.raw_api_error == 4000012
