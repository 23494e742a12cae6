a = null * 2
