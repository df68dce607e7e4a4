#!/usr/bin/env python3
"""Builds the `epsim` wheel from a built epsim binary, with the standard library only.

    python3 python/build_wheel.py --binary PATH --version V --out DIR

writes DIR/epsim-V-py3-none-linux_ARCH.whl and prints its path. The wheel holds the `epsim`
package (python/epsim: the server class and the pytest plugin), the binary as the script
`epsim-V.data/scripts/epsim` (pip installs it into the environment's bin directory, on its
PATH), and the dist-info: METADATA, WHEEL, entry_points.txt (the pytest11 plugin) and RECORD.

The same inputs give the same bytes: entries in a fixed order, every timestamp the same fixed
date, fixed permissions.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import os
import pathlib
import platform
import re
import sys
import zipfile

HERE = pathlib.Path(__file__).resolve().parent
PACKAGE = HERE / "epsim"
NAME = "epsim"
# The earliest date a zip entry can hold; every entry gets it, so a rebuild is byte for byte
# the same.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
# ELF e_machine values (with the byte order for the two that share one) to the machine names
# wheel platform tags use, which are `uname -m`'s.
ELF_MACHINES = {
    (0x03, "<"): "i686",
    (0x28, "<"): "armv7l",
    (0x3E, "<"): "x86_64",
    (0xB7, "<"): "aarch64",
    (0x15, ">"): "ppc64",
    (0x15, "<"): "ppc64le",
    (0x16, ">"): "s390x",
    (0xF3, "<"): "riscv64",
}
VERSION = re.compile(r"^[0-9]+(\.[0-9]+)*((a|b|rc)[0-9]+)?(\.post[0-9]+)?(\.dev[0-9]+)?$")

SUMMARY = ("epsim for backend tests: a local mock of Apple's External Purchase and App Store "
           "Server APIs, with a pytest plugin")
DESCRIPTION = """\
# epsim

epsim simulates Apple's external purchase tokens and serves a mock of Apple's servers
(`epsim serve`): the External Purchase Server API (reports), the App Store Server API, and App
Store Server Notifications V2 sent to a webhook, all on a virtual clock a test moves.

This distribution carries the `epsim` binary (installed on the environment's PATH) and a
pytest plugin:

```python
def test_a_purchase_is_notified(epsim_server):
    epsim_server.events({"type": "install", "device": "alice.iphone"})
    epsim_server.commerce({"type": "buy", "device": "alice.iphone", "product": "coins.100"})
    payload = epsim_server.notifications()[-1]
    assert epsim_server.verifier.verify_and_decode_notification(payload)
```

`epsim[apple]` adds Apple's `app-store-server-library`, for the fixture's `client` and
`verifier`. The binary is built for Linux and needs the machine's glibc, libstdc++
and libgcc_s, and ncurses' terminal database for the terminal UI.
"""


def machine_of(binary: pathlib.Path) -> str:
    """The wheel platform machine of an ELF executable, read from its header; a binary of a
    machine the table does not name falls back to this computer's `platform.machine()`."""
    with open(binary, "rb") as file:
        header = file.read(20)
    if len(header) < 20 or header[:4] != b"\x7fELF":
        raise SystemExit(f"build_wheel: {binary} is not an ELF executable; the wheel is for Linux")
    order = "<" if header[5] == 1 else ">"
    machine = int.from_bytes(header[18:20], "little" if order == "<" else "big")
    name = ELF_MACHINES.get((machine, order))
    if name is None:
        name = platform.machine()
        print(f"build_wheel: ELF machine {machine:#x} is not in the table; tagging it "
              f"{name}, this computer's machine", file=sys.stderr)
    return name


def platform_tag(binary: pathlib.Path) -> str:
    # A plain linux_ARCH tag, not manylinux. The binary is a Linux executable of one machine
    # architecture that still needs parts of the Linux it runs on: glibc (libc, libm; it cannot
    # be linked in with the Swift runtime), libstdc++ and libgcc_s as shared libraries, and
    # ncurses' terminal database for the terminal UI (scripts/package links the Swift runtime,
    # Foundation and ncurses' code in; a debug build links even more from the system). A
    # manylinux tag would promise that it runs on every distribution with glibc from some
    # version on and uses only the libraries that policy allows, which nobody has checked here
    # (auditwheel is the tool that checks it). linux_ARCH promises only what is true: a binary
    # for a Linux of this architecture. (PyPI does not take plain linux_* wheels: a wheel for
    # PyPI would need that check and a manylinux tag.)
    return "linux_" + machine_of(binary).replace("-", "_").replace(".", "_")


def metadata(version: str) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {NAME}",
        f"Version: {version}",
        f"Summary: {SUMMARY}",
        "Requires-Python: >=3.9",
        "Classifier: Framework :: Pytest",
        "Classifier: Operating System :: POSIX :: Linux",
        "Classifier: Programming Language :: Python :: 3",
        "Classifier: Topic :: Software Development :: Testing",
        "Provides-Extra: apple",
        'Requires-Dist: app-store-server-library>=3.1; extra == "apple"',
        "Description-Content-Type: text/markdown",
    ]
    return "\n".join(lines) + "\n\n" + DESCRIPTION


