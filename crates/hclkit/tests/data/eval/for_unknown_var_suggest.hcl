a = [for item in [1]: itme]
