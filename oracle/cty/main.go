// cty-oracle: runs go-cty's convert package (the reference for hclkit-value's convert module)
// on test cases read as JSON lines from stdin, writing one JSON line per case to stdout.
//
// Build (with the reference sources installed as for /work/shared/tools/hcleval):
//
//	export GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE=/tmp/gocache
//	go build -o /tmp/cty-oracle ./main.go
//
// then run the differential test: HCLKIT_CTY_ORACLE=/tmp/cty-oracle cargo test -p hclkit-value oracle -- --ignored
//
// Each case is run several times and every distinct outcome is reported, because the reference
// iterates over Go maps (object attributes, map elements) in random order in a few places, and
// so may report different errors (or, rarely, results) for the same input.
//
// Formats (shared with src/convert/oracle_diff.rs):
//
//	type:  cty's JSON type notation ("string", ["list","number"], ["object",{"a":"bool"},["a"]], "dynamic", ...)
//	value: {"null":T} | {"unknown":T} | {"bool":B} | {"number":"text"} | {"string":S}
//	       | {"list":T,"elems":[V...]} | {"set":T,"elems":[V...]} | {"map":T,"entries":[[K,V]...]}
//	       | {"object":[[K,V]...]} | {"tuple":[V...]}
//	cases: {"op":"convert"|"convert_safe","value":V,"type":T}   -> {"outcomes":[{"ok":V}|{"err":S,"path":S}...]}
//	       {"op":"safety","from":T,"to":T}                       -> {"outcomes":["safe"|"unsafe"|"none"]}
//	       {"op":"mismatch","got":T,"want":T}                     -> {"outcomes":[S...]}
//	       {"op":"unify","unsafe":B,"values":[V...]}              -> {"outcomes":[{"type":T|null,"convs":[B...],"values":[{"ok":V}|{"err":S,"path":S}...]}...]}
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

const runs = 12

type input struct {
	Op     string            `json:"op"`
	Value  json.RawMessage   `json:"value"`
	Values []json.RawMessage `json:"values"`
	Type   json.RawMessage   `json:"type"`
	From   json.RawMessage   `json:"from"`
	To     json.RawMessage   `json:"to"`
	Got    json.RawMessage   `json:"got"`
	Want   json.RawMessage   `json:"want"`
	Unsafe bool              `json:"unsafe"`
}

func parseType(raw json.RawMessage) cty.Type {
	var t cty.Type
	if err := json.Unmarshal(raw, &t); err != nil {
		panic(fmt.Sprintf("bad type %s: %s", raw, err))
	}
	return t
}

func parseValue(raw json.RawMessage) cty.Value {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		panic(fmt.Sprintf("bad value %s: %s", raw, err))
	}
	if t, ok := m["null"]; ok {
		return cty.NullVal(parseType(t))
	}
	if t, ok := m["unknown"]; ok {
		return cty.UnknownVal(parseType(t))
	}
	if b, ok := m["bool"]; ok {
		return cty.BoolVal(string(b) == "true")
	}
	if n, ok := m["number"]; ok {
		var s string
		json.Unmarshal(n, &s)
		return cty.MustParseNumberVal(s)
	}
	if s, ok := m["string"]; ok {
		var str string
		json.Unmarshal(s, &str)
		return cty.StringVal(str)
	}
	if t, ok := m["list"]; ok {
		elems := parseValues(m["elems"])
		if len(elems) == 0 {
			return cty.ListValEmpty(parseType(t))
		}
		return cty.ListVal(elems)
	}
	if t, ok := m["set"]; ok {
		elems := parseValues(m["elems"])
		if len(elems) == 0 {
			return cty.SetValEmpty(parseType(t))
		}
		return cty.SetVal(elems)
	}
	if t, ok := m["map"]; ok {
		entries := parseEntries(m["entries"])
		if len(entries) == 0 {
			return cty.MapValEmpty(parseType(t))
		}
		return cty.MapVal(entries)
	}
	if o, ok := m["object"]; ok {
		return cty.ObjectVal(parseEntries(o))
	}
	if t, ok := m["tuple"]; ok {
		return cty.TupleVal(parseValues(t))
	}
	panic(fmt.Sprintf("bad value %s", raw))
}

func parseValues(raw json.RawMessage) []cty.Value {
	var rs []json.RawMessage
	json.Unmarshal(raw, &rs)
	out := make([]cty.Value, 0, len(rs))
	for _, r := range rs {
		out = append(out, parseValue(r))
	}
	return out
}

func parseEntries(raw json.RawMessage) map[string]cty.Value {
	var rs [][2]json.RawMessage
	json.Unmarshal(raw, &rs)
	out := map[string]cty.Value{}
	for _, r := range rs {
		var k string
		json.Unmarshal(r[0], &k)
		out[k] = parseValue(r[1])
	}
	return out
}

func typeJSON(t cty.Type) interface{} {
	b, err := json.Marshal(t)
	if err != nil {
		panic(err)
	}
	return json.RawMessage(b)
}

