a = true <= false
