// apirecord: prints what the reference implementation (hashicorp/hcl v2.14.1, go-cty v1.12.1)
// returns from API calls that hcldec and hcleval cannot reach, so hclkit's tests can embed the
// results (each test names the command line it was recorded with).
//
//	apirecord native [-template] [-vars JSON] [-null NAME:TYPE]... [-unknown NAME[:TYPE]]... SRC
//	    evaluates SRC as a native expression (or template) in file "spec.hcl"
//	apirecord json-value [-ctx] [-vars JSON] [-null NAME:TYPE]... [-unknown NAME[:TYPE]]... SRC
//	    parses SRC with json.ParseExpression (file "e.json") and evaluates it; without -ctx
//	    in literal mode (nil context), with it in full mode
//	apirecord json-static [-vars JSON] [-null NAME:TYPE]... [-unknown NAME[:TYPE]]... SRC
//	    static analysis of the JSON expression SRC (file "e.json"): hcl.ExprList, hcl.ExprMap
//	    (each key's value without and with a context), hcl.ExprCall, hcl.AbsTraversalForExpr
//	apirecord merged [-attr NAME[:required],...] [-block TYPE[:LABEL;LABEL],...] FILE...
//	    parses each FILE as hcldec does (JSON for names ending in ".json", native otherwise),
//	    merges them with hcl.MergeBodies and prints JustAttributes, or with -attr/-block
//	    PartialContent and the remaining body's JustAttributes
//
// Diagnostics print as "summary | detail | subject | context" with ranges as
// line:column.byte-line:column.byte ("-" when absent; in merged's results, which span files,
// ranges are FILE:RANGE). Values print as
// hcleval does (unknowns as {"$unknown": TYPE}). Lists of diagnostics that come from Go map
// iteration (JustAttributes, merged attributes) are sorted.
//
// Build (GOPATH mode against Debian's packaged reference sources):
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/apirecord ./main.go
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

func rng(r *hcl.Range) string {
	if r == nil {
		return "-"
	}
	return fmt.Sprintf("%d:%d.%d-%d:%d.%d", r.Start.Line, r.Start.Column, r.Start.Byte, r.End.Line, r.End.Column, r.End.Byte)
}

// rngFile is rng with the file name in front ("FILE:RANGE"), for results that span files.
func rngFile(r *hcl.Range) string {
	if r == nil {
		return "-"
	}
	return r.Filename + ":" + rng(r)
}

func diagLines(diags hcl.Diagnostics, sorted bool) []string {
	return diagLinesWith(diags, sorted, rng)
}

func diagLinesWith(diags hcl.Diagnostics, sorted bool, rng func(*hcl.Range) string) []string {
	out := []string{}
	for _, d := range diags {
		sev := ""
		if d.Severity == hcl.DiagWarning {
			sev = "warning: "
		}
		out = append(out, fmt.Sprintf("%s%s | %s | %s | %s", sev, d.Summary, d.Detail, rng(d.Subject), rng(d.Context)))
	}
	if sorted {
		sort.Strings(out)
	}
	return out
}

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

func typeJSON(t cty.Type) string {
	b, _ := ctyjson.MarshalType(t)
	return string(b)
}

func parseType(s string) cty.Type {
	var ty cty.Type
	if err := ty.UnmarshalJSON([]byte(s)); err != nil {
		if err2 := ty.UnmarshalJSON([]byte(`"` + s + `"`)); err2 != nil {
			fail("invalid type %q: %s", s, err)
		}
	}
	return ty
}

func fail(f string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, f+"\n", args...)
	os.Exit(2)
}

// multi is a repeatable flag.
type multi []string

