a = <<EOT
%{for x in ls}${x}
%{endfor}EOT
