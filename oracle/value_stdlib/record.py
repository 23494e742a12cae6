#!/usr/bin/env python3
"""Records the reference's results for the `oracle!` cases in
crates/hclkit-value/tests/it/stdlib_oracle.rs.

Each case is evaluated as the root attribute `x = <expr>` by the reference evaluator
`hcleval` (see /work/shared/tools/hcleval/README.md; build it to /tmp/hcleval), with the
variables n, s, d and b unknown (number, string, dynamic, bool). The output, value and type or
diagnostics, is written to stdlib.want.jsonl, one {"expr": ..., "result": ...} per line.

    python3 oracle/value_stdlib/record.py [/path/to/hcleval]
"""
import json, os, re, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
crate = os.path.join(here, '..', '..', 'crates', 'hclkit-value')
hcleval = sys.argv[1] if len(sys.argv) > 1 else '/tmp/hcleval'
src = open(os.path.join(crate, 'tests', 'it', 'stdlib_oracle.rs'), encoding='utf-8').read()
exprs = re.findall(r'^\s*\w+: r#"(.*)"#,\s*$', src, re.M)
unknown = 'n:"number",s:"string",d,b:"bool"'
out = []
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, 'case.hcl')
    for e in exprs:
        with open(path, 'w', encoding='utf-8') as f:
            f.write('x = %s\n' % e)
        p = subprocess.run([hcleval, '-unknown', unknown, path], capture_output=True, text=True)
        text = p.stdout if p.returncode == 0 else p.stderr
        result = json.loads(text)
        for d in result.get('diagnostics', []):
            if 'subject' in d:
                d['subject'].pop('filename', None)
        out.append(json.dumps({'expr': e, 'result': result}, ensure_ascii=False, sort_keys=True))
with open(os.path.join(crate, 'tests', 'data', 'stdlib.want.jsonl'), 'w', encoding='utf-8') as f:
    f.write('\n'.join(out) + '\n')
print('%d cases recorded' % len(out))
