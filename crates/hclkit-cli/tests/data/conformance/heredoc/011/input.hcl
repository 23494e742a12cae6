a = <<-X
  a
 X