func valueJSON(v cty.Value) interface{} {
	ty := v.Type()
	if v.IsNull() {
		return map[string]interface{}{"null": typeJSON(ty)}
	}
	if !v.IsKnown() {
		return map[string]interface{}{"unknown": typeJSON(ty)}
	}
	switch {
	case ty == cty.Bool:
		return map[string]interface{}{"bool": v.True()}
	case ty == cty.Number:
		return map[string]interface{}{"number": v.AsBigFloat().Text('f', -1)}
	case ty == cty.String:
		return map[string]interface{}{"string": v.AsString()}
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		elems := []interface{}{}
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			elems = append(elems, valueJSON(e))
		}
		if ty.IsTupleType() {
			return map[string]interface{}{"tuple": elems}
		}
		kind := "list"
		if ty.IsSetType() {
			kind = "set"
		}
		return map[string]interface{}{kind: typeJSON(ty.ElementType()), "elems": elems}
	case ty.IsMapType() || ty.IsObjectType():
		entries := []interface{}{}
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			entries = append(entries, []interface{}{k.AsString(), valueJSON(e)})
		}
		if ty.IsObjectType() {
			return map[string]interface{}{"object": entries}
		}
		return map[string]interface{}{"map": typeJSON(ty.ElementType()), "entries": entries}
	}
	panic("unsupported value " + ty.FriendlyName())
}

func pathString(p cty.Path) string {
	var b strings.Builder
	for _, s := range p {
		switch s := s.(type) {
		case cty.GetAttrStep:
			b.WriteString("." + s.Name)
		case cty.IndexStep:
			if s.Key.Type() == cty.String {
				b.WriteString("[" + strconv.Quote(s.Key.AsString()) + "]")
			} else if s.Key.Type() == cty.Number {
				b.WriteString("[" + s.Key.AsBigFloat().Text('f', -1) + "]")
			} else {
				b.WriteString("[...]")
			}
		}
	}
	return b.String()
}

func result(v cty.Value, err error) (out interface{}) {
	defer func() {
		if r := recover(); r != nil {
			out = map[string]interface{}{"panic": fmt.Sprint(r)}
		}
	}()
	if err != nil {
		path := ""
		if pe, ok := err.(cty.PathError); ok {
			path = pathString(pe.Path)
		}
		return map[string]interface{}{"err": err.Error(), "path": path}
	}
	return map[string]interface{}{"ok": valueJSON(v)}
}

func convertSafe(v cty.Value, want cty.Type) (cty.Value, error) {
	if v.Type().Equals(want.WithoutOptionalAttributesDeep()) {
		return v, nil
	}
	conv := convert.GetConversion(v.Type(), want)
	if conv == nil {
		return cty.NilVal, fmt.Errorf("%s", convert.MismatchMessage(v.Type(), want))
	}
	return conv(v)
}

func safe(f func() (cty.Value, error)) (v cty.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("PANIC: %v", r)
		}
	}()
	return f()
}

func once(in input) interface{} {
	switch in.Op {
	case "convert", "convert_safe":
		v, t := parseValue(in.Value), parseType(in.Type)
		return result(safe(func() (cty.Value, error) {
			if in.Op == "convert" {
				return convert.Convert(v, t)
			}
			return convertSafe(v, t)
		}))
	case "safety":
		from, to := parseType(in.From), parseType(in.To)
		switch {
		case from.Equals(to) || convert.GetConversion(from, to) != nil:
			return "safe"
		case convert.GetConversionUnsafe(from, to) != nil:
			return "unsafe"
		default:
			return "none"
		}
	case "mismatch":
		return convert.MismatchMessage(parseType(in.Got), parseType(in.Want))
	case "unify":
		values := parseValues(mustRaw(in.Values))
		types := make([]cty.Type, len(values))
		for i, v := range values {
			types[i] = v.Type()
		}
		var ty cty.Type
		var convs []convert.Conversion
		if in.Unsafe {
			ty, convs = convert.UnifyUnsafe(types)
		} else {
			ty, convs = convert.Unify(types)
		}
		if ty == cty.NilType {
			return map[string]interface{}{"type": nil}
		}
		has := make([]bool, len(convs))
		results := make([]interface{}, len(convs))
		for i, c := range convs {
			has[i] = c != nil
			if c == nil {
				results[i] = result(values[i], nil)
			} else {
				results[i] = result(safe(func() (cty.Value, error) { return c(values[i]) }))
			}
		}
		return map[string]interface{}{"type": typeJSON(ty), "convs": has, "values": results}
	}
	panic("unknown op " + in.Op)
}

func mustRaw(rs []json.RawMessage) json.RawMessage {
	b, _ := json.Marshal(rs)
	return b
}

func encode(x interface{}) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(x); err != nil {
		panic(err)
	}
	// cty writes the type of an empty tuple built from a nil slice as ["tuple",null].
	return strings.ReplaceAll(strings.TrimSpace(buf.String()), `["tuple",null]`, `["tuple",[]]`)
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for sc.Scan() {
		var in input
		if err := json.Unmarshal(sc.Bytes(), &in); err != nil {
			panic(err)
		}
		seen := map[string]bool{}
		var outcomes []json.RawMessage
		for i := 0; i < runs; i++ {
			s := encode(once(in))
			if !seen[s] {
				seen[s] = true
				outcomes = append(outcomes, json.RawMessage(s))
			}
		}
		fmt.Fprintln(w, encode(map[string]interface{}{"outcomes": outcomes}))
	}
}
