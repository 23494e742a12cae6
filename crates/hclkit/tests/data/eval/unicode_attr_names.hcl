# vars: {"o": {"caf\u00e9": 1}}
a = o.café
