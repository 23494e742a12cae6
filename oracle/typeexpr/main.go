// typeexpr-record: records what the reference's ext/typeexpr (hcl v2.14.1, go-cty v1.12.1)
// makes of type expressions and of values meeting them, as JSON, for hclkit's tests.
//
//	typeexpr-record cases.json > cases.want.json
//
// cases.json is a list of {"type": TYPE_EXPR, "values": [{"expr": HCL_EXPR, "as": TYPE_EXPR}]};
// with "json": true, the type expression is read from a JSON file {"t": TYPE_EXPR} (as
// json.Marshal writes it) instead of the native syntax.
// Each type expression is read with TypeConstraintWithDefaults; each value expression is
// evaluated (variables: `unknown`, the dynamic value; `unknown_string`, an unknown string),
// converted to its "as" type constraint if any, then the defaults are applied (Apply) and the
// result converted to the type (convert.Convert). A panic in TypeConstraintWithDefaults or
// Apply is recorded as such ("type_panic", "apply_panic").
//
// Values are encoded as typed trees: {"null": T}, {"unknown": T}, {"string": s},
// {"number": n}, {"bool": b}, {"list"|"set"|"tuple": [...]}, {"map"|"object": {...}}, with
// types in cty's JSON type notation.
//
// Build: GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/typeexpr-record ./main.go
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

type valueCase struct {
	Expr string `json:"expr"`
	As   string `json:"as,omitempty"`
}

type typeCase struct {
	Type   string      `json:"type"`
	JSON   bool        `json:"json,omitempty"`
	Values []valueCase `json:"values,omitempty"`
}

type posJSON struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Byte   int `json:"byte"`
}

type rangeJSON struct {
	Start posJSON `json:"start"`
	End   posJSON `json:"end"`
}

type diagJSON struct {
	Severity string     `json:"severity"`
	Summary  string     `json:"summary"`
	Detail   string     `json:"detail"`
	Subject  *rangeJSON `json:"subject,omitempty"`
	Context  *rangeJSON `json:"context,omitempty"`
}

func rng(r *hcl.Range) *rangeJSON {
	if r == nil {
		return nil
	}
	return &rangeJSON{
		Start: posJSON{r.Start.Line, r.Start.Column, r.Start.Byte},
		End:   posJSON{r.End.Line, r.End.Column, r.End.Byte},
	}
}

func diags(ds hcl.Diagnostics) []diagJSON {
	out := []diagJSON{}
	for _, d := range ds {
		sev := "error"
		if d.Severity == hcl.DiagWarning {
			sev = "warning"
		}
		out = append(out, diagJSON{sev, d.Summary, d.Detail, rng(d.Subject), rng(d.Context)})
	}
	return out
}

func typeJSON(t cty.Type) json.RawMessage {
	b, err := ctyjson.MarshalType(t)
	if err != nil {
		panic(err)
	}
	return b
}

func enc(v cty.Value) interface{} {
	ty := v.Type()
	if !v.IsKnown() {
		return map[string]interface{}{"unknown": typeJSON(ty)}
	}
	if v.IsNull() {
		return map[string]interface{}{"null": typeJSON(ty)}
	}
	switch {
	case ty == cty.String:
		return map[string]interface{}{"string": v.AsString()}
	case ty == cty.Number:
		b, err := ctyjson.Marshal(v, cty.Number)
		if err != nil {
			panic(err)
		}
		return map[string]interface{}{"number": json.RawMessage(b)}
	case ty == cty.Bool:
		return map[string]interface{}{"bool": v.True()}
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		kind := "list"
		if ty.IsSetType() {
			kind = "set"
		} else if ty.IsTupleType() {
			kind = "tuple"
		}
		elems := []interface{}{}
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			elems = append(elems, enc(e))
		}
		return map[string]interface{}{kind: elems, "type": typeJSON(ty)}
	case ty.IsMapType() || ty.IsObjectType():
		kind := "map"
		if ty.IsObjectType() {
			kind = "object"
		}
		attrs := map[string]interface{}{}
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			attrs[k.AsString()] = enc(e)
		}
		return map[string]interface{}{kind: attrs, "type": typeJSON(ty)}
	}
	panic(fmt.Sprintf("unsupported value of type %#v", ty))
}

func encDefaults(d *typeexpr.Defaults) interface{} {
	if d == nil {
		return nil
	}
	values := map[string]interface{}{}
	for k, v := range d.DefaultValues {
		values[k] = enc(v)
	}
	children := map[string]interface{}{}
	for k, c := range d.Children {
		children[k] = encDefaults(c)
	}
	return map[string]interface{}{"type": typeJSON(d.Type), "values": values, "children": children}
}

