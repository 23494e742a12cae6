# (mode, arg, input)
U = []
def u(t, *inputs):
    for i in inputs: U.append(("unmarshal", t, i))
u('"string"', '"hello"', '5', '1.50', 'true', 'null', '[1]', '{}', '"\\u00e9"', '"e\\u0301"', '"\\ud83d\\ude00"',
  '"a\\u2028<>&"', '', '   ', '"abc', '"abc" trailing', 'x', '"\\ud800x"', b'"\xff\xfe"', '-', '1.', 'nul', ']', ':', ',')
u('"number"', '5', '-0.5', '1e3', '"12"', '"abc"', 'true', '[1]', 'null', '1e', '01', '" 12"', '"1_000"', '{}', '-0', '1E+2', '0.000001')
u('"bool"', 'true', 'false', '"true"', '"1"', '"0"', '"false"', '"TRUE"', '"False"', '"yes"', '1', 'null', '{}', '[]', '"t"')
u('["list","number"]', '[]', '[1,2]', '[1,"2"]', '[1,"x"]', '[1,', '[1', '[1 2]', '[1,]', '{}', '"x"', '[null]', '[[1]]',
  '[1, tru', '[1] junk', '[,1]', '[', ' [ 1 , 2 ] ', '[1,"x",', '[1}', 'true', '5')
u('["list",["list","string"]]', '[["a"],[],["b","c"]]', '[["a"],["b",1],[true]]', '[["a"],[{}]]', '[["a"],"b"]')
u('["set","string"]', '["b","a","b"]', '[]', '[1, true]', '[{}]', '["a",null]', '[1,', '{}')
u('["set","number"]', '[3,1,2,1]', '["x"]')
u('["map","number"]', '{"b":1,"a":2}', '{"a":1,"a":2}', '{}', '{"a":"x"}', '{1:2}', '{"a" 1}', '{"a":1,}', '[]', '{"a":1',
  '{"a":}', '{"\\u00e9":1,"b":null}', '{"a":1 "b":2}', '{"a":1]', '{"a":[]}', '{', '{"a":1,"b":"y"}', '"x"')
u('["map",["object",{"x":"bool"}]]', '{"k":{"x":true},"j":{"x":"nope"}}', '{"k":{"y":true}}')
u('["tuple",["number","string"]]', '[1,"a"]', '[1]', '[1,"a",true]', '[]', '[1,[]]', 'null', '[1,"a"', '{}', '[true,"a"]', '[1 "a"]')
u('["object",{"t":["tuple",["number","string"]]}]', '{"t":[1]}', '{"t":[1,"a",2]}')
u('["list",["tuple",["number"]]]', '[[1],[]]')
u('["tuple",[]]', '[]', '[1]', '{}')
u('["object",{"a":"number","b":"string"}]', '{"a":1,"b":"x"}', '{"a":1}', '{}', '{"c":1}', '{"a":"x"}', '{"a":1,"a":"x"}',
  '{"a":"x","a":1}', '{"a":1,"b":[1]}', '{"a":1 "b":2}', '{"a":1,"c":2', '{"a":1, 5:2}', '{5:1}', '[]', '{"a"', '{"a":1,',
  '{"a":1,"b":"x",}', '{"a":1}}', '{"A":1}', '{"a":null,"b":null}', '"str"')
u('["object",{}]', '{}', '{"a":1}', 'null')
u('["object",{"a":["list","number"]}]', '{"a":[1,"x"]}', '{"a":[1,2]}', '{"a":{}}')
u('["object",{"a":"number"},["a"]]', '{}', '{"a":2}')
u('["object",{"o":["object",{"p":["set","number"]}]}]', '{"o":{"p":[1,"z"]}}', '{"o":{"q":1}}')
u('"dynamic"', '{"value":1,"type":"number"}', '{"type":"number","value":"1"}', '{"value":1}', '{"type":"number"}',
  '{"value":1,"type":"bogus"}', '{"value":1,"type":"number","x":1}', '"x"', 'null', '{"value":null,"type":"string"}',
  '{"value":[1,"a"],"type":["list","string"]}', '{"value":[1,"a"],"type":["list","number"]}',
  '{"value":{"a":{"value":true,"type":"bool"}},"type":["object",{"a":"dynamic"}]}',
  '{"value":{"a":{"value":[1,"x"],"type":["list","number"]}},"type":["object",{"a":"dynamic"}]}',
  '{"value":1,"type":["list"]}', '{"value":1, "type":5}', '{"value":1,"type":"number"} x', '{5:1}',
  '{"value":1 "type":"number"}', '{}', '{"value":1,"type":"number","type":"string"}', '{"value":1,"value":"x","type":"string"}',
  '{"value":1,"type":"number"', '{"value":', '{"value":1,"type":["tuple",[1e400]]}', '[1]', '{"value":1,"type":null}',
  '{"value":"x","type":["object",{"a":"string"},["b"]]}')
u('["list","dynamic"]', '[{"value":1,"type":"number"},null]', '[]', '[null,null]', '[1]', '[{"value":1,"type":"number"},{"value":2,"type":"number"}]')
u('["map","dynamic"]', '{"a":{"value":"x","type":"string"}}', '{"a":1}')
u('["tuple",["dynamic","dynamic"]]', '[{"value":"x","type":"string"},{"value":true,"type":"bool"}]', '[null,{"value":[],"type":["tuple",[]]}]')

