#!/usr/bin/env python3
"""Writes the golden files of DecodeGoldenTests: an input for `epsim decode` and what a given
epsim binary prints for it. Run once with the binary whose behaviour is the reference (the
outputs are then fixed), and again only when the output is meant to change.

    make-decode-golden.py EPSIM CORPUS   (CORPUS: one token a line, e.g. the first 400 of
                                          `epsim-benchmarks codec --corpus-out`)
"""
import base64
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.join(HERE, "..", "..", "..", "sample-tokens")


def b64(text, pad=False):
    encoded = base64.urlsafe_b64encode(text.encode("utf-8")).decode()
    return encoded if pad else encoded.rstrip("=")


def edge_lines():
    base = {"appAppleId": 1234567890, "bundleId": "com.example.app", "tokenCreationDate": 1772355600000,
            "externalPurchaseId": "0C9D8E7F-1A2B-4C3D-8E9F-0A1B2C3D4E5F"}
    extras = dict(base, newField=12.5, kind="x", environment=True, **{"名前": "値", 'quo"te': "a\\b\n\u0001"})
    extras_json = json.dumps(extras, ensure_ascii=False, separators=(",", ":")).replace("12.5", "12.50")
    custom = dict(base, tokenType="SERVICES", tokenExpirationDate=1772359200000)
    token = b64(json.dumps(custom, separators=(",", ":")))
    lines = [
        b64(extras_json).encode(),
        b64(json.dumps(dict(base, nested={"a": [1, None, False, "é"]}), separators=(",", ":"))).encode(),
        b64(json.dumps(custom, indent="\t") + "\n", pad=True).encode(),
        b"", b"   ", b"\t", b"\x0b\x0c", b"\r",
        "\u00a0".encode(), "\u2028".encode(), "\u3000 \t".encode(),
        b"  " + token.encode() + b"\t ",
        token.encode() + b"\r",  # with the \r\n that follows, a Windows line end
        token.encode() + b"\r\r",
        "\u00a0".encode() + token.encode() + "\u2003".encode(),
        token.encode() + "\u2028".encode(),
        b"\xff\xfe", token.encode() + b"\xff", b"\x00" + token.encode(),
        b"not+a+token", b"abc", b"====", b"eyJ", b"a:b", b"?",
        b"https://shop.example/buy?externalPurchaseToken=%zz",
        b"  https://shop.example/buy?externalPurchaseToken=" + token.encode() + b"&x=1  ",
        b"A" * 20000,
        b64(json.dumps(custom, separators=(",", ":")), pad=True).encode(),
        b64(json.dumps(dict(base, tokenType="NOPE"), separators=(",", ":"))).encode(),
    ]
    return lines, token


def main():
    epsim, corpus = sys.argv[1], sys.argv[2]
    with open(corpus, "rb") as source:
        lines = [line for line in source.read().split(b"\n") if line][:400]
    samples = []
    for name in sorted(os.listdir(SAMPLES)):
        if name.endswith((".token", ".url")):
            with open(os.path.join(SAMPLES, name), "rb") as sample:
                samples.append(sample.read().strip(b"\n"))
    edges, token = edge_lines()
    # The last line has no newline and ends in \r, which then stays part of it.
    data = b"\n".join(lines[:40] + edges + samples + lines[40:]) + b"\n" + token.encode() + b"\r"
    with open(os.path.join(HERE, "decode-input.txt"), "wb") as out:
        out.write(data)
    arguments = [line.decode("utf-8", "replace") for line in edges if b"\x00" not in line] + [""]
    with open(os.path.join(HERE, "decode-arguments.json"), "w") as out:
        json.dump(arguments, out, ensure_ascii=False, indent=0)
    for name, flags in [("listing", []), ("json", ["--json"]), ("strict", ["--strict", "--json"])]:
        with open(os.path.join(HERE, "decode-input.txt"), "rb") as stdin:
            result = subprocess.run([epsim, "decode", *flags], stdin=stdin, capture_output=True)
        write(name, result)
    write("arguments", subprocess.run([epsim, "decode", "--json", *arguments], capture_output=True))


def write(name, result):
    with open(os.path.join(HERE, f"decode-{name}.out"), "wb") as out:
        out.write(result.stdout)
    with open(os.path.join(HERE, f"decode-{name}.err"), "wb") as out:
        out.write(f"exit {result.returncode}\n".encode() + result.stderr)


if __name__ == "__main__":
    main()