func (m *multi) String() string     { return strings.Join(*m, " ") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

// context builds an evaluation context from -vars, -null and -unknown (TYPE in go-cty's JSON
// type notation, e.g. '["list","string"]' or 'number').
func context(vars string, nulls, unknowns multi) *hcl.EvalContext {
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{}}
	if vars != "" {
		ty, err := ctyjson.ImpliedType([]byte(vars))
		if err != nil {
			fail("invalid -vars: %s", err)
		}
		v, err := ctyjson.Unmarshal([]byte(vars), ty)
		if err != nil {
			fail("invalid -vars: %s", err)
		}
		for k, av := range v.AsValueMap() {
			ctx.Variables[k] = av
		}
	}
	each := func(list multi, f func(name string, ty cty.Type)) {
		for _, item := range list {
			name, tyStr, hasTy := strings.Cut(item, ":")
			ty := cty.DynamicPseudoType
			if hasTy {
				ty = parseType(tyStr)
			}
			f(name, ty)
		}
	}
	each(nulls, func(n string, t cty.Type) { ctx.Variables[n] = cty.NullVal(t) })
	each(unknowns, func(n string, t cty.Type) { ctx.Variables[n] = cty.UnknownVal(t) })
	return ctx
}

type result map[string]interface{}

func valueResult(v cty.Value, diags hcl.Diagnostics) result {
	return result{"value": json.RawMessage(encode(v)), "type": json.RawMessage(typeJSON(v.Type())), "diagnostics": diagLines(diags, false)}
}

func traversalString(t hcl.Traversal) string {
	var b strings.Builder
	for _, s := range t {
		switch s := s.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			b.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			b.WriteString("[" + encode(s.Key) + "]")
		}
	}
	return b.String()
}

func traversalResult(t hcl.Traversal, diags hcl.Diagnostics) result {
	if diags.HasErrors() {
		return result{"diagnostics": diagLines(diags, false)}
	}
	ranges := []string{}
	for _, s := range t {
		r := s.SourceRange()
		ranges = append(ranges, rng(&r))
	}
	return result{"traversal": traversalString(t), "steps": ranges}
}

func jsonStatic(src string, ctx *hcl.EvalContext) result {
	expr, diags := hcljson.ParseExpression([]byte(src), "e.json")
	if diags.HasErrors() {
		return result{"parse": diagLines(diags, false)}
	}
	out := result{}
	if list, d := hcl.ExprList(expr); d.HasErrors() {
		out["list"] = diagLines(d, false)
	} else {
		items := []string{}
		for _, e := range list {
			r := e.Range()
			items = append(items, rng(&r))
		}
		out["list"] = items
	}
	if pairs, d := hcl.ExprMap(expr); d.HasErrors() {
		out["map"] = diagLines(d, false)
	} else {
		items := []result{}
		for _, kv := range pairs {
			r := kv.Key.Range()
			lit, litDiags := kv.Key.Value(nil)
			full, fullDiags := kv.Key.Value(ctx)
			item := result{"key_range": rng(&r), "key_literal": valueResult(lit, litDiags), "key_full": valueResult(full, fullDiags)}
			if t, d := hcl.AbsTraversalForExpr(kv.Key); !d.HasErrors() {
				item["key_traversal"] = traversalString(t)
			}
			items = append(items, item)
		}
		out["map"] = items
	}
	if call, d := hcl.ExprCall(expr); d.HasErrors() {
		out["call"] = diagLines(d, false)
	} else {
		args := []result{}
		for _, a := range call.Arguments {
			r := a.Range()
			arg := result{"range": rng(&r)}
			if t, d := hcl.AbsTraversalForExpr(a); !d.HasErrors() {
				arg["traversal"] = traversalString(t)
			}
			args = append(args, arg)
		}
		out["call"] = result{"name": call.Name, "name_range": rng(&call.NameRange), "args_range": rng(&call.ArgsRange), "arguments": args}
	}
	out["abs_traversal"] = traversalResult(hcl.AbsTraversalForExpr(expr))
	out["rel_traversal"] = traversalResult(hcl.RelTraversalForExpr(expr))
	return out
}

func attrsResult(attrs hcl.Attributes) []string {
	out := []string{}
	for name, a := range attrs {
		out = append(out, fmt.Sprintf("%s %s name=%s", name, rngFile(&a.Range), rngFile(&a.NameRange)))
	}
	sort.Strings(out)
	return out
}

