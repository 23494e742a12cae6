a = "x${null}y"
