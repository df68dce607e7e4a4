"""What a backend developer sees when something is off: a server that cannot start, a missing
binary, a failing test (the server's log in the report), Apple's library missing; and that a
server outside pytest stops cleanly."""

import ast
import os
import pathlib
import sys

import pytest

import epsim
from epsim import EpsimNotFound, EpsimServer, EpsimStartError, find_binary


def test_the_package_tested_is_the_installed_wheel():
    # run-tests runs this suite against the wheel installed in a fresh environment, not against
    # python/epsim: the binary comes from that environment's scripts directory.
    package = pathlib.Path(epsim.__file__).resolve()
    assert pathlib.Path(sys.prefix).resolve() in package.parents, package
    if "EPSIM_BINARY" not in os.environ:
        assert pathlib.Path(find_binary()).resolve() == pathlib.Path(sys.prefix).resolve() / "bin" / "epsim"


def test_the_package_is_python_3_9(tmp_path):
    # Syntax newer than 3.9 (match, except*, ...) would break the oldest Python the wheel
    # promises; annotations are strings everywhere (from __future__ import annotations).
    for path in pathlib.Path(epsim.__file__).parent.glob("*.py"):
        source = path.read_text()
        ast.parse(source, filename=str(path), feature_version=(3, 9))
        assert "from __future__ import annotations" in source or path.name == "__init__.py", path


def test_a_scenario_the_server_refuses_is_a_start_error_with_its_log(tmp_path):
    broken = tmp_path / "broken.epsim"
    broken.write_text("environment production\nthis is not a scenario line\n")
    with pytest.raises(EpsimStartError) as failure:
        EpsimServer(tmp_path / "server", scenario=broken)
    message = str(failure.value)
    assert "exited with status 2 while starting" in message
    assert "broken.epsim:2:1" in message, message


def test_a_scenario_and_an_environment_together_are_refused(tmp_path):
    scenario = pathlib.Path(__file__).parent / "worlds" / "shop.epsim"
    with pytest.raises(EpsimStartError) as failure:
        EpsimServer(tmp_path, scenario=scenario, environment="sandbox")
    assert "--rules applies to the demo world" in str(failure.value)


def test_an_unknown_environment_is_refused_before_anything_starts():
    with pytest.raises(ValueError, match="sandbox or production"):
        EpsimServer(environment="staging")


def test_a_wrong_epsim_binary_says_so(monkeypatch):
    monkeypatch.setenv("EPSIM_BINARY", "/nonexistent/epsim")
    with pytest.raises(EpsimNotFound, match="EPSIM_BINARY"):
        EpsimServer()


def test_a_server_that_does_not_get_ready_in_time_is_a_start_error(tmp_path):
    # A "binary" that never prints an address: the wait ends at the timeout, not at 60 s.
    silent = tmp_path / "silent-epsim"
    silent.write_text("#!/bin/sh\necho starting >&2\nexec sleep 30\n")
    silent.chmod(0o755)
    with pytest.raises(EpsimStartError) as failure:
        EpsimServer(tmp_path / "server", binary=str(silent), startup_timeout=1)
    assert "did not get ready within 1 s" in str(failure.value)
    assert "starting" in str(failure.value)


def test_outside_pytest_a_context_manager_starts_and_stops_it():
    with EpsimServer() as server:
        process = server.process
        directory = server.directory
        assert server.get("world")["environment"] == "sandbox"
        # The few answers that are not JSON come back as text: the root it signs under.
        assert server.get("notifications/ca.pem") == server.root_certificate_pem.decode()
    assert process.poll() is not None
    assert not os.path.exists(directory), "the temporary folder it made is removed"
    assert "listening on" in server.log
    server.stop()  # idempotent


def test_without_apples_library_client_and_verifier_say_what_to_install(epsim_server, monkeypatch):
    # None in sys.modules makes `import appstoreserverlibrary...` fail as if it were absent.
    for name in [name for name in sys.modules if name.startswith("appstoreserverlibrary")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "appstoreserverlibrary", None)
    for attribute in ("client", "verifier"):
        with pytest.raises(ImportError, match=r"pip install 'epsim\[apple\]'"):
            getattr(epsim_server, attribute)


def test_a_failing_test_shows_the_servers_log(pytester):
    pytester.makepyfile(test_inner="""
        def test_fails(epsim_server):
            epsim_server.events({"type": "install", "device": "alice.iphone"})
            assert False, "the backend got it wrong"

        def test_passes(epsim_server):
            assert epsim_server.url
    """)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*- epsim serve log -*", "*listening on http://127.0.0.1:*"])
    assert result.stdout.str().count("epsim serve log") == 1


def test_the_marker_takes_keywords_only(pytester):
    pytester.makepyfile(test_inner="""
        import pytest

        @pytest.mark.epsim(world="x")
        def test_unknown_keyword(epsim_server):
            pass
    """)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*does not know world*"])
