a = <<EOT
é
EOT
