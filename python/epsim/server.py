"""One `epsim serve` process for a test: started on a free loopback port with its own state
folder, webhook receiver and exported root certificate, driven through the control API, and
stopped again. Standard library only."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from ._binary import find_binary

STARTUP_SECONDS = 60.0
STOP_SECONDS = 10.0
# How long one control API call may take; a long clock move on a busy world takes a while.
REQUEST_SECONDS = 120.0
ENVIRONMENTS = {"sandbox": "Sandbox", "production": "Production"}
APPLE_EXTRA_HINT = "pip install 'epsim[apple]'"
_ADDRESS = re.compile(r"listening on (https?://\S+)")
_KEY_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


class EpsimError(RuntimeError):
    """Something went wrong with an `epsim serve` this package runs."""


class EpsimStartError(EpsimError):
    """`epsim serve` exited, or did not answer in time, while starting; the message holds its
    log."""


class EpsimAPIError(EpsimError):
    """The control API answered with an HTTP error. `status` is the HTTP status, `body` the
    server's JSON error body (or its text when it was not JSON)."""

    def __init__(self, method: str, path: str, status: int, body):
        self.method = method
        self.path = path
        self.status = status
        self.body = body
        shown = body if isinstance(body, str) else json.dumps(body)
        super().__init__(f"{method} {path} answered {status}: {shown}")


class _WebhookReceiver:
    """A backend's notification endpoint: keeps every `signedPayload` POSTed to it, answers 200."""

    def __init__(self):
        self._payloads = []
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    payload = json.loads(raw)["signedPayload"]
                except (ValueError, KeyError, TypeError):
                    self.send_response(400)
                else:
                    with receiver._lock:
                        receiver._payloads.append(payload)
                    self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *arguments):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/notifications"
        self._thread = threading.Thread(target=self._server.serve_forever, name="epsim-webhook",
                                        daemon=True)
        self._thread.start()

    def payloads(self) -> list:
        with self._lock:
            return list(self._payloads)

    def stop(self):
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()


def _der_from_pem(pem: bytes) -> bytes:
    """The DER bytes of the first certificate in a PEM text."""
    text = pem.decode("ascii")
    begin, end = "-----BEGIN CERTIFICATE-----", "-----END CERTIFICATE-----"
    start = text.find(begin)
    stop = text.find(end, start)
    if start < 0 or stop < 0:
        raise EpsimError("the exported root is not a PEM certificate")
    return base64.b64decode("".join(text[start + len(begin):stop].split()), validate=True)


def _new_key_id() -> str:
    raw = uuid.uuid4().int
    return "".join(_KEY_ID_ALPHABET[(raw >> (6 * place)) % 36] for place in range(10))


