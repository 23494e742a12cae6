"""hclkit.Document: lossless editing with the library's addresses and rules."""

import pytest

import hclkit

SRC = '# the region\nregion = "eu-west-1" # for now\n\nlocals {\n  workload = {\n    vpc0 = { cidr = "10.0.0.0/16" }\n  }\n}\n'


def test_round_trip_and_edits():
    doc = hclkit.Document(SRC)
    assert str(doc) == SRC
    assert doc.get("region") == '"eu-west-1"'
    assert doc.get('locals.workload["vpc0"].cidr') == '"10.0.0.0/16"'
    assert doc.comments("region") == "# the region\n"
    assert doc.set("region", "var.region", expression=True) is True
    assert doc.set('locals.workload["vpc0"].cidr', "10.1.0.0/16") is True
    assert str(doc) == SRC.replace('"eu-west-1"', "var.region").replace("10.0.0.0", "10.1.0.0")
    assert doc.remove("region") is True
    assert str(doc).startswith("\nlocals {")


def test_expression_values():
    e = hclkit.Expression(" var.ami \n")
    assert (str(e), e.text, repr(e)) == ("var.ami", "var.ami", "hclkit.Expression('var.ami')")
    assert e == hclkit.Expression("var.ami") and len({e, hclkit.Expression("var.ami")}) == 1
    with pytest.raises(hclkit.HCLError):
        hclkit.Expression("1 +")
    doc = hclkit.Document("ami = \"x\"\nports = [80]\n")
    assert doc.set("ami", hclkit.Expression("var.ami")) is True
    doc.insert("ports[1]", hclkit.Expression("var.port"))
    # A string is a string, an Expression is written as it is.
    doc.set("name", "var.name")
    assert str(doc) == 'ami   = var.ami\nports = [80, var.port]\nname  = "var.name"\n'
    json = hclkit.Document('{"ami": "x"}', filename="main.tf.json")
    json.set("ami", hclkit.Expression("var.ami"))
    assert str(json) == '{"ami": "${var.ami}"}'


def test_errors():
    with pytest.raises(hclkit.HCLError):
        hclkit.Document("a = [\n")
    doc = hclkit.Document("a = 1\n")
    with pytest.raises(hclkit.HCLError):
        doc.set("a", "[", expression=True)


def test_comments_of_object_items():
    doc = hclkit.Document('tags = {\n  # the name\n  Name = "web"\n  Env  = "prod"\n}\n')
    assert doc.comments('tags["Name"]') == "  # the name\n"
    assert doc.comments('tags["Env"]') == ""
    assert doc.comments('tags["Nope"]') is None
    doc.set_comments('tags["Env"]', "where it runs")
    doc.set_comments('tags["Name"]', "")
    # A comment line ends the = group: hclfmt's layout of the edited lines.
    assert str(doc) == 'tags = {\n  Name = "web"\n  # where it runs\n  Env = "prod"\n}\n'
    with pytest.raises(hclkit.HCLError) as info:
        doc.set_comments("nothing", "x")
    d = info.value.diagnostics[0]
    assert (d["summary"], d["filename"], d["column"], d["end_column"]) == ("Nothing at the address", "<address>", 1, 8)
    with pytest.raises(hclkit.HCLError) as info:
        doc.remove('tags["Name"')
    assert info.value.diagnostics[0]["summary"] == "Invalid address"
    with pytest.raises(hclkit.HCLError) as info:
        doc.set('tags["Name"].x', 1)
    assert info.value.diagnostics[0]["summary"] == "Cannot edit the expression"


def test_edits_one_per_changed_region():
    src = 'a = 1\nb = 2\n\nc = ["\U0001F600", 3]\n'
    doc = hclkit.Document(src)
    assert doc.edits() == []
    doc.set("b", 7)
    doc.set("c[1]", 9)
    edits = doc.edits()
    assert [e["text"] for e in edits] == ["7", "9"]
    # Counted in characters, as Python strings are: the emoji is one.
    c = edits[1]
    assert c["start"] == {"line": 3, "column": 10, "offset": 23}
    assert src[c["start"]["offset"]:c["end"]["offset"]] == "3"
    text = src
    for e in reversed(edits):
        text = text[: e["start"]["offset"]] + e["text"] + text[e["end"]["offset"] :]
    assert text == str(doc)


