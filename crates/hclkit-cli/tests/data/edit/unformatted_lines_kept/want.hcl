a    =    1
block {
    x=1
}
b = "two"
