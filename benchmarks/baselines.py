#!/usr/bin/env python3
"""Whole-process baselines for benchmarks/run-commands: Python's standard library doing the
core of each command the plain way, one item at a time, as a developer would write it.

    baselines.py decode [--json] [TOKEN...]   tokens from arguments or one per line on stdin:
                                              urlsafe_b64decode (padding restored) + json.loads,
                                              then json.dumps (--json) or a listing per token
    baselines.py scenarios FILE...            read every scenario and split each line into words
    baselines.py generate N                   N token lines: a dict, json.dumps, urlsafe_b64encode
    baselines.py plist FILE...                plistlib.load of every file
"""
import base64
import binascii
import json
import plistlib
import sys
import uuid


def decode(arguments):
    as_json = "--json" in arguments
    tokens = [a for a in arguments if a != "--json"]
    inputs = enumerate(tokens, 1) if tokens else enumerate(sys.stdin, 1)
    write = sys.stdout.write
    failures = 0
    for number, line in inputs:
        token = line.rstrip("\r\n").strip(" \t").rstrip("=")
        if not token.strip():
            continue
        try:
            fields = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
        except (ValueError, binascii.Error) as error:
            failures += 1
            sys.stderr.write(f"input {number}: {error}\n")
            continue
        if as_json:
            write(json.dumps(fields, separators=(",", ":")) + "\n")
        else:
            write(f"input {number}:\n" + "".join(f"  {k}  {v}\n" for k, v in fields.items()) + "\n")
    return 2 if failures else 0


def scenarios(files):
    words = 0
    for name in files:
        with open(name, encoding="utf-8") as scenario:
            for line in scenario:
                words += len(line.split("#", 1)[0].split())
    print(f"{words} words")
    return 0


def generate(count):
    write = sys.stdout.write
    for number in range(int(count[0])):
        fields = {"appAppleId": 1234567890, "bundleId": "com.example.app",
                  "tokenCreationDate": 1772355600000 + number, "externalPurchaseId": str(uuid.uuid4()).upper(),
                  "tokenType": "SERVICES", "tokenExpirationDate": 1772359200000 + number}
        token = base64.urlsafe_b64encode(json.dumps(fields, separators=(",", ":")).encode()).rstrip(b"=")
        write(json.dumps({"token": token.decode(), **fields}, separators=(",", ":")) + "\n")
    return 0


def plist(files):
    for name in files:
        with open(name, "rb") as source:
            try:
                plistlib.load(source)
            except Exception as error:  # a broken example plist is part of the input
                print(f"{name}: {error}")
    return 0


def main():
    commands = {"decode": decode, "scenarios": scenarios, "generate": generate, "plist": plist}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    sys.exit(commands[sys.argv[1]](sys.argv[2:]))


if __name__ == "__main__":
    main()
