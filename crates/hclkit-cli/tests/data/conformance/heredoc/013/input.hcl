a = <<EOT
"quotes" and \ backslash
EOT
