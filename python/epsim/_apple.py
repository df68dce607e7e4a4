"""Apple's App Store Server Library (`app-store-server-library`, the `epsim[apple]` extra)
pointed at one `epsim serve`. Imported only when `client` or `verifier` is asked for."""

from __future__ import annotations

from .server import APPLE_EXTRA_HINT, EpsimError


class AppleLibraryMissing(EpsimError, ImportError):
    """Apple's `app-store-server-library` is not installed in this environment."""


def _library():
    try:
        from appstoreserverlibrary.api_client import AppStoreServerAPIClient
        from appstoreserverlibrary.models.Environment import Environment
        from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
    except ImportError as error:
        raise AppleLibraryMissing(
            "the client and verifier of an epsim server are Apple's app-store-server-library, "
            f"which is not installed here: {APPLE_EXTRA_HINT}") from error
    return AppStoreServerAPIClient, Environment, SignedDataVerifier


def api_client(server):
    """Apple's API client, unchanged but for the base URL it sends to.

    The library has no setting for its host: it builds every URL in one method, which the
    subclass points at the server's `api_url` (epsim's stand-in for Apple's host of the world's
    environment)."""
    client_class, environment, _ = _library()
    if server.private_key is None:
        raise EpsimError("this server verifies JWTs with a key of yours (--public-key): build "
                         "Apple's client with your own private key")

    class EpsimAPIClient(client_class):
        def _get_full_url(self, path):
            return server.api_url + path

    return EpsimAPIClient(server.private_key, server.key_id, server.issuer_id, server.bundle_id,
                          environment(server.environment))


def signed_data_verifier(server):
    """Apple's verifier with epsim's root as the only trusted root and online checks off
    (epsim's certificates have no OCSP responder), for the world's environment and app."""
    _, environment, verifier_class = _library()
    return verifier_class([server.root_certificate], False, environment(server.environment),
                          server.bundle_id, server.app_apple_id)