func merged(files []string, attrSpec, blockSpec string) result {
	parser := hclparse.NewParser()
	var bodies []hcl.Body
	var parseDiags hcl.Diagnostics
	for _, fn := range files {
		var f *hcl.File
		var d hcl.Diagnostics
		if strings.HasSuffix(fn, ".json") {
			f, d = parser.ParseJSONFile(fn)
		} else {
			f, d = parser.ParseHCLFile(fn)
		}
		parseDiags = append(parseDiags, d...)
		bodies = append(bodies, f.Body)
	}
	body := hcl.MergeBodies(bodies)
	out := result{"parse": diagLinesWith(parseDiags, false, rngFile)}
	if attrSpec == "" && blockSpec == "" {
		attrs, d := body.JustAttributes()
		out["attributes"] = attrsResult(attrs)
		out["diagnostics"] = diagLinesWith(d, true, rngFile)
		return out
	}
	schema := &hcl.BodySchema{}
	for _, a := range strings.Split(attrSpec, ",") {
		if a == "" {
			continue
		}
		name, req, _ := strings.Cut(a, ":")
		schema.Attributes = append(schema.Attributes, hcl.AttributeSchema{Name: name, Required: req == "required"})
	}
	for _, b := range strings.Split(blockSpec, ",") {
		if b == "" {
			continue
		}
		ty, labels, _ := strings.Cut(b, ":")
		var ls []string
		if labels != "" {
			ls = strings.Split(labels, ";")
		}
		schema.Blocks = append(schema.Blocks, hcl.BlockHeaderSchema{Type: ty, LabelNames: ls})
	}
	content, rest, d := body.PartialContent(schema)
	out["attributes"] = attrsResult(content.Attributes)
	blocks := []string{}
	for _, b := range content.Blocks {
		labels, _ := json.Marshal(append([]string{}, b.Labels...))
		blocks = append(blocks, fmt.Sprintf("%s %s def=%s", b.Type, labels, rngFile(&b.DefRange)))
	}
	out["blocks"] = blocks
	out["diagnostics"] = diagLinesWith(d, true, rngFile)
	restAttrs, rd := rest.JustAttributes()
	out["rest_attributes"] = attrsResult(restAttrs)
	out["rest_diagnostics"] = diagLinesWith(rd, true, rngFile)
	mr := rest.MissingItemRange()
	out["rest_missing_item_range"] = rngFile(&mr)
	return out
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: apirecord native|json-value|json-static|merged ...")
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	template := fs.Bool("template", false, "parse as a template")
	withCtx := fs.Bool("ctx", false, "evaluate with a context (full mode)")
	vars := fs.String("vars", "", "variables as a JSON object")
	var nulls, unknowns multi
	fs.Var(&nulls, "null", "NAME:TYPE made a typed null (repeatable)")
	fs.Var(&unknowns, "unknown", "NAME[:TYPE] made unknown (repeatable)")
	attrSpec := fs.String("attr", "", "schema attributes NAME[:required],...")
	blockSpec := fs.String("block", "", "schema blocks TYPE[:LABEL;LABEL],...")
	fs.Parse(os.Args[2:])
	var out interface{}
	switch os.Args[1] {
	case "native":
		src := []byte(fs.Arg(0))
		var expr hclsyntax.Expression
		var diags hcl.Diagnostics
		if *template {
			expr, diags = hclsyntax.ParseTemplate(src, "spec.hcl", hcl.InitialPos)
		} else {
			expr, diags = hclsyntax.ParseExpression(src, "spec.hcl", hcl.InitialPos)
		}
		if diags.HasErrors() {
			out = result{"parse": diagLines(diags, false)}
			break
		}
		out = valueResult(expr.Value(context(*vars, nulls, unknowns)))
	case "json-value":
		expr, diags := hcljson.ParseExpression([]byte(fs.Arg(0)), "e.json")
		if diags.HasErrors() {
			out = result{"parse": diagLines(diags, false)}
			break
		}
		var ctx *hcl.EvalContext
		if *withCtx {
			ctx = context(*vars, nulls, unknowns)
		}
		out = valueResult(expr.Value(ctx))
	case "json-static":
		out = jsonStatic(fs.Arg(0), context(*vars, nulls, unknowns))
	case "merged":
		out = merged(fs.Args(), *attrSpec, *blockSpec)
	default:
		fail("unknown mode %q", os.Args[1])
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		fail("%s", err)
	}
}
