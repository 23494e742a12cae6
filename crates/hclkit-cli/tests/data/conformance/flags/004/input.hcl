a = foo.bar[0]
b = "${x} ${y.z}"
