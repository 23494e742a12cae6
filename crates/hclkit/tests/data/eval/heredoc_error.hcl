a = <<EOT
bad ${[1]}
EOT
