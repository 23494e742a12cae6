a = l.*
