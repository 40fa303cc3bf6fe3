"""Times two short commands against each other, for the peers harness's start-up rows.

    python3 quick.py ROUNDS TIMEOUT -- CGT-COMMAND... -- PEER-COMMAND...

A run of a few milliseconds is mostly process start-up, and the harness's usual wrappers
(`/usr/bin/time`, `timeout`, two calls of `date`) cost more than the run itself: about 2.4 ms
around a run of 0.8 ms on the machine of BENCHMARKS.md. Here each command is started directly
(posix_spawn, output to /dev/null) and waited for (wait4), ROUNDS times each, alternately, the
other one first in every other round, so slow drifts of the machine fall on both alike.

Prints one line: the median wall time of each command and the mean CPU time (user + system, from
wait4) of each, in seconds, then the number of rounds in which the first command was faster:
"CGT_WALL CGT_CPU PEER_WALL PEER_CPU WON". Exits with status 1 (and a message) when a run fails
and 124 when a run takes longer than TIMEOUT seconds.
"""

import os
import signal
import statistics
import sys
import time


def main() -> int:
    args = sys.argv[1:]
    rounds, timeout = int(args[0]), float(args[1])
    if args[2] != "--" or args.count("--") != 2:
        print("usage: quick.py ROUNDS TIMEOUT -- COMMAND... -- COMMAND...", file=sys.stderr)
        return 2
    split = args.index("--", 3)
    commands = [args[3:split], args[split + 1 :]]
    devnull = os.open(os.devnull, os.O_WRONLY)
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    running = []

    def on_alarm(_signum, _frame):
        for pid in running:
            os.kill(pid, signal.SIGKILL)
        print(f"quick.py: a run took over {timeout} s", file=sys.stderr)
        sys.exit(124)

    signal.signal(signal.SIGALRM, on_alarm)

    def run(command):
        start = time.perf_counter_ns()
        pid = os.posix_spawnp(command[0], command, os.environ, file_actions=actions)
        running.append(pid)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        _, status, usage = os.wait4(pid, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        wall = (time.perf_counter_ns() - start) / 1e9
        running.remove(pid)
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            print(f"quick.py: {' '.join(command)} exited with status {code}", file=sys.stderr)
            sys.exit(1)
        return wall, usage.ru_utime + usage.ru_stime

    times = [[], []]
    for r in range(rounds):
        for i in ((0, 1) if r % 2 == 0 else (1, 0)):
            times[i].append(run(commands[i]))
    won = sum(1 for a, b in zip(times[0], times[1]) if a[0] < b[0])
    out = []
    for t in times:
        out.append(f"{statistics.median(w for w, _ in t):.6f}")
        out.append(f"{statistics.fmean(c for _, c in t):.6f}")
    print(" ".join(out), won)
    return 0


if __name__ == "__main__":
    sys.exit(main())
