a = <<-EOT
    x
${1}
  %{ if true }y%{ endif }
  EOT
