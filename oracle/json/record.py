import json, os, subprocess, sys
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

def emit(table, cases):
    for mode, arg, inp in cases:
        out = run(mode, arg, inp)
        if isinstance(inp, str): inp = inp.encode()
        rec = {"table": table, "mode": mode, "arg": arg}
        try:
            rec["input"] = inp.decode("utf-8")
        except UnicodeDecodeError:
            rec["input_hex"] = inp.hex()
        rec["want"] = out
        print(json.dumps(rec, ensure_ascii=False))

# One JSON line per case, for crates/hclkit-value/tests/data/json.want.jsonl (read by
# crates/hclkit-value/src/json/tests.rs).
emit('UNMARSHAL', U)
emit('IMPLIED', I)
emit('TYPES', T)
emit('MARSHAL', M)
emit('MARSHAL_CONVERTING', MC)
