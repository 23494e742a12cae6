name    = ""
count   = 0
ratio   = 1e300
flags   = []
tags    = {}
service = []
keyed   = {}
mirrors = []
