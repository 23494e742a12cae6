a = undefined
