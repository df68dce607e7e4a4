#!/usr/bin/env python3
"""Inputs for the whole-process benchmarks (benchmarks/run-commands), written into DIR.

    make_inputs.py DIR

- scenarios/NNNN.epsim: 1,000 scenarios on the demo world, 200 statements each (install,
  requests of every type, eligibility checks, notice sheets, clock moves, updates), with
  expectations on some lines; the count of statements is printed as `statements N`.
- plists/NNNN.plist: 1,000 Info.plist files, copies of docs/examples/plist/*.plist in turn.
- large-world.epsim: one scenario whose final world has 5,000 tokens over 100 customers,
  for `epsim report plan`.
Deterministic: the same files every time.
"""
import os
import shutil
import sys

CYCLE = [
    "request SERVICES on alice.iphone  expect token",
    "advance 10m",
    "request ACQUISITION on alice.iphone",
    "check-eligibility on bruno.iphone  expect not eligible reason payments",
    "request IN_APP on kenji.iphone  expect token and field tokenType = IN_APP",
    "advance to next expiry plus 1ms",
    "update alice.iphone",
    "request LINK_OUT on kenji.iphone",
    "notice-sheet on alice.iphone",
    "advance 1h",
]


def scenario(number, statements):
    lines = [f"# generated benchmark scenario {number}", "demo"]
    lines += ["install alice.iphone", "install bruno.iphone", "install kenji.iphone"]
    count = 4
    index = number
    while count < statements:
        lines.append(CYCLE[index % len(CYCLE)])
        index += 1
        count += 1
    return "\n".join(lines) + "\n", count


def large_world(customers, tokens_each):
    lines = ["environment production", "seed 7", "start 2026-03-01T09:00:00Z",
             "app com.example.bench id 1234567890 custom-link-regions nl,fr,de",
             "entitlement allowed-regions jp"]
    for c in range(customers):
        lines.append(f"device d{c} iOS 26.4 storefront jp customer c{c}")
    for c in range(customers):
        lines.append(f"install d{c}")
    for t in range(tokens_each):
        for c in range(customers):
            lines.append(f"request {'IN_APP' if t % 2 == 0 else 'LINK_OUT'} on d{c}")
        lines.append("advance 1m")
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_inputs.py DIR")
    root = sys.argv[1]
    os.makedirs(os.path.join(root, "scenarios"), exist_ok=True)
    total = 0
    for number in range(1000):
        text, count = scenario(number, 200)
        total += count
        with open(os.path.join(root, "scenarios", f"{number:04}.epsim"), "w") as out:
            out.write(text)
    print(f"statements {total}")
    examples = os.path.join(os.path.dirname(__file__), "..", "docs", "examples", "plist")
    sources = sorted(f for f in os.listdir(examples) if f.endswith(".plist"))
    os.makedirs(os.path.join(root, "plists"), exist_ok=True)
    for number in range(1000):
        shutil.copyfile(os.path.join(examples, sources[number % len(sources)]),
                        os.path.join(root, "plists", f"{number:04}.plist"))
    with open(os.path.join(root, "large-world.epsim"), "w") as out:
        out.write(large_world(100, 50))


if __name__ == "__main__":
    main()
