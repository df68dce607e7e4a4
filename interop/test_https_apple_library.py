"""`epsim serve` over HTTPS with its control API locked (issue 30), through Apple's own App Store
Server Library, unmodified: the certificate comes from `epsim cert`, the library trusts its root
the way any `requests`-based backend does (REQUESTS_CA_BUNDLE), and nothing else changes. Without
that root the library's call fails on the certificate, so the TLS is real. With `--test-ca` the
same root signs the notifications, so the library's verifier trusts that one file too."""

import json
import ssl
import subprocess
import urllib.error
import urllib.request

import pytest
import requests
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from apple_library import api_client
from epsim_server import APP_APPLE_ID, BUNDLE_ID
from epsim_server import EpsimServer, epsim_binary
from webhook import WebhookReceiver

CONTROL_TOKEN = "interop-control-token-7d2f0b61c4e9"


@pytest.fixture(scope="module")
def https_server(tmp_path_factory, signing_key):
    directory = tmp_path_factory.mktemp("https")
    tls = directory / "tls"
    made = subprocess.run([epsim_binary(), "cert", "--dir", str(tls), "localhost", "127.0.0.1"],
                          capture_output=True, text=True, check=False)
    assert made.returncode == 0, made.stderr
    webhook = WebhookReceiver()
    server = EpsimServer(epsim_binary(), directory, "sandbox", signing_key, webhook.url,
                         extra_arguments=["--tls-cert", str(tls / "server.pem"),
                                          "--tls-key", str(tls / "server-key.pem"),
                                          "--test-ca", str(tls)],
                         control_token=CONTROL_TOKEN, ca_file=tls / "ca.pem")
    server.tls_root = tls / "ca.pem"
    yield server
    server.stop()
    webhook.stop()


def test_the_banner_names_an_https_address(https_server):
    assert https_server.base_url.startswith("https://127.0.0.1:")


def test_apples_library_calls_the_mock_over_https(https_server, signing_key, monkeypatch):
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(https_server.tls_root))
    client = api_client(https_server, signing_key, "Sandbox")
    answer = client.request_test_notification()
    status = client.get_test_notification_status(answer.testNotificationToken)
    # The verifier trusts the HTTPS root and nothing else: one file for both.
    root = x509.load_pem_x509_certificate(https_server.tls_root.read_bytes())
    library = SignedDataVerifier([root.public_bytes(serialization.Encoding.DER)], False,
                                 Environment.SANDBOX, BUNDLE_ID, APP_APPLE_ID)
    decoded = library.verify_and_decode_notification(status.signedPayload)
    assert decoded.notificationType == NotificationTypeV2.TEST
    # The control API answers over the same HTTPS, with its token.
    assert decoded.signedDate == https_server.now()


def test_without_the_root_the_library_refuses_the_certificate(https_server, signing_key, monkeypatch):
    monkeypatch.delenv("REQUESTS_CA_BUNDLE", raising=False)
    monkeypatch.delenv("CURL_CA_BUNDLE", raising=False)
    client = api_client(https_server, signing_key, "Sandbox")
    with pytest.raises(requests.exceptions.SSLError):
        client.request_test_notification()


@pytest.mark.parametrize("authorization", [None, "Bearer not-the-control-token", "jwt"])
def test_the_control_api_refuses_anything_but_its_token(https_server, signing_key, authorization):
    if authorization == "jwt":
        # The JWT Apple's library would send: good on Apple's endpoints, not here.
        client = api_client(https_server, signing_key, "Sandbox")
        authorization = "Bearer " + client._generate_token()
    headers = {"Authorization": authorization} if authorization else {}
    request = urllib.request.Request(https_server.base_url + "/epsim/v1/world", headers=headers)
    context = ssl.create_default_context(cafile=str(https_server.tls_root))
    with pytest.raises(urllib.error.HTTPError) as refusal:
        urllib.request.urlopen(request, timeout=30, context=context)
    assert refusal.value.code == 401
    body = json.loads(refusal.value.read())
    assert body["errorMessage"].startswith("the control API needs its token")
