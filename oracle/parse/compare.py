# Differential testing, step 2: runs the reference recorder (/tmp/hclrecord, see record.sh) and
# hclkit's `record` example on the same files and compares tokens (kinds, bytes, lines, columns)
# and diagnostics (summary, detail, subject, context).
#   python3 compare.py config|expr|template FILE...
import json, subprocess, sys, os
mode = sys.argv[1]
files = sys.argv[2:]
def run(cmd):
    out = {}
    for i in range(0, len(files), 500):
        r = subprocess.run(cmd + files[i:i+500], capture_output=True)
        for line in r.stdout.decode('utf-8', 'replace').splitlines():
            o = json.loads(line)
            out[o['file']] = o
    return out
ref = run(['/tmp/hclrecord', '-mode', mode, '-tokens'])
ours = run(['/work/target/release/examples/record', '-mode', mode, '-tokens'])
bad_tok = bad_diag = 0
for f in files:
    a, b = ref.get(f), ours.get(f)
    if a is None or b is None:
        print("MISSING", f, a is None, b is None); continue
    ta = [(t['type'], t['range']['start']['byte'], t['range']['end']['byte']) for t in a.get('tokens') or []]
    tb = [(t['type'], t['range']['start']['byte'], t['range']['end']['byte']) for t in b.get('tokens') or []]
    if ta != tb:
        bad_tok += 1
        if bad_tok <= 5:
            for i,(x,y) in enumerate(zip(ta,tb)):
                if x!=y: print("TOK", f, i, "ref", x, "ours", y); break
            else: print("TOKLEN", f, len(ta), len(tb))
    else:
        pa = [(t['range']['start']['line'], t['range']['start']['column'], t['range']['end']['line'], t['range']['end']['column']) for t in a.get('tokens') or []]
        pb = [(t['range']['start']['line'], t['range']['start']['column'], t['range']['end']['line'], t['range']['end']['column']) for t in b.get('tokens') or []]
        if pa != pb:
            bad_tok += 1
            if bad_tok <= 5:
                for i,(x,y) in enumerate(zip(pa,pb)):
                    if x!=y: print("POS", f, i, ta[i], "ref", x, "ours", y); break
    da = a['diagnostics']; db = b['diagnostics']
    if da != db:
        bad_diag += 1
        if bad_diag <= 8:
            print("DIAG", f)
            print("  ref :", json.dumps(da)[:600])
            print("  ours:", json.dumps(db)[:600])
print(f"{len(files)} files, token mismatches {bad_tok}, diag mismatches {bad_diag}")
