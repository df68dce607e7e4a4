"""The body of fuzz/routes: one `epsim serve` on a free port, a seeded stream of hostile requests."""

import base64
import http.client
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROUTES = [
    ("GET", "/inApps/v1/transactions/{id}"), ("GET", "/inApps/v1/transactions/appTransactions/{id}"),
    ("GET", "/inApps/v1/history/{id}"), ("GET", "/inApps/v2/history/{id}"),
    ("GET", "/inApps/v1/subscriptions/{id}"), ("GET", "/inApps/v1/lookup/{id}"),
    ("GET", "/inApps/v2/refund/lookup/{id}"), ("PUT", "/inApps/v1/subscriptions/extend/{id}"),
    ("POST", "/inApps/v1/subscriptions/extend/mass"),
    ("GET", "/inApps/v1/subscriptions/extend/mass/{id}/{id}"),
    ("PUT", "/inApps/v1/transactions/consumption/{id}"), ("PUT", "/inApps/v2/transactions/consumption/{id}"),
    ("PUT", "/inApps/v1/transactions/{id}/appAccountToken"), ("PUT", "/inApps/v1/transactions/{id}/finish"),
    ("POST", "/inApps/v1/notifications/test"), ("GET", "/inApps/v1/notifications/test/{id}"),
    ("POST", "/inApps/v1/notifications/history"), ("PUT", "/externalPurchase/v1/reports"),
    ("GET", "/externalPurchase/v1/reports/{id}"),
]
QUERY_NAMES = ["revision", "startDate", "endDate", "productId", "productType", "sort", "status",
               "paginationToken", "inAppOwnershipType", "revoked", "subscriptionGroupIdentifier", "x"]


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def sign(key, header: dict, claims: dict) -> str:
    signing_input = f"{b64(json.dumps(header).encode())}.{b64(json.dumps(claims).encode())}"
    r, s = decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
    return f"{signing_input}.{b64(r.to_bytes(32, 'big') + s.to_bytes(32, 'big'))}"


