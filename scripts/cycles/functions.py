#!/usr/bin/env python3
"""Lists the longest functions (lines from `fn` to its closing brace) under the folders given,
tests' modules left out. Usage: functions.py [-n N] <dir>... e.g. `functions.py src crates`."""
import os, re, sys

args = sys.argv[1:]
n = 15
if args[:1] == ['-n']:
    n, args = int(args[1]), args[2:]
found = []
for top in args:
    for root, _, files in os.walk(top):
        if '/tests' in root or root.endswith('tests') or '/target' in root:
            continue
        for f in files:
            if not f.endswith('.rs'):
                continue
            path = os.path.join(root, f)
            lines = open(path).read().split('\n')
            end = len(lines)
            for i, l in enumerate(lines):
                if re.match(r'#\[cfg\(test\)\]', l.strip()):
                    end = i
                    break
            i = 0
            while i < end:
                m = re.match(r'\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)', lines[i])
                if m:
                    depth, started, j = 0, False, i
                    while j < end:
                        code = re.sub(r'"(\\.|[^"\\])*"|//.*', '', lines[j])
                        depth += code.count('{') - code.count('}')
                        if '{' in code:
                            started = True
                        if ';' in code and not started and depth == 0:
                            break
                        if started and depth <= 0:
                            found.append((j - i + 1, m.group(6), f'{path}:{i + 1}'))
                            break
                        j += 1
                i += 1
found.sort(reverse=True)
for length, name, where in found[:n]:
    print(f'{length:5}  {name:40} {where}')