I = []
def i(*inputs):
    for x in inputs: I.append(("implied", "", x))
i('{"a":[1,"x",null],"b":{}}', '[]', '{}', 'null', '1', '"s"', 'true', '[1,', '{"a":1,}', '{"a" 1}', '1 2', '1 ]', '{"a":1,"a":"x"}',
  '', '  ', 'x', '[1] [2]', '{"a":1}}', ']', '{"a":{"b":[true]}}', '1e400', '"\\ud800"', '[1 2]', '{1:2}', '{"a"}', '[1,]', 'tru',
  '{"a":1 "b":2}', '[}', '{]', '{"a":1]', ' {"b" : [ ] } ', '[[[[]]]]', '{"e\\u0301":1}', '1 }', '"a" "b"', '[1,2', '{"a":', '{"a"')

T = []
def t(*inputs):
    for x in inputs: T.append(("type", "", x))
t('"string"', '"number"', '"bool"', '"dynamic"', '"any"', '["list","string"]', '["set",["map","bool"]]',
  '["object",{"b":"string","a":"number"}]', '["object",{}]', '["object",null]', '["object",{"a":"string"},["a"]]',
  '["object",{"a":"string"},[]]', '["object",{"a":"string"},null]', '["object",{"a":"string"},[5]]', '["object",{"a":"string"},"a"]',
  '["object","x"]', '["object",[1]]', '["object",{"a":5}]', '["object",{"a":null}]', '["tuple",["string","bool"]]', '["tuple",[]]',
  '["tuple",{}]', '["tuple","x"]', '["list"]', '["list","string","x"]', '["list","string"] x', '["list","string"] ]',
  '["bogus","x"]', '[5,"x"]', '[]', '{}', 'null', '5', '1e400', 'true', '"string" x', '"string" ]', '["list",null]', '["list","string"',
  '', '["list" "string"]', '["map",["list",["set","number"]]]', '[', '["object",{"a":"string"},["a"],1]', '["object",{"a":"string"} 1]',
  '["tuple",[1e400]]', '["object",{"<>":"string","a\\u2028":"bool"}]', '["object",{"a":"string","a":"bool"}]',
  '["object",{"b":"string","a":"bool"},["b","a"]]', '["object",{"a":"string"},[true]]', '["object",{"a":"string"},[[]]]',
  '["object",{"a":"string"},[{}]]', '["object",{"a":"string"},[1,"a"]]', '["tuple",[5]]', '["tuple",["bogus"]]', '["object",{"a":"bogus"}]',
  '["object",true]', '["object",1]', '["tuple",true]', '["tuple",1.5]', '["list",{}]', '["list",[]]', '["list",["list"]]', ' "string" ',
  '["list","string"]]', '"strin', '["list",', '["object",{"a":"string"},["a"]', '[1e400]', '{"a":1}', '["set", "number" , ]')

M = []
def m(want, *inputs):
    for x in inputs: M.append(("marshal", want, x))
m('"dynamic"', '{"value":1,"type":"number"}', '{"value":"<a&b>\\u2028\\u0001\\u007f\\t\\n\\"\\\\","type":"string"}',
  '{"value":null,"type":"string"}', '{"value":[1,2],"type":["list","number"]}', '{"value":{"b":1,"a":2},"type":["map","number"]}',
  '{"value":{"a":{"value":1,"type":"number"}},"type":["object",{"a":"dynamic"}]}', '{"value":{"a":null},"type":["object",{"a":"dynamic"}]}',
  '{"value":["b","a"],"type":["set","string"]}', '{"value":[],"type":["tuple",[]]}', '{"value":{},"type":["object",{}]}',
  '{"value":[true,"x"],"type":["tuple",["bool","string"]]}')
m('["list","dynamic"]', '{"value":[1,2],"type":["list","number"]}')
m('["map","dynamic"]', '{"value":{"x":"y"},"type":["map","string"]}')
m('["object",{"a":"dynamic","b":"number"}]', '{"value":{"a":"s","b":1},"type":["object",{"a":"string","b":"number"}]}')
m('["object",{"a":"number"},["a"]]', '{"value":{"a":1},"type":["object",{"a":"number"}]}')
m('["tuple",["dynamic","string"]]', '{"value":[[1],"s"],"type":["tuple",[["list","number"],"string"]]}')
m('["set",["object",{"k":"string"}]]', '{"value":[{"k":"b"},{"k":"a"},{"k":"c"}],"type":["set",["object",{"k":"string"}]]}')
m('["map",["list","bool"]]', '{"value":{"z":[true],"\\u00e9":[],"a":[false,true]},"type":["map",["list","bool"]]}')
# conversions (need the real convert module)
MC = []
def mc(want, *inputs):
    for x in inputs: MC.append(("marshal", want, x))
mc('"string"', '{"value":5,"type":"number"}', '{"value":true,"type":"bool"}')
mc('"number"', '{"value":"x","type":"string"}', '{"value":"15","type":"string"}')
mc('"bool"', '{"value":"1","type":"string"}')
mc('["list","string"]', '{"value":[true,false],"type":["list","bool"]}')
mc('["object",{"a":"number","b":"string"}]', '{"value":{"a":1},"type":["object",{"a":"number"}]}')
mc('["object",{"a":"number"}]', '{"value":{"a":1,"b":2},"type":["object",{"a":"number","b":"number"}]}')