class EpsimServer:
    """A running `epsim serve` on a free loopback port.

    Starts at once: `epsim serve --port 0 --state DIR/state --issuer ISSUER --key-id KID
    --webhook RECEIVER --export-ca DIR/root.pem` with `--scenario`, `--storekit` or `--rules`
    when given, and returns once the server printed its address and its control API answers.
    `directory` holds the state, the exported root and `serve.log`; without one, a temporary
    folder is made and removed by `stop()`. Use it as a context manager or call `stop()`.

    Attributes, read once started: `url` (the server's base URL), `api_url` (the base URL that
    stands for Apple's host of the world's environment: `url`, plus `/sandbox` in the sandbox),
    `environment` ("Sandbox" or "Production", the world's, spelled as Apple's `environment`
    fields and library spell it), `bundle_id` and `app_apple_id` (the world's app), `key_id`
    and `issuer_id` (what the server checks in a JWT), `private_key` (the PEM bytes of the API
    key it made, to sign JWTs with), `root_certificate` (DER bytes of the root its signatures
    chain to), `log` (what the server printed so far).
    """

    def __init__(self, directory=None, *, scenario=None, storekit=None, environment=None,
                 binary=None, issuer_id=None, key_id=None, startup_timeout=STARTUP_SECONDS,
                 extra_arguments=()):
        if environment is not None and str(environment).lower() not in ENVIRONMENTS:
            raise ValueError(f"environment must be sandbox or production, not {environment!r}")
        # Found before anything is made, so a missing binary leaves nothing behind.
        self.binary = binary or find_binary()
        self._stopped = False
        self._owns_directory = directory is None
        self.directory = os.path.abspath(tempfile.mkdtemp(prefix="epsim-") if directory is None
                                         else os.fspath(directory))
        os.makedirs(self.directory, exist_ok=True)
        self.issuer_id = issuer_id or str(uuid.uuid4())
        self.key_id = key_id or _new_key_id()
        self.state_directory = os.path.join(self.directory, "state")
        self.root_path = os.path.join(self.directory, "root.pem")
        self.log_path = os.path.join(self.directory, "serve.log")
        self.url = None
        self.process = None
        self._client = None
        self._verifier = None
        self._output_lines = []
        self._address = threading.Event()
        self._reader = None
        self._final_log = None
        self._webhook = _WebhookReceiver()
        arguments = [self.binary, "serve", "--port", "0", "--state", self.state_directory,
                     "--issuer", self.issuer_id, "--key-id", self.key_id,
                     "--webhook", self._webhook.url, "--export-ca", self.root_path]
        for option, value in (("--scenario", scenario), ("--storekit", storekit)):
            if value is not None:
                arguments += [option, os.path.abspath(os.fspath(value))]
        if environment is not None:
            arguments += ["--rules", str(environment).lower()]
        arguments += [str(argument) for argument in extra_arguments]
        self.arguments = arguments
        try:
            self._start(startup_timeout)
        except BaseException:
            self.stop()
            raise

    # Starting

    def _start(self, timeout: float):
        # A control token in the caller's environment would lock this loopback server's control
        # API against the calls made here; the test's own server needs none.
        environment = {name: value for name, value in os.environ.items()
                       if name != "EPSIM_CONTROL_TOKEN"}
        # Standard error goes straight to the log file; the reader thread appends standard
        # output to it line by line (both in append mode), so the log reads in order.
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(self.arguments, stdout=subprocess.PIPE, stderr=log,
                                            stdin=subprocess.DEVNULL, env=environment)
        self._reader = threading.Thread(target=self._drain, name="epsim-stdout", daemon=True)
        self._reader.start()
        deadline = time.monotonic() + timeout
        # With a key of the caller's (`--public-key` in extra_arguments) the server makes none.
        key_path = (None if "--public-key" in self.arguments
                    else os.path.join(self.state_directory, "AuthKey.p8"))
        world = None
        while True:
            if self.process.poll() is not None:
                # Let the reader take the last lines before the log is read.
                self._reader.join(2)
                raise EpsimStartError(
                    f"epsim serve exited with status {self.process.returncode} while starting "
                    f"({' '.join(self.arguments)}); its log:\n{self.log}")
            # The reader also sets the event when standard output ends without an address
            # (the process is exiting): then the next turn's poll() reports the exit.
            if self._address.is_set() and self.url is not None and world is None:
                try:
                    world = self._request("GET", "/epsim/v1/world", timeout=5)
                except EpsimAPIError as error:
                    raise EpsimStartError(f"epsim serve started but its control API refused "
                                          f"GET /epsim/v1/world: {error}; its log:\n{self.log}")
                except (urllib.error.URLError, OSError):
                    world = None
            if (world is not None and os.path.exists(self.root_path)
                    and (key_path is None or os.path.exists(key_path))):
                break
            if time.monotonic() > deadline:
                raise EpsimStartError(
                    f"epsim serve did not get ready within {timeout:g} s "
                    f"({' '.join(self.arguments)}); its log:\n{self.log}")
            time.sleep(0.05)
        self.environment = ENVIRONMENTS.get(str(world.get("environment")).lower(),
                                            world.get("environment"))
        self.bundle_id = world.get("bundleId")
        self.app_apple_id = world.get("appAppleId")
        self.api_url = self.url + ("/sandbox" if self.environment == "Sandbox" else "")
        self.private_key = None
        if key_path is not None:
            with open(key_path, "rb") as key:
                self.private_key = key.read()
        with open(self.root_path, "rb") as root:
            self.root_certificate_pem = root.read()
        self.root_certificate = _der_from_pem(self.root_certificate_pem)

    def _drain(self):
        # Keeps reading standard output after the address too, so the server never blocks on
        # a full pipe.
        with open(self.log_path, "ab") as log:
            for raw in self.process.stdout:
                log.write(raw)
                log.flush()
                line = raw.decode("utf-8", "replace")
                self._output_lines.append(line)
                found = _ADDRESS.search(line)
                if found and self.url is None:
                    self.url = found.group(1).rstrip("/")
                    self._address.set()
        self._address.set()

    # The control API

    def events(self, body: dict):
        """POST one world event to /epsim/v1/events (install, requestToken, advanceClock, ...);
        the parsed answer."""
        return self._request("POST", "/epsim/v1/events", body)

    def commerce(self, body: dict):
        """POST one App Store step to /epsim/v1/commerce/events (buy, refund, autoRenew, ...);
        the parsed answer."""
        return self._request("POST", "/epsim/v1/commerce/events", body)

    def get(self, path: str):
        """Any control API GET, its JSON parsed (text for the few answers that are not JSON):
        `get("/epsim/v1/tokens")`, or just `get("tokens")`."""
        if not path.startswith("/"):
            path = "/epsim/v1/" + path
        return self._request("GET", path)

    def notifications(self) -> list:
        """The `signedPayload` of every notification the server POSTed to this object's
        webhook receiver, oldest first."""
        return self._webhook.payloads()

    def _request(self, method: str, path: str, body=None, timeout: float = REQUEST_SECONDS):
        if self.url is None:
            raise EpsimError("epsim serve has not printed its address")
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                text = answer.read()
                kind = answer.headers.get("Content-Type", "")
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                parsed = json.loads(raw)
            except ValueError:
                parsed = raw.decode("utf-8", "replace")
            raise EpsimAPIError(method, path, error.code, parsed) from None
        except (urllib.error.URLError, OSError) as error:
            if self.process is not None and self.process.poll() is not None:
                raise EpsimError(f"epsim serve has exited (status {self.process.returncode}); "
                                 f"its log:\n{self.log}") from error
            raise
        if not text.strip():
            return None
        if "json" in kind:
            return json.loads(text)
        # The few control API answers that are not JSON (the root as PEM) come back as text.
        return text.decode("utf-8", "replace")

    # Apple's library, when installed

    @property
    def client(self):
        """Apple's `AppStoreServerAPIClient`, signing with this server's key and sending to
        `api_url` instead of Apple's host (needs `epsim[apple]`)."""
        if self._client is None:
            from ._apple import api_client
            self._client = api_client(self)
        return self._client

    @property
    def verifier(self):
        """Apple's `SignedDataVerifier` trusting only this server's root, for the world's
        environment, bundle id and app Apple id, online checks off (needs `epsim[apple]`)."""
        if self._verifier is None:
            from ._apple import signed_data_verifier
            self._verifier = signed_data_verifier(self)
        return self._verifier

    # The log and stopping

    @property
    def output(self) -> str:
        """What the server printed on standard output (its address and paths)."""
        return "".join(self._output_lines)

    @property
    def log(self) -> str:
        """Everything the server printed so far, standard error and standard output."""
        if self._final_log is not None:
            return self._final_log
        try:
            with open(self.log_path, "rb") as log:
                return log.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def stop(self):
        """Stops the server (SIGTERM, then SIGKILL after 10 s) and the webhook receiver.
        Idempotent. A temporary folder this object made is removed; a given `directory` is
        kept, with the log in it."""
        if self._stopped:
            return
        self._stopped = True
        process = self.process
        if process is not None:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(STOP_SECONDS)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            if self._reader is not None:
                self._reader.join(STOP_SECONDS)
            if process.stdout is not None:
                process.stdout.close()
        self._webhook.stop()
        if self._owns_directory:
            self._final_log = self.log
            shutil.rmtree(self.directory, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.stop()
        return False

    def __repr__(self):
        state = "stopped" if self._stopped else (self.url or "starting")
        return f"<EpsimServer {state}>"
