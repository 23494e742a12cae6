a = <<EOT
${n} items
EOT
