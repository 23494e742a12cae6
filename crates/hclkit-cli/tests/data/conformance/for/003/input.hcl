a = {for x in ls: x => x}
