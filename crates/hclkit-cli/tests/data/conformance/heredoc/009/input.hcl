a = <<-EOT
  ${s}
    x
  EOT
