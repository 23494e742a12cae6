a = nosuchfunctionname(1)
