// dynrecord: expands the "dynamic" blocks of an HCL file with the reference implementation
// (hashicorp/hcl v2.14.1 ext/dynblock, go-cty v1.12.1) and prints what the expanded body holds
// under a schema, as JSON, so hclkit's tests can compare against it without Go.
//
//	dynrecord FILE.hcl     (reads the schema from FILE.schema.json)
//
// Header comments of FILE.hcl give the context, as for hcleval: `# vars: {JSON object}` and
// `# unknown: name[:type],...`. Functions: the 15 of hclkit's spec_functions except reverse,
// plus flatten, setproduct and toset.
//
// The schema file: {"attributes": [{"name": N, "required": B}], "blocks": [{"type": T,
// "labels": [..], "body": SCHEMA}], "mode": "content"|"partial"|"attrs", "remain": SCHEMA}.
// A block type with a "body" schema has its blocks' bodies dumped under it; "partial" also
// dumps the remaining body under "remain"; "attrs" reads the body with JustAttributes.
//
// Output: {"body": DUMP, "diagnostics": [...], "variables": [...], "expand_variables": [...]} where DUMP is
// {"attributes": [{"name", "range", "name_range", "expr_range", "value", "type"}] (by name),
// "blocks": [{"type", "labels", "def_range", "type_range", "label_ranges", "unknown", "body"}],
// "missing_item_range", "remain"}; attribute values are evaluated in the file's context and
// encoded as hcleval does (unknowns as {"$unknown": TYPE}); "variables" are the traversals
// dynblock.WalkVariables finds under the same schema (in source form, sorted), and
// "expand_variables" those of dynblock.WalkExpandVariables.
//
// Build (GOPATH mode against Debian's packaged reference sources):
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/dynrecord ./main.go
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/dynblock"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

var funcs = map[string]function.Function{
	"abs": stdlib.AbsoluteFunc, "coalesce": stdlib.CoalesceFunc, "concat": stdlib.ConcatFunc,
	"hasindex": stdlib.HasIndexFunc, "int": stdlib.IntFunc, "jsondecode": stdlib.JSONDecodeFunc,
	"jsonencode": stdlib.JSONEncodeFunc, "length": stdlib.LengthFunc, "lower": stdlib.LowerFunc,
	"max": stdlib.MaxFunc, "min": stdlib.MinFunc, "strlen": stdlib.StrlenFunc,
	"substr": stdlib.SubstrFunc, "upper": stdlib.UpperFunc,
	// For for_each values derived as the expressions guide suggests, and sets (as hcleval
	// defines them):
	"flatten": stdlib.FlattenFunc, "setproduct": stdlib.SetProductFunc,
	"toset": stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)),
}

type schemaJSON struct {
	Attributes []struct {
		Name     string `json:"name"`
		Required bool   `json:"required"`
	} `json:"attributes"`
	Blocks []struct {
		Type   string      `json:"type"`
		Labels []string    `json:"labels"`
		Body   *schemaJSON `json:"body"`
	} `json:"blocks"`
	Mode   string      `json:"mode"`
	Remain *schemaJSON `json:"remain"`
}

func (s *schemaJSON) hcl() *hcl.BodySchema {
	out := &hcl.BodySchema{}
	for _, a := range s.Attributes {
		out.Attributes = append(out.Attributes, hcl.AttributeSchema{Name: a.Name, Required: a.Required})
	}
	for _, b := range s.Blocks {
		out.Blocks = append(out.Blocks, hcl.BlockHeaderSchema{Type: b.Type, LabelNames: b.Labels})
	}
	return out
}

func (s *schemaJSON) child(ty string) *schemaJSON {
	for _, b := range s.Blocks {
		if b.Type == ty {
			return b.Body
		}
	}
	return nil
}

type attrDump struct {
	Name      string          `json:"name"`
	Range     string          `json:"range"`
	NameRange string          `json:"name_range"`
	ExprRange string          `json:"expr_range"`
	Value     json.RawMessage `json:"value"`
	Type      json.RawMessage `json:"type"`
}

