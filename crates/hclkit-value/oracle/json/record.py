import os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cases import U, I, T, M, MC
CTYJ = os.environ.get('CTYJ', '/tmp/ctyj/ctyj')
WORK = os.environ.get('WORK', '/tmp')


def run(mode, arg, inp):
    if isinstance(inp, str): inp = inp.encode()
    args = [CTYJ, mode] + ([arg] if arg else [])
    r = subprocess.run(args, input=inp, capture_output=True)
    out = r.stdout.decode().rstrip('\n')
    assert out, (mode, arg, inp, r.stderr)
    return out

def rbytes(b):
    if isinstance(b, str): b = b.encode()
    s = 'b"'
    for c in b:
        ch = chr(c)
        if ch == '"': s += '\\"'
        elif ch == '\\': s += '\\\\'
        elif 0x20 <= c < 0x7f: s += ch
        else: s += '\\x%02x' % c
    return s + '"'

def rstr(x):
    s = '"'
    for ch in x:
        if ch == '"': s += '\\"'
        elif ch == '\\': s += '\\\\'
        elif 0x20 <= ord(ch) < 0x7f: s += ch
        else: s += '\\u{%x}' % ord(ch)
    return s + '"'

def emit(name, cases):
    print('/// Recorded from the reference with oracle/json/ctyj.go (a small Go program calling go-cty v1.12.1 `cty/json`;')
    print('/// see oracle/json/README.md): `ctyj MODE [ARG] < INPUT`.')
    print('pub(super) const %s: &[(&str, &str, &[u8], &str)] = &[' % name)
    for mode, arg, inp in cases:
        out = run(mode, arg, inp)
        print('    (%s, %s, %s, %s),' % (rstr(mode), rstr(arg), rbytes(inp), rstr(out)))
    print('];')

print('//! Cases recorded from the reference implementation. Generated; do not edit by hand.')
print()
emit('UNMARSHAL', U)
emit('IMPLIED', I)
emit('TYPES', T)
emit('MARSHAL', M)
emit('MARSHAL_CONVERTING', MC)
