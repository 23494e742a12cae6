a = <<EOT
%{if b}yes%{endif}
EOT
