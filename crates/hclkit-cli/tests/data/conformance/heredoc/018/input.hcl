a = <<EOT
trailing spaces  
EOT
