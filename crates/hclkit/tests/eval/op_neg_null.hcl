a = -null
