#!/usr/bin/env python3
"""Records how the reference segments text into grapheme clusters, for
crates/hclkit-value/tests/it/graphemes.rs.

Random strings over an alphabet with characters of every class the reference's segmentation
grammar distinguishes are passed through `strlen`, `strrev` (hcldec's `reverse`) and `substr`
by the reference evaluator `hcleval` (build it to /tmp/hcleval; see
/work/shared/tools/hcleval/README.md); the results go to
crates/hclkit-value/tests/data/graphemes.want.jsonl.

    python3 oracle/graphemes/record.py [/path/to/hcleval]
"""
import json, os, random, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
data = os.path.join(here, '..', '..', 'crates', 'hclkit-value', 'tests', 'data')
hcleval = sys.argv[1] if len(sys.argv) > 1 else '/tmp/hcleval'
ALPHABET = [
    'a', 'Z', '0', ' ',                      # other
    '\r', '\n', '\t', '\u0085', '\u200b',    # CR, LF, controls
    '\ufffd',                                # replacement character (control-like in the reference)
    '\u0301', '\u0308', '\u093f', '\u0903',  # extend, spacing marks
    '\u094d', '\u0915', '\u0937',            # virama and consonants (no Indic conjunct rule)
    '\u200d',                                # zero-width joiner
    '\U0001F600', '\u2764', '\U0001F468', '\U0001F3FD', '\u00a9',  # pictographic, emoji modifier
    '\U0001F1FA', '\U0001F1F8',              # regional indicators
    '\u0600', '\u110bd',                     # prepend
    '\u1100', '\u1161', '\u11a8', '\uac00', '\uac01', '\u1113', '\u1176',  # Hangul L V T LV LVT
    '\u0e33', '\u0e40',                      # Thai
    '\U000E0020', '\U000E007F',              # tags (extend)
]

def esc(s):
    out = []
    for ch in s:
        o = ord(ch)
        if o < 0x20 or 0x7f <= o <= 0x9f or ch in '"\\$%' or o > 0x7e:
            out.append('\\u%04x' % o if o < 0x10000 else '\\U%08x' % o)
        else:
            out.append(ch)
    return '"' + ''.join(out) + '"'

rng = random.Random(20240613)
strings = []
for _ in range(600):
    n = rng.randint(1, 7)
    strings.append(''.join(rng.choice(ALPHABET) for _ in range(n)))
cases = [(s, rng.randint(-4, 4), rng.randint(-2, 4)) for s in strings]
src = 'len = [%s]\nrev = [%s]\nsub = [%s]\nnfc = [%s]\n' % (
    ', '.join('strlen(%s)' % esc(s) for s, _, _ in cases),
    ', '.join('strrev(%s)' % esc(s) for s, _, _ in cases),
    ', '.join('substr(%s, %d, %d)' % (esc(s), o, l) for s, o, l in cases),
    ', '.join(esc(s) for s, _, _ in cases),
)
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, 'g.hcl')
    open(path, 'w').write(src)
    p = subprocess.run([hcleval, path], capture_output=True, text=True, check=True)
v = json.loads(p.stdout)['value']
out = [{'s': v['nfc'][i], 'offset': o, 'length': l, 'strlen': v['len'][i], 'reverse': v['rev'][i],
        'substr': v['sub'][i]} for i, (s, o, l) in enumerate(cases)]
with open(os.path.join(data, 'graphemes.want.jsonl'), 'w', encoding='utf-8') as f:
    f.write(''.join(json.dumps(c, ensure_ascii=True) + '\n' for c in out))
print('%d cases recorded' % len(out))
