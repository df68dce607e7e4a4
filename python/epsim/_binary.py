"""Finding the `epsim` executable this package drives."""

from __future__ import annotations

import os
import shutil
import sysconfig


class EpsimNotFound(RuntimeError):
    """No `epsim` executable was found where this package looks for one."""


def _executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def _scripts_directories() -> list:
    """Where pip puts a wheel's scripts for this interpreter: its environment's scripts folder,
    then the user scheme's (`pip install --user`)."""
    directories = []
    for scheme in (None, f"{os.name}_user"):
        try:
            path = sysconfig.get_path("scripts") if scheme is None else sysconfig.get_path(
                "scripts", scheme)
        except KeyError:
            continue
        if path and path not in directories:
            directories.append(path)
    return directories


def find_binary() -> str:
    """The path of the `epsim` executable to run.

    In order: the `EPSIM_BINARY` environment variable (which must then name an executable file:
    a typo is an error, not a quiet fall back to another epsim); the binary the wheel installed
    into this environment's scripts directory (`sysconfig.get_path("scripts")`, where pip puts
    the wheel's `epsim-VERSION.data/scripts/epsim`; then the user scheme's, for
    `pip install --user`); then `epsim` on PATH.
    """
    override = os.environ.get("EPSIM_BINARY")
    if override:
        if _executable(override):
            return os.path.abspath(override)
        raise EpsimNotFound(f"EPSIM_BINARY is {override!r}, which is not an executable file")
    searched = []
    for directory in _scripts_directories():
        candidate = os.path.join(directory, "epsim")
        searched.append(candidate)
        if _executable(candidate):
            return candidate
    on_path = shutil.which("epsim")
    if on_path:
        return on_path
    raise EpsimNotFound(
        "no epsim executable found: not in EPSIM_BINARY, not in this environment's scripts "
        f"directory ({', '.join(searched) or 'none'}), not on PATH. Install the epsim wheel "
        "into this environment (pip install epsim-VERSION-py3-none-linux_ARCH.whl), or set "
        "EPSIM_BINARY to a built epsim")
