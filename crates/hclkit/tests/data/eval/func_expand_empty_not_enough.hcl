a = substr([]...)