class Hostile:
    def __init__(self, rng: random.Random, key, ids, bundle_id):
        self.rng, self.key, self.ids, self.bundle_id = rng, key, ids, bundle_id

    def text(self) -> str:
        rng = self.rng
        return rng.choice([
            lambda: rng.choice(self.ids) if self.ids else "1",
            lambda: str(rng.choice([0, -1, 2**63 - 1, 2**63, 2**64, -2**63 - 1, 10**30])),
            lambda: "9" * rng.randrange(1, 400),
            lambda: "".join(chr(rng.randrange(0x20, 0x2FFF)) for _ in range(rng.randrange(0, 40))),
            lambda: "%" + "".join(rng.choice("0123456789abcdefXZ%") for _ in range(rng.randrange(0, 9))),
            lambda: "../" * rng.randrange(1, 6) + "etc/passwd",
            lambda: "",
            lambda: str(rng.random() * 10 ** rng.randrange(0, 30)),
        ])()

    def path(self, template: str) -> str:
        from urllib.parse import quote
        path = template
        while "{id}" in path:
            path = path.replace("{id}", quote(self.text(), safe="") or "x", 1)
        if self.rng.random() < 0.5:
            pairs = [(self.rng.choice(QUERY_NAMES), self.text()) for _ in range(self.rng.randrange(1, 6))]
            path += "?" + "&".join(f"{quote(name)}={quote(value, safe='')}" for name, value in pairs)
        if self.rng.random() < 0.05:
            path += "/" + quote(self.text(), safe="")
        return path

    def jwt(self) -> str:
        rng = self.rng
        now = int(time.time())
        header = {"alg": "ES256", "kid": "K", "typ": "JWT"}
        claims = {"iss": "I", "iat": now, "exp": now + 600, "aud": "appstoreconnect-v1", "bid": self.bundle_id}
        choice = rng.randrange(8)
        if choice == 1:
            claims["exp"] = rng.choice([0, -1, 2**63, now - 10, "soon", None])
        elif choice == 2:
            claims[rng.choice(list(claims))] = rng.choice([self.text(), 12, None, [], {}])
        elif choice == 3:
            header["alg"] = rng.choice(["none", "HS256", "RS256", "", self.text()])
        token = sign(self.key, header, claims)
        if choice == 4:
            raw = bytearray(token.encode())
            for _ in range(rng.randrange(1, 6)):
                raw[rng.randrange(len(raw))] = rng.randrange(32, 127)
            token = raw.decode("ascii", "replace")
        elif choice == 5:
            token = self.text()
        elif choice == 6:
            token = ".".join(b64(os.urandom(rng.randrange(0, 200))) for _ in range(rng.randrange(1, 5)))
        return token

    def body(self) -> bytes:
        rng = self.rng
        return rng.choice([
            lambda: b"",
            lambda: os.urandom(rng.randrange(1, 300)),
            lambda: json.dumps({rng.choice(["extendByDays", "extendReasonCode", "requestIdentifier", "appAccountToken",
                                            "customerConsented", "sampleContentProvided", "deliveryStatus",
                                            "startDate", "endDate", "notificationType", "transactionId",
                                            "externalPurchaseId", "status", "lineItems", "productId"]):
                                rng.choice([self.text(), rng.randrange(-2**40, 2**40), None, True, [], {}])
                                for _ in range(rng.randrange(0, 6))}).encode(),
            lambda: b"[" * rng.randrange(1, 3000),
        ])()


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 20
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    binary = os.environ.get("EPSIM_BINARY", os.path.join(ROOT, ".build", "debug", "epsim"))
    rng = random.Random(seed)
    key = ec.generate_private_key(ec.SECP256R1())
    folder = tempfile.mkdtemp(prefix="epsim-routes-")
    key_path = os.path.join(folder, "AuthKey.p8")
    with open(key_path, "wb") as file:
        file.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                     serialization.NoEncryption()))
    log = open(os.path.join(folder, "serve.log"), "wb")
    server = subprocess.Popen([binary, "serve", "--port", "0", "--public-key", key_path,
                               "--scenario", os.path.join(ROOT, "docs/examples/commerce-refund.epsim")],
                              stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL)
    port = None
    for raw in server.stdout:
        line = raw.decode()
        if "listening on" in line:
            port = int(line.rsplit(":", 1)[1])
            break
    if port is None:
        sys.exit("fuzz/routes: epsim serve did not start")
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/epsim/v1/commerce/customers/dan/transactions")
    ids = [entry["payload"]["transactionId"] for entry in json.loads(connection.getresponse().read())]
    connection.request("GET", "/epsim/v1/world")
    bundle_id = json.loads(connection.getresponse().read())["bundleId"]
    hostile = Hostile(rng, key, ids, bundle_id)
    statuses, sent, failures = {}, 0, []
    deadline = time.monotonic() + seconds
    began = time.monotonic()
    while time.monotonic() < deadline:
        method, template = rng.choice(ROUTES)
        path = ("/sandbox" if rng.random() < 0.5 else "") + hostile.path(template)
        headers = {"Authorization": ("Bearer " + hostile.jwt()).encode()} if rng.random() < 0.9 else {}
        body = hostile.body() if method != "GET" else None
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            answer.read()
            statuses[answer.status] = statuses.get(answer.status, 0) + 1
            if answer.status >= 500:
                failures.append(f"{answer.status} for {method} {path[:200]}")
            if answer.getheader("Connection", "").lower() == "close":
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        except (http.client.HTTPException, OSError) as error:
            sample = (body or b"")[:80]
            failures.append(f"no answer to {method} {path[:200]} (body {len(body or b'')} bytes: {sample!r}, "
                            f"authorization {str(headers.get('Authorization', b''))[:120]}): {error}")
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        sent += 1
        if server.poll() is not None:
            failures.append(f"epsim serve ended (status {server.returncode}) after {method} {path[:200]}")
            break
        if len(failures) >= 10:
            break
    try:
        connection.request("GET", "/epsim/v1/world")
        alive = connection.getresponse().status == 200
    except (http.client.HTTPException, OSError):
        alive = False
    elapsed = time.monotonic() - began
    server.terminate()
    server.wait(30)
    summary = ", ".join(f"{status}: {count}" for status, count in sorted(statuses.items()))
    print(f"fuzz/routes: {sent} requests in {elapsed:.0f} s ({sent / elapsed:.0f}/s), seed {seed}; {summary}")
    log.close()
    if not failures and alive:
        shutil.rmtree(folder, ignore_errors=True)
    else:
        print(f"fuzz/routes: the server's log is in {folder}/serve.log", file=sys.stderr)
    if failures or not alive:
        for failure in failures:
            print(f"fuzz/routes: FAILED: {failure}", file=sys.stderr)
        if not alive:
            print("fuzz/routes: FAILED: the server no longer answers", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
