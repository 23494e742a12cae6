a = <<EOT
  indented
  EOT
