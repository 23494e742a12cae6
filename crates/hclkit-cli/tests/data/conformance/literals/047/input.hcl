a = {a = null}
