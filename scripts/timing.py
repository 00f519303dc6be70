"""What retime_decisions.py and cube_oracle/time_hints.py share: each command run as a process
of its own, one after another, timed by the wall and by CPU (user and system, over every core),
and the summary both print."""
import resource
import subprocess
import time


def run_timed(commands, check=False):
    """Runs each command of `commands` (a list of argument lists) in turn; returns the lists of
    wall times and CPU times, in seconds."""
    walls, cpus = [], []
    for command in commands:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=check)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return walls, cpus


def at(values, q):
    values = sorted(values)
    return values[int(q * (len(values) - 1))]


def report(what, walls, cpus, labels):
    """Prints `<what> <n>`, each time's median, 90th and 99th percentiles, most and count above
    0.1 s, and the five slowest by the wall with their labels (tuples of words)."""
    print('%s %d' % (what, len(walls)))
    for name, v in (('wall', walls), ('cpu', cpus)):
        print('%s median %.3f p90 %.3f p99 %.3f max %.3f over 0.1 s %d'
              % (name, at(v, .5), at(v, .9), at(v, .99), max(v), sum(x > 0.1 for x in v)))
    for wall, cpu, label in sorted(zip(walls, cpus, labels), reverse=True)[:5]:
        print('slowest wall %.3f cpu %.3f %s' % (wall, cpu, ' '.join(label)))