def wheel_file(tag: str) -> str:
    return "\n".join([
        "Wheel-Version: 1.0",
        "Generator: epsim build_wheel.py",
        "Root-Is-Purelib: false",
        f"Tag: {tag}",
    ]) + "\n"


ENTRY_POINTS = "[pytest11]\nepsim = epsim.pytest_plugin\n"


def package_files() -> list:
    """The package's source files, by their path in the wheel (no caches, no compiled files)."""
    files = []
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix == ".py":
            files.append((path.relative_to(HERE).as_posix(), path.read_bytes(), 0o644))
    if not files:
        raise SystemExit(f"build_wheel: no package files in {PACKAGE}")
    return files


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build(binary: pathlib.Path, version: str, out: pathlib.Path) -> pathlib.Path:
    if not VERSION.match(version):
        raise SystemExit(f"build_wheel: {version!r} is not a version like 1.2.3")
    if not (binary.is_file() and os.access(binary, os.X_OK)):
        raise SystemExit(f"build_wheel: {binary} is not an executable file")
    tag = "py3-none-" + platform_tag(binary)
    dist_info = f"{NAME}-{version}.dist-info"
    entries = package_files()
    entries.append((f"{NAME}-{version}.data/scripts/epsim", binary.read_bytes(), 0o755))
    entries += [
        (f"{dist_info}/METADATA", metadata(version).encode(), 0o644),
        (f"{dist_info}/WHEEL", wheel_file(tag).encode(), 0o644),
        (f"{dist_info}/entry_points.txt", ENTRY_POINTS.encode(), 0o644),
    ]
    record = [record_line(name, data) for name, data, _ in entries]
    record.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode(), 0o644))

    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{NAME}-{version}-{tag}.whl"
    # Written to memory first, so a failed build leaves no half wheel behind.
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data, mode in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, so the mode in external_attr is read as one
            info.external_attr = (0o100000 | mode) << 16
            archive.writestr(info, data, compresslevel=6)
    temporary = path.with_name(path.name + ".part")
    temporary.write_bytes(buffer.getvalue())
    os.replace(temporary, path)
    return path


def main(arguments=None) -> int:
    parser = argparse.ArgumentParser(description="Build the epsim wheel from an epsim binary.")
    parser.add_argument("--binary", required=True, type=pathlib.Path,
                        help="the epsim executable to ship")
    parser.add_argument("--version", required=True, help="the wheel's version, such as 0.1.0")
    parser.add_argument("--out", required=True, type=pathlib.Path,
                        help="the folder to write the wheel into")
    options = parser.parse_args(arguments)
    print(build(options.binary, options.version, options.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
