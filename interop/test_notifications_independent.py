"""The same notifications checked by a second stack nobody here wrote: `cryptography` walks the
x5c chain by hand (signatures, key identifiers, constraints, validity, Apple's marker OIDs) and
PyJWT checks the JWS signature with the leaf's key. A fault that Apple's library happened to
overlook would show here."""

import base64
import datetime
import json

import jwt
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtensionOID, ObjectIdentifier

LEAF_MARKER = ObjectIdentifier("1.2.840.113635.100.6.11.1")
INTERMEDIATE_MARKER = ObjectIdentifier("1.2.840.113635.100.6.2.1")


def _segment(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _chain(signed: str):
    header = json.loads(_segment(signed.split(".")[0]))
    assert header["alg"] == "ES256"
    assert len(header["x5c"]) == 3, "leaf, intermediate and root, as Apple sends"
    return [x509.load_der_x509_certificate(base64.b64decode(der, validate=True))
            for der in header["x5c"]]


def _issued_by(child: x509.Certificate, parent: x509.Certificate):
    parent.public_key().verify(child.signature, child.tbs_certificate_bytes,
                               ec.ECDSA(child.signature_hash_algorithm))
    assert child.issuer == parent.subject
    authority = child.extensions.get_extension_for_oid(ExtensionOID.AUTHORITY_KEY_IDENTIFIER).value
    subject = parent.extensions.get_extension_for_oid(ExtensionOID.SUBJECT_KEY_IDENTIFIER).value
    assert authority.key_identifier == subject.digest


def _constraints(certificate: x509.Certificate):
    basic = certificate.extensions.get_extension_for_oid(ExtensionOID.BASIC_CONSTRAINTS)
    usage = certificate.extensions.get_extension_for_oid(ExtensionOID.KEY_USAGE)
    assert basic.critical and usage.critical
    return basic.value, usage.value


def test_the_chain_is_sound_by_hand(lived_world):
    trusted_root = lived_world.server.root_certificate_der()
    for signed in lived_world.signed_payloads:
        leaf, intermediate, root = _chain(signed)
        assert root.public_bytes(serialization.Encoding.DER) == trusted_root
        _issued_by(root, root)
        _issued_by(intermediate, root)
        _issued_by(leaf, intermediate)
        for certificate in (leaf, intermediate, root):
            # RFC 5280 4.2.1.2: every certificate names its own key.
            certificate.extensions.get_extension_for_oid(ExtensionOID.SUBJECT_KEY_IDENTIFIER)
            assert certificate.version == x509.Version.v3
            assert certificate.serial_number > 0
        for authority in (intermediate, root):
            basic, usage = _constraints(authority)
            assert basic.ca and usage.key_cert_sign
        basic, usage = _constraints(leaf)
        assert not basic.ca and usage.digital_signature
        leaf.extensions.get_extension_for_oid(LEAF_MARKER)
        intermediate.extensions.get_extension_for_oid(INTERMEDIATE_MARKER)
        signed_date = json.loads(_segment(signed.split(".")[1]))["signedDate"]
        at = datetime.datetime.fromtimestamp(signed_date / 1000, datetime.timezone.utc)
        for certificate in (leaf, intermediate, root):
            assert certificate.not_valid_before_utc <= at <= certificate.not_valid_after_utc


def test_pyjwt_verifies_each_signature_with_the_leaf_key(lived_world):
    for signed in lived_world.signed_payloads:
        leaf = _chain(signed)[0]
        payload = jwt.decode(signed, leaf.public_key(), algorithms=["ES256"])
        assert payload["notificationType"] == "EXTERNAL_PURCHASE_TOKEN"
        delivery = lived_world.deliveries[payload["notificationUUID"]]
        assert payload["subtype"] == delivery["subtype"]
        token = payload["externalPurchaseToken"]
        simulated = lived_world.tokens[token["externalPurchaseId"]]
        # Fields Apple's 3.1.2 models do not decode: the custom link token's type and expiry.
        assert token.get("tokenType") == simulated.get("tokenType")
        assert token.get("tokenExpirationDate") == simulated.get("tokenExpirationDate")


def test_pyjwt_refuses_a_changed_payload(lived_world):
    signed = lived_world.signed_payloads[0]
    header, payload, signature = signed.split(".")
    body = json.loads(_segment(payload))
    body["signedDate"] += 1
    forged = base64.urlsafe_b64encode(json.dumps(body).encode()).rstrip(b"=").decode()
    leaf = _chain(signed)[0]
    try:
        jwt.decode(".".join([header, forged, signature]), leaf.public_key(), algorithms=["ES256"])
    except jwt.InvalidSignatureError:
        return
    raise AssertionError("a changed payload verified")


def test_a_sha256_digest_of_each_chain_is_the_same_across_notifications(lived_world):
    # One server, one CA: every notification carries the same chain.
    digests = set()
    for signed in lived_world.signed_payloads:
        digest = hashes.Hash(hashes.SHA256())
        for certificate in _chain(signed):
            digest.update(certificate.public_bytes(serialization.Encoding.DER))
        digests.add(digest.finalize())
    assert len(digests) == 1
