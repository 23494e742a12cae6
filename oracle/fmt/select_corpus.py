#!/usr/bin/env python3
"""Chooses the real-world files recorded as formatter cases (writes crates/hclkit/tests/data/fmt/corpus.txt, paths relative
to shared/corpus/realworld): every file with CR characters or bytes beyond ASCII, 24 files with
heredocs, and an even spread of the rest (every repository represented), all under 16 KB.
Run by hand when the corpus changes:  python3 select_corpus.py /path/to/shared/corpus/realworld
"""
import os, sys

root = sys.argv[1]
files = []
for d, _, names in os.walk(root):
    for n in names:
        p = os.path.join(d, n)
        files.append(os.path.relpath(p, root))
files.sort()
small = [f for f in files if os.path.getsize(os.path.join(root, f)) < 16384]
data = {f: open(os.path.join(root, f), 'rb').read() for f in small}
chosen = []
chosen += [f for f in small if b'\r' in data[f]]
chosen += [f for f in small if any(b >= 0x80 for b in data[f])]
heredocs = [f for f in small if b'<<' in data[f]]
chosen += heredocs[::max(1, len(heredocs) // 24)][:24]
by_repo = {}
for f in small:
    by_repo.setdefault(f.split('/')[0], []).append(f)
for repo, fs in sorted(by_repo.items()):
    step = max(1, len(fs) // 10)
    chosen += fs[::step][:10]
seen, out = set(), []
for f in chosen:
    if f not in seen:
        seen.add(f)
        out.append(f)
repo = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
with open(os.path.join(repo, 'crates', 'hclkit', 'tests', 'data', 'fmt', 'corpus.txt'), 'w') as fh:
    fh.write('\n'.join(out) + '\n')
print(len(out), 'files,', sum(len(data[f]) for f in out), 'bytes', file=sys.stderr)