type blockDump struct {
	Type        string    `json:"type"`
	Labels      []string  `json:"labels"`
	DefRange    string    `json:"def_range"`
	TypeRange   string    `json:"type_range"`
	LabelRanges []string  `json:"label_ranges"`
	Unknown     bool      `json:"unknown"`
	Body        *bodyDump `json:"body"`
}

type bodyDump struct {
	Attributes       []attrDump  `json:"attributes"`
	Blocks           []blockDump `json:"blocks"`
	MissingItemRange string      `json:"missing_item_range"`
	Remain           *bodyDump   `json:"remain"`
}

var ctx = &hcl.EvalContext{Variables: map[string]cty.Value{}, Functions: funcs}
var diags hcl.Diagnostics

func rng(r hcl.Range) string {
	return fmt.Sprintf("%s:%d,%d(%d)-%d,%d(%d)", r.Filename, r.Start.Line, r.Start.Column, r.Start.Byte, r.End.Line, r.End.Column, r.End.Byte)
}

func dumpAttrs(attrs hcl.Attributes) []attrDump {
	names := []string{}
	for n := range attrs {
		names = append(names, n)
	}
	sort.Strings(names)
	out := []attrDump{}
	for _, n := range names {
		a := attrs[n]
		v, d := a.Expr.Value(ctx)
		diags = append(diags, d...)
		t, _ := ctyjson.MarshalType(v.Type())
		out = append(out, attrDump{n, rng(a.Range), rng(a.NameRange), rng(a.Expr.Range()), json.RawMessage(encode(v)), t})
	}
	return out
}

func dump(body hcl.Body, s *schemaJSON) *bodyDump {
	out := &bodyDump{Attributes: []attrDump{}, Blocks: []blockDump{}, MissingItemRange: rng(body.MissingItemRange())}
	var content *hcl.BodyContent
	var d hcl.Diagnostics
	switch s.Mode {
	case "attrs":
		attrs, d := body.JustAttributes()
		diags = append(diags, d...)
		out.Attributes = dumpAttrs(attrs)
		return out
	case "partial":
		var remain hcl.Body
		content, remain, d = body.PartialContent(s.hcl())
		if s.Remain != nil {
			defer func() { out.Remain = dump(remain, s.Remain) }()
		}
	default:
		content, d = body.Content(s.hcl())
	}
	diags = append(diags, d...)
	out.Attributes = dumpAttrs(content.Attributes)
	out.MissingItemRange = rng(content.MissingItemRange)
	for _, b := range content.Blocks {
		bd := blockDump{Type: b.Type, Labels: b.Labels, DefRange: rng(b.DefRange), TypeRange: rng(b.TypeRange), LabelRanges: []string{}}
		if bd.Labels == nil {
			bd.Labels = []string{}
		}
		for _, r := range b.LabelRanges {
			bd.LabelRanges = append(bd.LabelRanges, rng(r))
		}
		if u, ok := b.Body.(hcldec.UnknownBody); ok {
			bd.Unknown = u.Unknown()
		}
		if cs := s.child(b.Type); cs != nil {
			bd.Body = dump(b.Body, cs)
		}
		out.Blocks = append(out.Blocks, bd)
	}
	return out
}

func walk(node dynblock.WalkVariablesNode, s *schemaJSON, out *[]string) {
	vars, children := node.Visit(s.hcl())
	for _, t := range vars {
		*out = append(*out, traversalString(t))
	}
	for _, c := range children {
		if cs := s.child(c.BlockTypeName); cs != nil {
			walk(c.Node, cs, out)
		}
	}
}

func traversalString(t hcl.Traversal) string {
	var b strings.Builder
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			b.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			b.WriteString("[" + encode(s.Key) + "]")
		}
	}
	return b.String() + "@" + rng(t.SourceRange())
}

