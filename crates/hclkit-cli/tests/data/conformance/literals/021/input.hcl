a = "quote \" backslash \\"
