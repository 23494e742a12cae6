a = "a${"b"}c"
