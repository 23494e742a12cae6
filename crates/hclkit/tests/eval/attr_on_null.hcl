a = null.foo
