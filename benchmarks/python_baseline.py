#!/usr/bin/env python3
"""Python baseline for the codec benchmark: standard library only.

Decodes every token of a corpus file (one token a line, as epsim-benchmarks
writes it) with base64.urlsafe_b64decode and json.loads, and prints the best
tokens-per-second rate of three timed runs as `RESULT python-decode <rate>`.
Time is the thread's CPU time, as in epsim-benchmarks, so a busy machine does not
skew the comparison.
"""
import base64
import json
import sys
import time


def decode(token):
    token = token.strip()
    # urlsafe_b64decode needs padding; Apple's tokens may come without it.
    padded = token.rstrip("=") + "=" * (-len(token.rstrip("=")) % 4)
    return json.loads(base64.urlsafe_b64decode(padded))


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: python_baseline.py CORPUS [SECONDS]")
    with open(sys.argv[1], encoding="utf-8") as corpus:
        tokens = [line for line in corpus.read().split("\n") if line]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    best = 0.0
    checksum = 0
    for _ in range(3):
        passes = 0
        start = time.thread_time()
        while True:
            for token in tokens:
                checksum += decode(token)["tokenCreationDate"]
            passes += 1
            elapsed = time.thread_time() - start
            if elapsed >= seconds:
                break
        best = max(best, passes * len(tokens) / elapsed)
    print(f"RESULT python-decode {int(best)} (checksum {checksum % 2**63})")


if __name__ == "__main__":
    main()
