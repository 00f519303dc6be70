#!/usr/bin/env python3
"""Lists the module cycles of a crate: module a names module b in its code (through `crate::...`
or `super::...`; comments and doc links left out) while b names a. A module is a file (its inline `mod tests` left out); the
submodules of a folder count as their parent's. Usage: modules.py <src dir> [prefix]
e.g. `scripts/cycles/modules.py src ui` or `scripts/cycles/modules.py crates/core/src`."""
import os, re, sys

src = sys.argv[1].rstrip('/')
prefix = sys.argv[2] if len(sys.argv) > 2 else ''
mods = {}
for root, _, files in os.walk(src):
    for f in files:
        if not f.endswith('.rs'):
            continue
        path = os.path.join(root, f)
        rel = path[len(src) + 1:-3]
        parts = [p for p in rel.split('/') if p not in ('lib', 'main', 'mod')]
        mods['::'.join(parts)] = path
names = set(mods)

def owner(path_parts):
    # The longest known module that prefixes the path.
    for n in range(len(path_parts), 0, -1):
        cand = '::'.join(path_parts[:n])
        if cand in names:
            return cand
    return None

edges = {m: set() for m in names}
for m, path in mods.items():
    text = open(path).read()
    cut = re.search(r'^#\[cfg\(test\)\]\s*\n\s*mod tests', text, re.M)
    if cut:
        text = text[:cut.start()]
    # Comments (doc links among them) are no dependency.
    text = re.sub(r'//[^\n]*', '', text)
    me = m.split('::') if m else []
    for ref in re.finditer(r'\b((?:crate|super|self)(?:::(?:super|[a-z_][a-z0-9_]*))+)', text):
        parts = ref.group(1).split('::')
        if parts[0] == 'crate':
            base, rest = [], parts[1:]
        elif parts[0] == 'self':
            base, rest = list(me), parts[1:]
        else:
            base = list(me)
            while parts and parts[0] == 'super':
                base = base[:-1]
                parts = parts[1:]
            rest = parts
        target = owner(base + rest)
        if target is None or target == m:
            continue
        # A module naming its own submodule, or its parent, is no cycle of interest.
        if target.startswith(m + '::') or m.startswith(target + '::'):
            continue
        edges[m].add(target)

# Tarjan's strongly connected components.
index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]
sys.setrecursionlimit(10000)
def strong(v):
    index[v] = low[v] = counter[0]; counter[0] += 1
    stack.append(v); on.add(v)
    for w in edges[v]:
        if w not in index:
            strong(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(sorted(comp))
for v in sorted(names):
    if v not in index:
        strong(v)
found = [c for c in sccs if any(x.startswith(prefix) for x in c)]
for c in found:
    pairs = [(a, b) for a in c for b in c if b in edges[a]]
    print(' ⇄ '.join(c))
    for a, b in pairs:
        print(f'    {a} → {b}')
print(f'{len(found)} cycle(s)')
