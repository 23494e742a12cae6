# vars: {"name": "web"}
a = <<EOT
hello ${name}
line two
EOT
b = <<-EOT
    indented ${name}
      more
    EOT
c = <<EOT
%{ for x in [1, 2] }n${x}
%{ endfor }
EOT
