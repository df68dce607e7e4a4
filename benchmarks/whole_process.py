#!/usr/bin/env python3
"""Times whole processes from outside, a command (A) against a baseline (B) in turns.

    whole_process.py --label L [--runs N] [--input FILE] [--until-output TEXT | --until-port N]
                     --a 'COMMAND A' [--b 'COMMAND B'] [--per N --unit WORD]

A and B run alternately (A B A B ...) after one warm-up each, so a machine whose speed drifts
slows both; each run's wall time is taken from just before the start to the end, start-up
included. Prints one line per pair and a summary with the medians, the median of the per-pair
ratios B/A (by wall time, and by CPU time for plain runs), peak resident memory (the kernel's own figure for the finished child) and, with
--per, a rate (N units per median second). Standard input is --input (or empty); standard output
and error go to /dev/null so a terminal or a pipe never slows a run.

--until-output runs the command on a pseudo-terminal and stops the clock at the first output
that contains TEXT (a first frame), then sends "q" and ends it. --until-port stops the clock at
the first accepted TCP connection to 127.0.0.1:N, then ends the command with SIGTERM.
Figures only: no threshold, and the exit status is 0 once every run has finished.
"""
import argparse
import os
import pty
import select
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import time


def run_plain(argv, input_path):
    stdin = open(input_path, "rb") if input_path else subprocess.DEVNULL
    start = time.monotonic()
    process = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.monotonic() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if input_path:
        stdin.close()
    return elapsed, usage.ru_maxrss, process.returncode, usage.ru_utime + usage.ru_stime


def run_until_output(argv, marker, rows=24, columns=80):
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = os.environ.get("TERM", "xterm-256color")
        os.environ["LINES"], os.environ["COLUMNS"] = str(rows), str(columns)
        os.execvp(argv[0], argv)
    seen = b""
    elapsed = None
    deadline = start + 30
    while elapsed is None and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
            if marker.encode() in seen:
                elapsed = time.monotonic() - start
    try:
        os.write(fd, b"q")
    except OSError:
        pass
    _, status, usage = _reap(pid)
    os.close(fd)
    return (elapsed if elapsed is not None else float("nan")), usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def run_until_port(argv, port):
    start = time.monotonic()
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = float("nan")
    while process.poll() is None and time.monotonic() < start + 30:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                elapsed = time.monotonic() - start
                break
        except OSError:
            time.sleep(0.0005)
    process.send_signal(signal.SIGTERM)
    _, status, usage = _reap(process.pid)
    return elapsed, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def _reap(pid):
    for _ in range(100):
        found, status, usage = os.wait4(pid, os.WNOHANG)
        if found:
            return found, status, usage
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    return os.wait4(pid, 0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--label", required=True)
    parser.add_argument("--runs", type=int, default=int(os.environ.get("RUNS", "5")))
    parser.add_argument("--input")
    parser.add_argument("--until-output")
    parser.add_argument("--until-port", type=int)
    parser.add_argument("--a", required=True)
    parser.add_argument("--b")
    parser.add_argument("--per", type=float)
    parser.add_argument("--unit", default="items")
    options = parser.parse_args()

    def once(command):
        argv = shlex.split(command)
        if options.until_output:
            return run_until_output(argv, options.until_output)
        if options.until_port:
            return run_until_port(argv, options.until_port)
        return run_plain(argv, options.input)

    commands = [options.a] + ([options.b] if options.b else [])
    for command in commands:
        once(command)  # warm-up: page cache, dynamic loader
    results = {command: [] for command in commands}
    ratios = []
    # CPU time (user + system of the finished child): on a shared machine wall time counts the
    # waits for a core, CPU time much less so. Plain runs only.
    cpu_ratios = []

    def has_cpu(result):
        return len(result) > 3

    def cpu_text(result):
        return f" ({result[3] * 1000:.0f} ms CPU)" if has_cpu(result) else ""
    for run in range(options.runs):
        pair = [once(command) for command in commands]
        for command, result in zip(commands, pair):
            results[command].append(result)
        text = f"  run {run + 1}: A {pair[0][0] * 1000:9.1f} ms{cpu_text(pair[0])} (exit {pair[0][2]})"
        if options.b:
            ratios.append(pair[1][0] / pair[0][0])
            if has_cpu(pair[0]) and has_cpu(pair[1]):
                cpu_ratios.append(pair[1][3] / max(pair[0][3], 1e-6))
            text += f"   B {pair[1][0] * 1000:9.1f} ms{cpu_text(pair[1])} (exit {pair[1][2]})"
        print(text, file=sys.stderr)

    def summary(command):
        walls = [r[0] for r in results[command]]
        return statistics.median(walls), max(r[1] for r in results[command]) / 1024

    def cpu_summary(command):
        cpus = [r[3] for r in results[command] if has_cpu(r)]
        return f" ({statistics.median(cpus) * 1000:.0f} ms CPU)" if cpus else ""

    wall_a, peak_a = summary(options.a)
    line = f"RESULT {options.label} | A {wall_a * 1000:.1f} ms{cpu_summary(options.a)}, peak {peak_a:.1f} MB"
    if options.per:
        line += f", {options.per / wall_a:,.0f} {options.unit}/s"
    if options.b:
        wall_b, peak_b = summary(options.b)
        line += f" | B {wall_b * 1000:.1f} ms{cpu_summary(options.b)}, peak {peak_b:.1f} MB"
        if options.per:
            line += f", {options.per / wall_b:,.0f} {options.unit}/s"
        line += f" | B/A {statistics.median(ratios):.2f}x"
        if cpu_ratios:
            line += f" (CPU {statistics.median(cpu_ratios):.2f}x)"
    print(line)
    print(f"  A: {options.a}\n  B: {options.b or '-'}", file=sys.stderr)


if __name__ == "__main__":
    main()
