a = <<EOT
a
  EOT
