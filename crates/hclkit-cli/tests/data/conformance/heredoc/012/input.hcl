a = <<EOT
$${literal}
EOT
