a = "%{for x in l}"
