#!/usr/bin/env python3
"""compare.py TF.jsonl RS.jsonl: compares tfeval's results (Terraform v1.0.3) with the hclkit
side's (examples/tfeval_rs.rs), line by line; prints each difference and the counts.
Exit status 1 when any line differs. Lines where Terraform printed no value ("ok": null,
e.g. sensitive or unknown results) count as skipped. Terraform panics (a stack trace in the detail) agree with any error of the
same summary; documented departures (DEPARTURES) are counted apart."""
import json, re, sys

def norm(r):
    if r.get("ok") is True:
        return ("ok", json.dumps(r["json"], sort_keys=True))
    if r.get("ok") is False:
        return ("err", r["summary"], r["detail"])
    return ("none",)

tf = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
rs = {json.loads(l)["expr"]: json.loads(l) for l in open(sys.argv[2]) if l.strip()}
# Deliberate departures (docs/spec-departures.md): hclkit values carry no sensitive mark.
DEPARTURES = ["the given value is not sensitive, so this call is redundant"]
agree = differ = skipped = panics = departures = unordered = 0
# Converting an object to a map, go-cty visits the attributes in Go's random map order, so
# Terraform names any failing attribute ("element \"d\": ..."); hclkit names the first.
ELEMENT = re.compile(r'element "(?:[^"\\]|\\.)*"')
for t in tf:
    r = rs.get(t["expr"])
    if t.get("ok") is None:
        skipped += 1
        continue
    if t.get("ok") is False and "panic in function implementation" in t["detail"]:
        # Terraform crashed (a stack trace in the detail): any error with the same summary agrees.
        if r is not None and r.get("ok") is False and r["summary"] == t["summary"]:
            panics += 1
            continue
    if (t.get("ok") is False and r is not None and r.get("ok") is False and r["summary"] == t["summary"]
            and ELEMENT.sub("element _", t["detail"]) == ELEMENT.sub("element _", r["detail"])
            and t["detail"] != r["detail"]):
        unordered += 1
        continue
    if t.get("ok") is False and any(d in t["detail"] for d in DEPARTURES):
        departures += 1
        continue
    if r is not None and norm(t) == norm(r):
        agree += 1
        continue
    differ += 1
    print("DIFF", t["expr"])
    print("  tf:", json.dumps({k: v for k, v in t.items() if k != "expr"}, ensure_ascii=False))
    print("  rs:", json.dumps({k: v for k, v in (r or {}).items() if k != "expr"}, ensure_ascii=False))
print(f"agree {agree} differ {differ} skipped {skipped} (Terraform printed no value) terraform-panics {panics} (ours: an error) departures {departures} map-order {unordered} (Terraform names a random failing attribute)")
sys.exit(1 if differ else 0)
