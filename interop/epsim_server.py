"""Starts a real `epsim serve` for the interoperability tests and talks to its control API.

Nothing here imitates a client library: this module only launches the server, drives the
simulated world, and reads what the server says it did, so the tests can compare what Apple's
library (or the independent stack) decoded with the world epsim simulated.
"""

import json
import os
import pathlib
import ssl
import subprocess
import threading
import urllib.request

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

BUNDLE_ID = "com.example.interop"
APP_APPLE_ID = 1234567890
KEY_ID = "2X9R4HXF34"
ISSUER_ID = "57246542-96fe-1a63-e053-0824d011072a"


def world_setup(seed: int, app_options: str = "") -> str:
    """The first lines of every interop world: environment, seed, start time and the app line
    (version 1.0, then `app_options`), with `{environment}`, `{bundle_id}` and `{app_apple_id}`
    left for `EpsimServer` to fill in."""
    app = "app {bundle_id} id {app_apple_id} version 1.0" + (" " + app_options if app_options else "")
    return f"environment {{environment}}\nseed {seed}\nstart 2026-03-01T09:00:00Z\n{app}\n"


# One world for both environments: a customer in the Netherlands (custom link and notice sheet
# regions) and one in Japan (IN_APP and LINK_OUT), so every kind of token exists.
WORLD = world_setup(7, "custom-link-regions nl") + """\
entitlement allowed-regions jp
entitlement external-purchase
plist SKExternalPurchase nl
device alice.iphone iOS 18.2 storefront nl
device kenji.iphone iOS 26.4 storefront jp
"""

STARTUP_SECONDS = 60


class SigningKey:
    """An In-App Purchase key made for the run: the .p8 PEM a backend would download."""

    def __init__(self, directory: pathlib.Path):
        key = ec.generate_private_key(ec.SECP256R1())
        self.private_pem = key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        self.path = directory / f"AuthKey_{KEY_ID}.p8"
        self.path.write_bytes(self.private_pem)


class EpsimServer:
    """One `epsim serve` process on a free loopback port, with its test CA exported."""

    def __init__(self, binary: str, directory: pathlib.Path, environment: str, key: SigningKey,
                 webhook_url: str, reminder_interval=None, world: str = WORLD, extra_arguments=(),
                 control_token=None, ca_file=None):
        """`control_token` is handed over in EPSIM_CONTROL_TOKEN and sent on every control call;
        `ca_file` is the root the control calls trust when `extra_arguments` make it HTTPS;
        `world` None starts without a scenario (a `--state` directory that holds one resumes)."""
        self.environment = environment
        self.ca_path = directory / f"epsim-root-{environment}.pem"
        self.log_path = directory / f"serve-{environment}.log"
        self._log = open(self.log_path, "ab")
        arguments = [binary, "serve", "--port", "0",
                     "--public-key", str(key.path), "--issuer", ISSUER_ID, "--key-id", KEY_ID,
                     "--webhook", webhook_url, "--export-ca", str(self.ca_path)]
        if world is not None:
            scenario = directory / f"world-{environment}.epsim"
            scenario.write_text(world.format(environment=environment, bundle_id=BUNDLE_ID,
                                             app_apple_id=APP_APPLE_ID))
            arguments += ["--scenario", str(scenario)]
        if reminder_interval:
            arguments += ["--reminder-interval", reminder_interval]
        arguments += list(extra_arguments)
        self.control_token = control_token
        self.ssl_context = ssl.create_default_context(cafile=str(ca_file)) if ca_file else None
        environment_variables = dict(os.environ)
        if control_token:
            environment_variables["EPSIM_CONTROL_TOKEN"] = control_token
        self.process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=self._log,
                                        stdin=subprocess.DEVNULL, env=environment_variables)
        self.base_url = self._wait_for_address()

    def _wait_for_address(self) -> str:
        found = {}
        ready = threading.Event()

        def read():
            # Keeps draining standard output after the address, so the server never blocks on
            # a full pipe.
            for raw in self.process.stdout:
                line = raw.decode("utf-8", "replace")
                if "listening on " in line and "url" not in found:
                    found["url"] = line.split("listening on ", 1)[1].strip()
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        ready.wait(STARTUP_SECONDS)
        if "url" not in found:
            self.stop()
            raise RuntimeError(f"epsim serve did not start; its log: {self.log_path.read_text()}")
        return found["url"]

    @property
    def reports_base_url(self) -> str:
        """Where the report API of this server's environment lives, as Apple's host would."""
        return self.base_url + ("/sandbox" if self.environment == "sandbox" else "")

    def root_certificate_der(self) -> bytes:
        from cryptography import x509
        pem = self.ca_path.read_bytes()
        return x509.load_pem_x509_certificate(pem).public_bytes(serialization.Encoding.DER)

    def control(self, event: dict) -> dict:
        """Applies one world event through the control API and returns its answer."""
        return self._request("POST", "/epsim/v1/events", event)

    def tokens(self) -> list:
        return self._request("GET", "/epsim/v1/tokens")

    def delivery_log(self) -> list:
        return self._request("GET", "/epsim/v1/notifications")

    def commerce(self, step: dict) -> dict:
        """Applies one purchase step (buy, autoRenew, billing, refund, joinFamily, ...)."""
        return self._request("POST", "/epsim/v1/commerce/events", step)

    def transactions(self, customer: str) -> list:
        """The customer's transactions as the world holds them, oldest first."""
        return self._request("GET", f"/epsim/v1/commerce/customers/{customer}/transactions")

    def subscriptions(self, customer: str) -> list:
        """The customer's subscriptions with status, latest transaction and renewal info."""
        return self._request("GET", f"/epsim/v1/commerce/customers/{customer}/subscriptions")

    def now(self) -> int:
        """The world's virtual time, in UNIX milliseconds."""
        return self._request("GET", "/epsim/v1/world")["now"]

    def _request(self, method: str, path: str, body=None):
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if self.control_token:
            headers["Authorization"] = f"Bearer {self.control_token}"
        request = urllib.request.Request(self.base_url + path, data=data, method=method,
                                         headers=headers)
        with urllib.request.urlopen(request, timeout=30, context=self.ssl_context) as answer:
            return json.loads(answer.read())

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()


def epsim_binary() -> str:
    binary = os.environ.get("EPSIM_BINARY")
    if not binary or not os.access(binary, os.X_OK):
        raise RuntimeError("set EPSIM_BINARY to a built epsim (interop/run does it)")
    return binary
