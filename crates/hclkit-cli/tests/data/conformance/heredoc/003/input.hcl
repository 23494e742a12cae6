a = <<-EOT
	hello
	EOT
