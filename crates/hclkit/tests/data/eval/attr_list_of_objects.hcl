# vars: {"o": {"l": [{"a": 1}]}}
a = concat(o.l, o.l).a
