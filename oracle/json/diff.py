import random, json, base64, subprocess, sys, os
CTYJ = os.environ.get('CTYJ', '/tmp/ctyj/ctyj')
WORK = os.environ.get('WORK', '/tmp')

random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 3000

SCALARS = ['1', '-0.5e3', '0', '01', '1.', '1e', '-', 'true', 'false', 'null', 'tru', 'nul', '"a"', '"b"', '"value"', '"type"',
           '"number"', '"string"', '"bool"', '"dynamic"', '"list"', '"set"', '"map"', '"object"', '"tuple"', '"\\u00e9"', '"e\\u0301"',
           '"\\ud800"', '"x', '"1"', '"true"', '"0"', '"TRUE"', '1e400', '"\\q"', '"<&>"', 'x', '"a\\nb"']
TYPES = ['"string"', '"number"', '"bool"', '"dynamic"', '["list","number"]', '["list","dynamic"]', '["set","string"]', '["map","bool"]',
         '["map","dynamic"]', '["tuple",["number","string"]]', '["tuple",[]]', '["tuple",["dynamic"]]',
         '["object",{"a":"number","b":"string"}]', '["object",{"a":"dynamic"}]', '["object",{}]',
         '["object",{"a":["list","string"],"value":"number"},["a"]]', '["list",["object",{"a":"number"}]]',
         '["map",["tuple",["string","number"]]]', '["set",["list","number"]]', '["list",["list","string"]]']

def gen_value(d=0):
    r = random.random()
    if d > 3 or r < 0.4:
        return random.choice(SCALARS)
    if r < 0.55:
        return random.choice(TYPES)
    if r < 0.75:
        n = random.randint(0, 3)
        return '[' + ','.join(gen_value(d+1) for _ in range(n)) + ']'
    n = random.randint(0, 3)
    keys = ['"a"', '"b"', '"value"', '"type"', '"c"', '"a"']
    if random.random() < 0.3:
        return '{"value":' + gen_value(d+1) + ',"type":' + random.choice(TYPES) + '}'
    return '{' + ','.join(random.choice(keys) + ':' + gen_value(d+1) for _ in range(n)) + '}'

JUNK = [' ', ',', ':', '[', ']', '{', '}', '"', 'x', '\n', '\x01', '\xff', '1', 'e', '.', '-', '\\']
def damage(s):
    b = s.encode('utf-8', 'surrogatepass') if isinstance(s, str) else s
    r = random.random()
    if r < 0.4:
        return b
    b = bytearray(b)
    for _ in range(random.randint(1, 3)):
        op = random.random()
        i = random.randint(0, len(b))
        if op < 0.3 and len(b) > 0:
            del b[min(i, len(b)-1)]
        elif op < 0.6:
            b[i:i] = random.choice(JUNK).encode('latin-1')
        else:
            b = b[:i]
    return bytes(b)

def gen_for(t, d=0):
    if isinstance(t, str) and t[:1] in '"[': t = json.loads(t)
    if random.random() < 0.08:
        return 'null'
    if random.random() < 0.04:
        return random.choice(SCALARS)
    if t == 'string': return random.choice(['"a"', '"<&>\\u2028"', '1.50', 'true', '"e\\u0301"', '""'])
    if t == 'number': return random.choice(['1', '-2.5', '"3"', '0.1', '1e3', '"x"', '-0'])
    if t == 'bool': return random.choice(['true', 'false', '"1"', '"false"', '"0"'])
    if t == 'dynamic':
        tt = random.choice(TYPES[:4] + TYPES[4:8])
        if tt == '"dynamic"': tt = '"string"'
        return '{"value":' + gen_for(tt, d+1) + ',"type":' + tt + '}'
    kind = t[0]
    if kind in ('list', 'set'):
        return '[' + ','.join(gen_for(t[1], d+1) for _ in range(random.randint(0, 3))) + ']'
    if kind == 'map':
        return '{' + ','.join(random.choice(['"a"','"b"','"a"','"\\u00e9"']) + ':' + gen_for(t[1], d+1) for _ in range(random.randint(0, 3))) + '}'
    if kind == 'tuple':
        n = len(t[1]) + (random.choice([-1, 1]) if random.random() < 0.1 else 0)
        return '[' + ','.join(gen_for(t[1][i] if i < len(t[1]) else 'string', d+1) for i in range(max(n, 0))) + ']'
    if kind == 'object':
        ks = list(t[1].keys())
        if random.random() < 0.1: ks.append('zz')
        random.shuffle(ks)
        ks = [k for k in ks if random.random() < 0.85]
        return '{' + ','.join(json.dumps(k) + ':' + gen_for(t[1].get(k, 'string'), d+1) for k in ks) + '}'
    return 'null'

cases = []
for _ in range(N):
    m = random.random()
    if m < 0.3:
        t = random.choice(TYPES)
        cases.append(('unmarshal', t, damage(gen_for(t)) if random.random() < 0.2 else gen_for(t).encode()))
    elif m < 0.45:
        cases.append(('unmarshal', random.choice(TYPES), damage(gen_value())))
    elif m < 0.6:
        t = random.choice(TYPES)
        v = gen_value()
        cases.append(('unmarshal', '"dynamic"', damage('{"value":' + v + ',"type":' + t + '}')))
    elif m < 0.8:
        cases.append(('implied', '', damage(gen_value())))
    else:
        cases.append(('type', '', damage(random.choice(TYPES) if random.random() < 0.5 else gen_value())))

with open(WORK + '/diff_in.txt', 'w') as f:
    for mode, arg, inp in cases:
        f.write(json.dumps([mode, arg, base64.b64encode(inp).decode(), inp.hex()]) + '\n')
go = subprocess.run([CTYJ, 'batch'], stdin=open(WORK + '/diff_in.txt'), capture_output=True)
golines = go.stdout.decode().splitlines()
assert len(golines) == len(cases), (len(golines), len(cases), go.stderr[-2000:])
env = dict(os.environ, JSON_DIFF_IN=WORK + '/diff_in.txt', JSON_DIFF_OUT=WORK + '/diff_out.txt')
r = subprocess.run(['cargo', 'test', '-q', '-p', 'hclkit-value', '--lib', 'differential_batch', '--', '--ignored'],
                   cwd=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'), env=env, capture_output=True)
if r.returncode != 0:
    print(r.stdout.decode()[-3000:], r.stderr.decode()[-3000:]); sys.exit(1)
ours = open(WORK + '/diff_out.txt').read().splitlines()
bad = 0
for (mode, arg, inp), g, o in zip(cases, golines, ours):
    if g == o: continue
    if g.startswith('PANIC') and o.startswith('ERR'): continue
    bad += 1
    if bad <= 25:
        print(mode, arg, repr(inp)); print('  go :', g); print('  us :', o)
print('differences:', bad, 'of', len(cases))
sys.exit(1 if bad else 0)
