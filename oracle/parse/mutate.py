# Differential testing, step 1: writes N mutated snippets of the real-world corpus.
#   python3 mutate.py SEED N OUTDIR > list.txt   (reads the corpus file list from /tmp/diff/files.txt,
#   made with: cd shared/corpus/realworld && find . -type f | sed 's|^./||' > /tmp/diff/files.txt)
import random, os, sys
seed = int(sys.argv[1]); n = int(sys.argv[2]); outdir = sys.argv[3]
random.seed(seed)
os.makedirs(outdir, exist_ok=True)
files = open('/tmp/diff/files.txt').read().split()
palette = [b'{', b'}', b'[', b']', b'(', b')', b'"', b'${', b'%{', b'~}', b'}', b'<<EOT\n', b'<<-EOT\n', b'\nEOT\n', b'EOT', b'\n', b'\r', b'\r\n',
  b'#', b'//', b'/*', b'*/', b'\\', b'$', b'%', b'...', b'=', b',', b' for ', b' in ', b' if ', b'endif', b'else', b'endfor', b'\xc3\xa9', b'\xff',
  b'\t', b'.', b'*', b'[*]', b'.*', b'?', b':', b'=>', b'!', b'-', b'0', b'1.5', b'.0', b'.0.1', b'x', b'a.b', b'"a"', b'\\u00', b'\\n', b'$${', b'%%{',
  b'`', b"'", b';', b'&', b'|', b'\xe2\x80\x9c', b'true', b'null', b' ', b'~', b'f(', b'...)', b'1e', b'1e999999999999']
out = []
for i in range(n):
    f = random.choice(files)
    src = open('/work/shared/corpus/realworld/' + f, 'rb').read()
    if len(src) > 400:
        s = random.randrange(0, len(src) - 300)
        # start at a line start
        s = src.rfind(b'\n', 0, s) + 1
        src = src[s:s + random.randrange(50, 400)]
    for _ in range(random.randrange(1, 5)):
        op = random.random()
        p = random.randrange(0, len(src) + 1)
        if op < 0.5:
            src = src[:p] + random.choice(palette) + src[p:]
        elif op < 0.8:
            q = min(len(src), p + random.randrange(1, 20))
            src = src[:p] + src[q:]
        else:
            q = min(len(src), p + random.randrange(1, 40))
            src = src[:p] + src[p:q] * 2 + src[q:]
    name = os.path.join(outdir, f'{seed}_{i}.hcl')
    open(name, 'wb').write(src)
    out.append(name)
print('\n'.join(out))
