a = {for x in ls: x => 1 if x != "b"}
