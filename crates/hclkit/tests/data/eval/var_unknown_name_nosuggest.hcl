# vars: {"name": "web"}
a = completely_different
