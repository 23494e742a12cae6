a = "x %{~ if true ~} y %{~ endif ~} z"