def test_insert_at_a_position():
    doc = hclkit.Document("a = [1, 3]\nt = merge(local.tags, var.tags)\n")
    assert doc.insert("a[1]", 2) is None
    doc.insert("a[0]", "zero")
    doc.insert("t[1]", "{ Name = var.name }", expression=True)
    assert str(doc) == 'a = ["zero", 1, 2, 3]\nt = merge(local.tags, { Name = var.name }, var.tags)\n'
    with pytest.raises(hclkit.HCLError):
        doc.insert("a[9]", 1)


def test_json_syntax_by_filename():
    src = '{\n  "variable": {\n    "region": {\n      "default": "eu"\n    }\n  },\n  "locals": {"zones": ["a"]}\n}\n'
    doc = hclkit.Document(src, filename="main.tf.json")
    assert str(doc) == src
    assert doc.get("variable.region.default") == '"eu"'
    assert doc.set("variable.region.default", "us") is True
    assert doc.set("variable.region.type", "string", expression=True) is False
    doc.insert("locals.zones[0]", "z")
    doc.set("locals.name", "var.name", expression=True)
    assert str(doc) == (
        '{\n  "variable": {\n    "region": {\n      "default": "us",\n      "type": "${string}"\n    }\n  },\n'
        '  "locals": {"zones": ["z", "a"], "name": "${var.name}"}\n}\n'
    )
    assert doc.comments("variable") is None
    assert doc.remove("locals") is True
    assert doc.edits()[0]["text"].startswith("us\",\n      \"type\"")
    with pytest.raises(hclkit.HCLError):
        hclkit.Document('{"a": }', filename="x.tf.json")
    with pytest.raises(hclkit.HCLError):
        doc.set_comments("variable", "x")


def test_rename_attributes_keys_and_json_properties():
    doc = hclkit.Document('locals {\n  # the workloads\n  workload = {\n    vpc0 = {}\n  }\n}\n')
    doc.rename('locals.workload["vpc0"]', "vpc1")
    doc.rename("locals.workload", "workloads")
    assert str(doc) == 'locals {\n  # the workloads\n  workloads = {\n    vpc1 = {}\n  }\n}\n'
    with pytest.raises(hclkit.HCLError):
        doc.rename("locals.nope", "x")
    j = hclkit.Document('{"a": 1, "b": 2}', filename="x.tf.json")
    j.rename("a", "c")
    assert str(j) == '{"c": 1, "b": 2}'
    with pytest.raises(hclkit.HCLError):
        j.rename("c", "b")


def test_trailing_comments():
    doc = hclkit.Document('a = 1 # old\ntags = {\n  Name = "web"\n}\n')
    assert doc.trailing_comment("a") == "# old"
    doc.set_trailing_comment("a", None)
    doc.set_trailing_comment('tags["Name"]', "shown")
    assert str(doc) == 'a = 1\ntags = {\n  Name = "web" # shown\n}\n'
    assert doc.trailing_comment('tags["Name"]') == "# shown"
    assert doc.trailing_comment("a") is None


def test_addresses_reach_the_parts_of_structured_expressions():
    doc = hclkit.Document('x = var.on ? "a-${var.b}-c" : upper(var.d)\n')
    assert doc.get("x#condition") == "var.on"
    assert doc.get("x#true#part[1]") == "var.b"
    assert doc.get("x#false[0]#traversal[0]") == "d"
    doc.set("x#false[0]", "var.e", expression=True)
    doc.set("x#condition#root", "local", expression=True)
    assert str(doc) == 'x = local.on ? "a-${var.b}-c" : upper(var.e)\n'
    assert doc.get("x#left") is None
    with pytest.raises(hclkit.HCLError) as info:
        doc.get("x#truth")
    assert "at column 3: expected a part name after `#`" in str(info.value)
    with pytest.raises(hclkit.HCLError):
        doc.set('x["a"', 1)


def test_template_literal_text_set_by_address():
    doc = hclkit.Document('greeting = "Hello, ${var.name}!"\n')
    assert doc.get("greeting#part[0]") == '"Hello, "'
    doc.set("greeting#part[0]", 'Say "${hi}", ')
    doc.set("greeting#part[2]", "\n")
    assert str(doc) == 'greeting = "Say \\"$${hi}\\", ${var.name}\\n"\n'
    with pytest.raises(hclkit.HCLError):
        doc.set("greeting#part[0]", 5)
