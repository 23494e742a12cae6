a = <<EOT
no end