func main() {
	file := os.Args[1]
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	schemaSrc, err := os.ReadFile(strings.TrimSuffix(file, ".hcl") + ".schema.json")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var schema schemaJSON
	if err := json.Unmarshal(schemaSrc, &schema); err != nil {
		fmt.Fprintln(os.Stderr, "schema:", err)
		os.Exit(2)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(line, "#") {
			break
		}
		if v := strings.TrimPrefix(line, "# vars:"); v != line {
			ty, err := ctyjson.ImpliedType([]byte(v))
			if err != nil {
				panic(err)
			}
			val, err := ctyjson.Unmarshal([]byte(v), ty)
			if err != nil {
				panic(err)
			}
			for k, ev := range val.AsValueMap() {
				ctx.Variables[k] = ev
			}
		}
		if v := strings.TrimPrefix(line, "# unknown:"); v != line {
			for _, item := range strings.Split(strings.TrimSpace(v), ",") {
				name, tyStr, typed := strings.Cut(item, ":")
				ty := cty.DynamicPseudoType
				if typed {
					if err := json.Unmarshal([]byte(`"`+tyStr+`"`), &ty); err != nil {
						panic(err)
					}
				}
				ctx.Variables[name] = cty.UnknownVal(ty)
			}
		}
	}
	parser := hclparse.NewParser()
	f, d := parser.ParseHCL(src, file[strings.LastIndex(file, "/")+1:])
	diags = append(diags, d...)
	out := struct {
		Body        *bodyDump       `json:"body"`
		Diagnostics json.RawMessage `json:"diagnostics"`
		Variables   []string        `json:"variables"`
		ExpandVars  []string        `json:"expand_variables"`
	}{}
	out.Body = dump(dynblock.Expand(f.Body, ctx), &schema)
	out.Variables = []string{}
	walk(dynblock.WalkVariables(f.Body), &schema, &out.Variables)
	sort.Strings(out.Variables)
	out.ExpandVars = []string{}
	walk(dynblock.WalkExpandVariables(f.Body), &schema, &out.ExpandVars)
	sort.Strings(out.ExpandVars)
	out.Diagnostics = diagsJSON(diags)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", " ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		panic(err)
	}
	os.Stdout.Write(buf.Bytes())
}

func diagsJSON(diags hcl.Diagnostics) json.RawMessage {
	type pos struct {
		Line   int `json:"line"`
		Column int `json:"column"`
		Byte   int `json:"byte"`
	}
	type rng struct {
		Filename string `json:"filename"`
		Start    pos    `json:"start"`
		End      pos    `json:"end"`
	}
	type diag struct {
		Severity string `json:"severity"`
		Summary  string `json:"summary"`
		Detail   string `json:"detail"`
		Subject  *rng   `json:"subject"`
	}
	out := []diag{}
	for _, d := range diags {
		sev := "error"
		if d.Severity == hcl.DiagWarning {
			sev = "warning"
		}
		dd := diag{Severity: sev, Summary: d.Summary, Detail: d.Detail}
		if d.Subject != nil {
			s := d.Subject
			dd.Subject = &rng{s.Filename, pos{s.Start.Line, s.Start.Column, s.Start.Byte}, pos{s.End.Line, s.End.Column, s.End.Byte}}
		}
		out = append(out, dd)
	}
	b, _ := json.Marshal(out)
	return b
}

// encode writes a value as JSON, with unknowns as {"$unknown": TYPE} (as hcleval does).
func encode(v cty.Value) string {
	if !v.IsKnown() {
		t, _ := ctyjson.MarshalType(v.Type())
		return `{"$unknown":` + string(t) + `}`
	}
	if v.IsNull() {
		return "null"
	}
	ty := v.Type()
	switch {
	case ty == cty.String:
		b, _ := json.Marshal(v.AsString())
		return string(b)
	case ty == cty.Number:
		return v.AsBigFloat().Text('f', -1)
	case ty == cty.Bool:
		if v.True() {
			return "true"
		}
		return "false"
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		parts := []string{}
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			parts = append(parts, encode(ev))
		}
		return "[" + strings.Join(parts, ",") + "]"
	case ty.IsMapType() || ty.IsObjectType():
		parts := []string{}
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			kb, _ := json.Marshal(k.AsString())
			parts = append(parts, string(kb)+":"+encode(ev))
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	return `"<capsule>"`
}
