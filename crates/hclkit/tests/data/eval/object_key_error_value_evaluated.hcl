a = { (nope) = undefined_too }
