"""epsim for backend tests: the `epsim` binary, a class that runs `epsim serve` (a mock of
Apple's External Purchase Server API, App Store Server API and notifications) for a test, and a
pytest plugin with the `epsim_server` fixture.

    from epsim import EpsimServer

    with EpsimServer() as server:
        server.events({"type": "install", "device": "alice.iphone"})
        print(server.url, server.environment, server.bundle_id)

See docs/backend-tests.md in the epsim repository.
"""

from ._apple import AppleLibraryMissing
from ._binary import EpsimNotFound, find_binary
from .server import EpsimAPIError, EpsimError, EpsimServer, EpsimStartError

__all__ = [
    "AppleLibraryMissing",
    "EpsimAPIError",
    "EpsimError",
    "EpsimNotFound",
    "EpsimServer",
    "EpsimStartError",
    "find_binary",
]
