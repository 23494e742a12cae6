#!/usr/bin/env python3
# oracle/terraform/gen_nulls.py > crates/hclkit-terraform/tests/data/exprs/tf_nulls.txt (after the
# header lines), then oracle/terraform/record.sh tf_nulls.
# Sample calls of every function of 20b's part of the table (cty and Terraform's collection,
# string, number and conversion functions): the call itself, then each argument replaced by
# null, then by a value of the wrong kind.
S = {
 "abs": ["-1.5"], "ceil": ["1.2"], "chomp": ['"a\\n"'], "chunklist": ['["a","b","c"]', "2"],
 "coalescelist": ['[]', '["a"]'], "compact": ['["a",""]'], "concat": ['["a"]', '["b"]'],
 "contains": ['["a"]', '"a"'], "csvdecode": ['"a,b\\n1,2\\n"'], "distinct": ['["a","a"]'],
 "element": ['["a","b"]', "3"], "flatten": ['[["a"],["b"]]'], "floor": ["1.7"],
 "format": ['"%s=%d"', '"a"', "1"], "formatdate": ['"YYYY-MM-DD"', '"2020-01-02T03:04:05Z"'],
 "formatlist": ['"%s!"', '["a","b"]'], "indent": ["2", '"a\\nb"'], "join": ['"-"', '["a","b"]'],
 "jsondecode": ['"[1]"'], "jsonencode": ['{a=1}'], "keys": ['{a=1,b=2}'], "log": ["16", "2"],
 "lower": ['"AB"'], "max": ["1", "2"], "merge": ['{a=1}', '{b=2}'], "min": ["1", "2"],
 "parseint": ['"ff"', "16"], "pow": ["2", "3"], "range": ["1", "5", "2"], "regex": ['"[a-z]+"', '"12ab3"'],
 "regexall": ['"[a-z]"', '"a1b"'], "reverse": ['[1,2]'], "setintersection": ['["a","b"]', '["b"]'],
 "setproduct": ['["a"]', '[1,2]'], "setsubtract": ['["a","b"]', '["a"]'], "setunion": ['["a"]', '["b"]'],
 "signum": ["-2"], "slice": ['["a","b","c"]', "1", "2"], "sort": ['["b","a"]'], "split": ['","', '"a,b"'],
 "strrev": ['"abc"'], "substr": ['"hello"', "1", "3"], "timeadd": ['"2020-01-01T00:00:00Z"', '"1h"'],
 "title": ['"ab cd"'], "trim": ['"xax"', '"x"'], "trimprefix": ['"abc"', '"a"'], "trimspace": ['" a "'],
 "trimsuffix": ['"abc"', '"c"'], "upper": ['"ab"'], "values": ['{a=1,b=2}'], "zipmap": ['["a"]', '[1]'],
 "index": ['["a","b"]', '"b"'], "length": ['"abc"'], "lookup": ['{a=1}', '"a"', "2"],
 "coalesce": ['""', '"b"'], "replace": ['"abc"', '"/b/"', '"x"'], "sum": ['[1,2]'],
 "transpose": ['{a=["x"]}'], "matchkeys": ['["a","b"]', '["x","y"]', '["y"]'], "one": ['["a"]'],
 "alltrue": ['[true]'], "anytrue": ['[false]'], "tobool": ['"true"'], "tolist": ['["a"]'],
 "tomap": ['{a="x"}'], "tonumber": ['"1"'], "toset": ['["a"]'], "tostring": ["1"],
}
WRONG = {'"': "{x = 1}", "[": '"s"', "{": '"s"'}
seen = set()
def out(line):
    if line not in seen:
        seen.add(line); print(line)
for f, args in S.items():
    out(f"{f}({', '.join(args)})")
    for i in range(len(args)):
        a = list(args); a[i] = "null"; out(f"{f}({', '.join(a)})")
        a = list(args); a[i] = WRONG.get(args[i][0], "[1]"); out(f"{f}({', '.join(a)})")
    out(f"{f}()")
