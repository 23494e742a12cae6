// dyndecode: decodes an HCL file with the reference's hcldec after expanding its "dynamic"
// blocks (hashicorp/hcl v2.14.1 ext/dynblock + hcldec, go-cty v1.12.1), and prints the result
// as JSON, so hclkit's tests can compare against it without Go. The reference's hcldec command
// does not expand dynamic blocks; this program does what it does otherwise, with Expand added.
//
//	dyndecode FILE.hcl     (reads the spec from FILE.hcldec)
//
// The spec file is loaded with the reference hcldec command's own loader: the build copies
// spec.go, spec_funcs.go and type_expr.go from the packaged cmd/hcldec next to this file
// (see ../record.sh). Header comments `# vars: {JSON object}` and `# unknown: name[:type],...`
// add variables. Output: {"value": V, "type": T, "diagnostics": [...], "variables": [...]}
// with V encoded as hcleval does (unknowns as {"$unknown": TYPE}), and "variables" the
// traversals dynblock.VariablesHCLDec finds (source form and range, sorted).
package main

import (
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
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// The parser the copied spec loader uses.
var parser = hclparse.NewParser()

func main() {
	file := os.Args[1]
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	spec, diags := loadSpecFile(strings.TrimSuffix(file, ".hcl") + ".hcldec")
	if diags.HasErrors() {
		fmt.Fprintln(os.Stderr, "spec:", diags.Error())
		os.Exit(2)
	}
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{}, Functions: map[string]function.Function{}}
	for k, v := range spec.Variables {
		ctx.Variables[k] = v
	}
	for k, f := range spec.Functions {
		ctx.Functions[k] = f
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
	name := file[strings.LastIndex(file, "/")+1:]
	f, pdiags := hclparse.NewParser().ParseHCL(src, name)
	all := append(hcl.Diagnostics{}, pdiags...)
	val, ddiags := hcldec.Decode(dynblock.Expand(f.Body, ctx), spec.RootSpec, ctx)
	all = append(all, ddiags...)
	vars := []string{}
	for _, t := range dynblock.VariablesHCLDec(f.Body, spec.RootSpec) {
		vars = append(vars, traversalString(t))
	}
	sort.Strings(vars)
	t, _ := ctyjson.MarshalType(val.Type())
	out := map[string]interface{}{
		"value":       json.RawMessage(encode(val)),
		"type":        json.RawMessage(t),
		"diagnostics": diagsJSON(all),
		"variables":   vars,
	}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		panic(err)
	}
	os.Stdout.Write(append(b, '\n'))
}

func rng(r hcl.Range) string {
	return fmt.Sprintf("%s:%d,%d(%d)-%d,%d(%d)", r.Filename, r.Start.Line, r.Start.Column, r.Start.Byte, r.End.Line, r.End.Column, r.End.Byte)
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
