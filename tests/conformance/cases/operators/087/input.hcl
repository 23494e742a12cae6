a = big * big
