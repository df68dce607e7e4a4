"""A backend's reporting job against the fixture: a token from the simulated app, a report
sent to Apple's report path with a JWT the backend signs itself (PyJWT, the server's key)."""

import json
import urllib.error
import urllib.request

import pytest

REPORTS = "/externalPurchase/v1/reports"


def put_report(server, report: dict, token: str):
    request = urllib.request.Request(server.api_url + REPORTS, data=json.dumps(report).encode(),
                                     method="PUT", headers={"Authorization": f"Bearer {token}",
                                                            "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.status, json.loads(answer.read())


def a_token_and_its_report(server) -> dict:
    server.events({"type": "install", "device": "alice.iphone"})
    answer = server.events({"type": "requestToken", "device": "alice.iphone",
                            "tokenType": "SERVICES"})
    assert answer["tokens"], answer
    # The plan's ready body stands in for the one the backend's job would build.
    (entry,) = [entry for entry in server.get("plan")
                if entry["externalPurchaseId"] == answer["tokens"][0]["externalPurchaseId"]]
    return entry


def test_a_report_signed_with_the_private_key_is_accepted(epsim_server, signed_jwt):
    entry = a_token_and_its_report(epsim_server)
    status, body = put_report(epsim_server, entry["report"], signed_jwt(epsim_server))
    assert status == 200
    assert body == {"requestIdentifier": entry["report"]["requestIdentifier"]}
    tokens = {token["externalPurchaseId"]: token for token in epsim_server.get("/epsim/v1/tokens")}
    assert tokens[entry["externalPurchaseId"]]["reportedStatus"] == entry["status"]


def test_the_server_checks_the_key_id_it_was_started_with(epsim_server, signed_jwt):
    entry = a_token_and_its_report(epsim_server)
    with pytest.raises(urllib.error.HTTPError) as refusal:
        put_report(epsim_server, entry["report"], signed_jwt(epsim_server, kid="WRONGKEY00"))
    assert refusal.value.code == 401
    assert "kid" in refusal.value.headers.get("epsim-auth-error", "")


def test_a_refused_control_event_raises_with_the_servers_error(epsim_server):
    from epsim import EpsimAPIError

    with pytest.raises(EpsimAPIError) as refusal:
        epsim_server.commerce({"type": "buy", "device": "alice.iphone", "product": "coins.100"})
    # A purchase is made in the app, which alice has not installed yet.
    assert refusal.value.status == 409
    assert "not installed" in refusal.value.body["errorMessage"]
