#!/usr/bin/env python3
"""Writes hcldec workloads of other shapes than workload.py's service blocks, each a directory
with spec.hcldec and input files (deterministic for a size):

  small/  many small blocks: `item` blocks of two attributes each, a `block_list` of them;
  huge/   a few huge attributes: a list of numbers, a map of strings, a list of objects and a
          long template, each about a quarter of the size;
  deep/   deep nesting of blocks: trees of `level` blocks 24 deep, an attribute at each level,
          decoded by a spec nested as deep (`block` in `block` ...);
  files/  many files: the `small/` blocks split into 500 files, given together on the
          command line (merged into one body).

Usage: shapes.py OUT_DIR [SIZE_MB]   (default 3)
"""
import os
import sys

SMALL_SPEC = '''object {
  block_list "item" {
    object {
      attr "name" {
        type = string
      }
      attr "size" {
        type = number
      }
    }
  }
}
'''

HUGE_SPEC = '''object {
  attr "numbers" {
    type = list(number)
  }
  attr "labels" {
    type = map(string)
  }
  attr "records" {
    type = list(object({ id = number, name = string, on = bool }))
  }
  attr "text" {
    type = string
  }
}
'''

DEPTH = 24


def deep_spec():
    # block_list "level" { object { attr "depth" ... block "level" { object { ... } } } }
    inner = '  attr "depth" {\n    type = number\n  }\n  attr "label" {\n    type = string\n  }\n'
    spec = "object {\n" + inner + "}\n"
    for _ in range(DEPTH - 1):
        body = "\n".join("  " + line if line else line for line in spec.splitlines())
        spec = 'object {\n' + inner + '  block "level" {\n' + "\n".join(
            "  " + line if line else line for line in body.splitlines()) + "\n  }\n}\n"
    body = "\n".join("    " + line if line else line for line in spec.splitlines())
    return 'object {\n  block_list "level" {\n' + body + "\n  }\n}\n"


def deep_tree(i):
    out = []
    for d in range(DEPTH):
        pad = "  " * d
        out.append('%slevel {\n%s  depth = %d\n%s  label = "t%d-d${%d + 1}"\n' % (pad, pad, d, pad, i, d))
    for d in reversed(range(DEPTH)):
        out.append("  " * d + "}\n")
    return "".join(out)


def fill(target, make):
    parts, total, i = [], 0, 0
    while total < target:
        s = make(i)
        parts.append(s)
        total += len(s)
        i += 1
    return parts


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def main():
    out = sys.argv[1]
    size = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
    target = int(size * 1000 * 1000)
    for d in ("small", "huge", "deep", "files"):
        os.makedirs(os.path.join(out, d), exist_ok=True)

    items = fill(target, lambda i: 'item {\n  name = "item-%d"\n  size = %d * 2\n}\n' % (i, i))
    write(os.path.join(out, "small", "spec.hcldec"), SMALL_SPEC)
    write(os.path.join(out, "small", "input.hcl"), "".join(items))
    write(os.path.join(out, "files", "spec.hcldec"), SMALL_SPEC)
    for name in os.listdir(os.path.join(out, "files")):
        if name.startswith("part-"):
            os.remove(os.path.join(out, "files", name))
    per = -(-len(items) // 500)
    for p in range(500):
        chunk = items[p * per:(p + 1) * per]
        if chunk:
            write(os.path.join(out, "files", "part-%03d.hcl" % p), "".join(chunk))

    quarter = target // 4
    numbers = fill(quarter, lambda i: "%d, " % (i * 7919 % 1000003))
    labels = fill(quarter, lambda i: '    key%d = "value %d"\n' % (i, i))
    records = fill(quarter, lambda i: '    { id = %d, name = "r%d", on = %s },\n' % (i, i, "true" if i % 3 else "false"))
    words = fill(quarter, lambda i: "word%d ${%d %% 10} " % (i, i))
    write(os.path.join(out, "huge", "spec.hcldec"), HUGE_SPEC)
    write(os.path.join(out, "huge", "input.hcl"),
          "numbers = [" + "".join(numbers) + "]\n"
          + "labels = {\n" + "".join(labels) + "}\n"
          + "records = [\n" + "".join(records) + "]\n"
          + 'text = "' + "".join(words) + '"\n')

    write(os.path.join(out, "deep", "spec.hcldec"), deep_spec())
    write(os.path.join(out, "deep", "input.hcl"), "".join(fill(target, deep_tree)))
    print("shapes in %s: small (%d blocks), huge, deep (%d levels), files (500 files)" % (out, len(items), DEPTH))


if __name__ == "__main__":
    main()
