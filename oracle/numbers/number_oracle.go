// number_oracle evaluates small RPN programs over go-cty numbers and prints, for each input
// line, the line, a tab, and the result: "<Text('f',-1)> <prec> <String()>" for a number,
// "true"/"false" or an integer for the predicates, or "ERR <message>".
// It records the expectations of crates/hclkit-value/tests/it/number_diff.rs (see record.sh here).
//
// Tokens: p:<literal> (cty.ParseNumberVal), i:<int64> (cty.NumberIntVal),
// u:<uint64> (cty.NumberUIntVal), f:<16 hex digits> (cty.NumberFloatVal of those bits),
// z (cty.Zero), pinf/ninf (cty.PositiveInfinity/NegativeInfinity, the canonical values),
// binary add sub mul div rem, unary neg abs floor ceil int, and as last token optionally
// one of: cmp (prints -1/0/1), eq (cty equality), f64 (Float64 bits in hex), i64 (exact
// int64 or "none").
//
// Build: GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/number_oracle number_oracle.go
package main

import (
	"bufio"
	"fmt"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

func isNonCanonicalInf(v cty.Value) bool {
	return v.AsBigFloat().IsInf() && v != cty.PositiveInfinity && v != cty.NegativeInfinity
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func num(v cty.Value) string {
	f := v.AsBigFloat()
	return fmt.Sprintf("%s %d %s", f.Text('f', -1), f.Prec(), f.String())
}

func eval(line string) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprintf("PANIC %v", r)
		}
	}()
	var st []cty.Value
	pop := func() cty.Value {
		v := st[len(st)-1]
		st = st[:len(st)-1]
		return v
	}
	for _, tok := range strings.Fields(line) {
		switch {
		case strings.HasPrefix(tok, "p:"):
			v, err := cty.ParseNumberVal(tok[2:])
			if err != nil {
				return "ERR " + err.Error()
			}
			st = append(st, v)
		case strings.HasPrefix(tok, "i:"):
			n, _ := strconv.ParseInt(tok[2:], 10, 64)
			st = append(st, cty.NumberIntVal(n))
		case strings.HasPrefix(tok, "u:"):
			n, _ := strconv.ParseUint(tok[2:], 10, 64)
			st = append(st, cty.NumberUIntVal(n))
		case strings.HasPrefix(tok, "f:"):
			b, _ := strconv.ParseUint(tok[2:], 16, 64)
			st = append(st, cty.NumberFloatVal(math.Float64frombits(b)))
		case tok == "z":
			st = append(st, cty.Zero)
		case tok == "pinf":
			st = append(st, cty.PositiveInfinity)
		case tok == "ninf":
			st = append(st, cty.NegativeInfinity)
		case tok == "add" || tok == "sub" || tok == "mul" || tok == "div" || tok == "rem":
			b := pop()
			a := pop()
			var r cty.Value
			var err error
			switch tok {
			case "add":
				r, err = stdlib.Add(a, b)
			case "sub":
				r, err = stdlib.Subtract(a, b)
			case "mul":
				r, err = stdlib.Multiply(a, b)
			case "div":
				r, err = stdlib.Divide(a, b)
			case "rem":
				// A computed infinity modulo a finite nonzero number crashes cty;
				// hclkit returns an error of its own instead.
				if isNonCanonicalInf(a) && !b.AsBigFloat().IsInf() && b.AsBigFloat().Sign() != 0 {
					return "SKIP reference crashes"
				}
				r, err = stdlib.Modulo(a, b)
			}
			if err != nil {
				return "ERR " + firstLine(err.Error())
			}
			st = append(st, r)
		case tok == "neg" || tok == "abs" || tok == "floor" || tok == "ceil" || tok == "int":
			a := pop()
			var r cty.Value
			var err error
			switch tok {
			case "neg":
				r = a.Negate()
			case "abs":
				r = a.Absolute()
			case "floor":
				r, err = stdlib.Floor(a)
			case "ceil":
				r, err = stdlib.Ceil(a)
			case "int":
				if a.AsBigFloat().IsInf() {
					return "SKIP int of infinity"
				}
				r, err = stdlib.Int(a)
			}
			if err != nil {
				return "ERR " + err.Error()
			}
			st = append(st, r)
		case tok == "cmp":
			b := pop()
			a := pop()
			return strconv.Itoa(a.AsBigFloat().Cmp(b.AsBigFloat()))
		case tok == "eq":
			b := pop()
			a := pop()
			return strconv.FormatBool(a.Equals(b).True())
		case tok == "f64":
			f, _ := pop().AsBigFloat().Float64()
			return fmt.Sprintf("%016x", math.Float64bits(f))
		case tok == "i64":
			f := pop().AsBigFloat()
			if !f.IsInt() {
				return "none"
			}
			i, acc := f.Int64()
			if acc != big.Exact {
				return "none"
			}
			return strconv.FormatInt(i, 10)
		default:
			return "BADTOKEN " + tok
		}
	}
	if len(st) != 1 {
		return "BADSTACK"
	}
	return num(st[0])
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		line := in.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fmt.Fprintf(out, "%s\t%s\n", line, eval(line))
	}
}
