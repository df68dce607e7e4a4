#!/usr/bin/env python3
"""Writes the binary twins of two XML examples: notice-sheet-binary.plist and
bad-countries-binary.plist. Run from this folder: python3 make-binary-examples.py

Python's standard plistlib writes Apple's binary format (bplist00), so no macOS
tool is needed. The output is byte-for-byte the same on every run."""
import plistlib

for name in ["notice-sheet", "bad-countries"]:
    with open(f"{name}.plist", "rb") as source:
        value = plistlib.load(source)
    with open(f"{name}-binary.plist", "wb") as target:
        plistlib.dump(value, target, fmt=plistlib.FMT_BINARY)
