name = /* c */ "web"