func apply(d *typeexpr.Defaults, v cty.Value) (out interface{}, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprint(r)
			panicked = true
		}
	}()
	if d == nil {
		return enc(v), false
	}
	return enc(d.Apply(v)), false
}

// readType is TypeConstraintWithDefaults, recording a panic (the reference panics on some
// repeated attribute names) as its message.
func readType(expr hcl.Expression) (ty cty.Type, d *typeexpr.Defaults, ds hcl.Diagnostics, panicMsg string) {
	defer func() {
		if r := recover(); r != nil {
			panicMsg = fmt.Sprint(r)
		}
	}()
	ty, d, ds = typeexpr.TypeConstraintWithDefaults(expr)
	return
}

// typeExpr parses a case's type expression: native syntax, or with "json" the attribute "t"
// of a JSON document {"t": TYPE_EXPR}.
func typeExpr(c typeCase) hcl.Expression {
	if !c.JSON {
		expr, ds := hclsyntax.ParseExpression([]byte(c.Type), "type.hcl", hcl.Pos{Line: 1, Column: 1, Byte: 0})
		if ds.HasErrors() {
			panic(fmt.Sprintf("%s: %s", c.Type, ds))
		}
		return expr
	}
	doc, err := json.Marshal(map[string]string{"t": c.Type})
	if err != nil {
		panic(err)
	}
	f, ds := hcljson.Parse(doc, "type.json")
	if ds.HasErrors() {
		panic(fmt.Sprintf("%s: %s", doc, ds))
	}
	attrs, ds := f.Body.JustAttributes()
	if ds.HasErrors() {
		panic(fmt.Sprintf("%s: %s", doc, ds))
	}
	return attrs["t"].Expr
}

func main() {
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var cases []typeCase
	if err := json.Unmarshal(src, &cases); err != nil {
		panic(err)
	}
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{
		"unknown":        cty.DynamicVal,
		"unknown_string": cty.UnknownVal(cty.String),
	}}
	var out []interface{}
	for _, c := range cases {
		expr := typeExpr(c)
		ty, defaults, ds, panicMsg := readType(expr)
		if panicMsg != "" {
			out = append(out, map[string]interface{}{"type_expr": c.Type, "json": c.JSON, "type_panic": panicMsg})
			continue
		}
		result := map[string]interface{}{
			"type_expr":   c.Type,
			"json":        c.JSON,
			"type":        typeJSON(ty),
			"type_string": typeexpr.TypeString(ty),
			"defaults":    encDefaults(defaults),
			"diagnostics": diags(ds),
		}
		values := []interface{}{}
		for _, vc := range c.Values {
			vexpr, ds := hclsyntax.ParseExpression([]byte(vc.Expr), "value.hcl", hcl.Pos{Line: 1, Column: 1, Byte: 0})
			if ds.HasErrors() {
				panic(fmt.Sprintf("%s: %s", vc.Expr, ds))
			}
			v, ds := vexpr.Value(ctx)
			if ds.HasErrors() {
				panic(fmt.Sprintf("%s: %s", vc.Expr, ds))
			}
			if vc.As != "" {
				aexpr, _ := hclsyntax.ParseExpression([]byte(vc.As), "as.hcl", hcl.Pos{Line: 1, Column: 1, Byte: 0})
				aty, ds := typeexpr.TypeConstraint(aexpr)
				if ds.HasErrors() {
					panic(fmt.Sprintf("%s: %s", vc.As, ds))
				}
				v, err = convert.Convert(v, aty)
				if err != nil {
					panic(fmt.Sprintf("%s as %s: %s", vc.Expr, vc.As, err))
				}
			}
			r := map[string]interface{}{"expr": vc.Expr, "as": vc.As, "input": enc(v)}
			applied, panicked := apply(defaults, v)
			if panicked {
				r["apply_panic"] = applied
			} else {
				r["applied"] = applied
				in := v
				if defaults != nil {
					in = defaults.Apply(v)
				}
				conv, err := convert.Convert(in, ty)
				if err != nil {
					r["error"] = err.Error()
				} else {
					r["converted"] = enc(conv)
				}
			}
			values = append(values, r)
		}
		result["values"] = values
		out = append(out, result)
	}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		panic(err)
	}
	os.Stdout.Write(b)
	os.Stdout.WriteString("\n")
}
