# unknown: d
a = d.anything.at.all
b = d[0]["x"]
