resource {}
resource "a" {}
resource a b c d {}
single "one" {}
single {}
