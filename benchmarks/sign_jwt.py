#!/usr/bin/env python3
"""Writes a P-256 key (PEM, PKCS #8) and prints an App Store Server API JWT signed with it.

Usage: sign_jwt.py KEY_FILE BUNDLE_ID [LIFETIME_SECONDS]
For benchmarks/run-server only; needs the `cryptography` package.
"""
import base64
import json
import sys
import time

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature


def segment(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def main() -> None:
    key_file, bundle_id = sys.argv[1], sys.argv[2]
    lifetime = int(sys.argv[3]) if len(sys.argv) > 3 else 3600
    key = ec.generate_private_key(ec.SECP256R1())
    with open(key_file, "wb") as handle:
        handle.write(
            key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
        )
    now = int(time.time())
    header = {"alg": "ES256", "kid": "BENCHMARK1", "typ": "JWT"}
    claims = {"iss": "benchmark", "iat": now, "exp": now + lifetime, "aud": "appstoreconnect-v1", "bid": bundle_id}
    signing_input = segment(json.dumps(header).encode()) + "." + segment(json.dumps(claims).encode())
    r, s = decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
    print(signing_input + "." + segment(r.to_bytes(32, "big") + s.to_bytes(32, "big")))


if __name__ == "__main__":
    main()
