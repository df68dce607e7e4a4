"""The pytest plugin of the epsim package, registered through the `pytest11` entry point.

- `epsim_server`: a fresh `epsim serve` for the test (an `EpsimServer` in `tmp_path`), stopped
  after it.
- `@pytest.mark.epsim(scenario=..., storekit=..., environment=...)`: the world that server
  starts with. Relative paths are read from the folder of the test file that holds the test
  (not the current directory), so a test finds its scenario wherever pytest was started from.
  Without the marker: the demo world, sandbox.
- A test that fails while it has a server gets the server's log as a report section
  ("epsim serve log"), printed under the failure.
"""

from __future__ import annotations

import os
import pathlib

import pytest

from .server import EpsimServer

MARKER_OPTIONS = ("scenario", "storekit", "environment")
_SERVER = pytest.StashKey[EpsimServer]()
_LOG_SHOWN = pytest.StashKey[bool]()


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "epsim(scenario=None, storekit=None, environment=None): the world of the test's "
        "epsim_server: a scenario file, a StoreKit configuration, or the demo world's "
        "environment ('sandbox' or 'production'); relative paths are read from the test "
        "file's folder")


def _test_folder(node) -> pathlib.Path:
    path = getattr(node, "path", None)
    return pathlib.Path(path if path is not None else str(node.fspath)).parent


def server_options(node) -> dict:
    """The EpsimServer keyword arguments the test's `epsim` marker asks for."""
    marker = node.get_closest_marker("epsim")
    if marker is None:
        return {}
    if marker.args:
        pytest.fail(f"@pytest.mark.epsim takes keywords only ({', '.join(MARKER_OPTIONS)})",
                    pytrace=False)
    unknown = sorted(set(marker.kwargs) - set(MARKER_OPTIONS))
    if unknown:
        pytest.fail(f"@pytest.mark.epsim does not know {', '.join(unknown)}; it takes "
                    f"{', '.join(MARKER_OPTIONS)}", pytrace=False)
    options = {name: value for name, value in marker.kwargs.items() if value is not None}
    for name in ("scenario", "storekit"):
        if name in options:
            options[name] = _test_folder(node) / os.fspath(options[name])
    return options


@pytest.fixture
def epsim_server(request, tmp_path):
    """A fresh `epsim serve` for this test: an `epsim.EpsimServer` on a free loopback port, its
    world from the test's `@pytest.mark.epsim` (the demo world without one), stopped after the
    test."""
    server = EpsimServer(tmp_path / "epsim", **server_options(request.node))
    request.node.stash[_SERVER] = server
    try:
        yield server
    finally:
        server.stop()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    server = item.stash.get(_SERVER, None)
    if report.failed and server is not None and not item.stash.get(_LOG_SHOWN, False):
        item.stash[_LOG_SHOWN] = True
        report.sections.append(("epsim serve log", server.log or "(empty)"))
