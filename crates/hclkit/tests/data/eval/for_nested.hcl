a = [for x in [1, 2]: [for y in [10, 20]: x + y]]
b = { for k, v in { a = [1, 2] }: k => [for e in v: e * 2] }
