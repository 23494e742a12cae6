# A byte-order mark inside a string (not at the start of the file) is content.
a = "x﻿y"
b = strlen("﻿")
c = "﻿" == "\uFEFF"
