// record: prints what the reference implementation (hashicorp/hcl v2, hclsyntax) makes of a file,
// as JSON, so hclkit's tests can compare against it without Go.
//
//	record [-mode config|expr|template] [-tokens] FILE...
//
// Prints one JSON object per file: {"file": ..., "diagnostics": [...], "tokens": [...]}.
// Build (GOPATH mode against Debian's packaged reference sources):
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/hclrecord ./main.go
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

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

type tokJSON struct {
	Type  string    `json:"type"`
	Range rangeJSON `json:"range"`
}

type outJSON struct {
	File        string     `json:"file"`
	Diagnostics []diagJSON `json:"diagnostics"`
	Tokens      []tokJSON  `json:"tokens,omitempty"`
}

func conv(r *hcl.Range) *rangeJSON {
	if r == nil {
		return nil
	}
	return &rangeJSON{
		Start: posJSON{r.Start.Line, r.Start.Column, r.Start.Byte},
		End:   posJSON{r.End.Line, r.End.Column, r.End.Byte},
	}
}

func main() {
	mode := flag.String("mode", "config", "config, expr or template")
	tokens := flag.Bool("tokens", false, "also print the token stream")
	flag.Parse()
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	for _, name := range flag.Args() {
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		var diags hcl.Diagnostics
		var toks hclsyntax.Tokens
		switch *mode {
		case "config":
			_, diags = hclsyntax.ParseConfig(src, name, hcl.InitialPos)
			if *tokens {
				toks, _ = hclsyntax.LexConfig(src, name, hcl.InitialPos)
			}
		case "expr":
			_, diags = hclsyntax.ParseExpression(src, name, hcl.InitialPos)
			if *tokens {
				toks, _ = hclsyntax.LexExpression(src, name, hcl.InitialPos)
			}
		case "template":
			_, diags = hclsyntax.ParseTemplate(src, name, hcl.InitialPos)
			if *tokens {
				toks, _ = hclsyntax.LexTemplate(src, name, hcl.InitialPos)
			}
		default:
			fmt.Fprintln(os.Stderr, "unknown mode")
			os.Exit(2)
		}
		out := outJSON{File: name, Diagnostics: []diagJSON{}}
		for _, d := range diags {
			sev := "error"
			if d.Severity == hcl.DiagWarning {
				sev = "warning"
			}
			out.Diagnostics = append(out.Diagnostics, diagJSON{sev, d.Summary, d.Detail, conv(d.Subject), conv(d.Context)})
		}
		for _, t := range toks {
			r := t.Range
			out.Tokens = append(out.Tokens, tokJSON{t.Type.String(), *conv(&r)})
		}
		if err := enc.Encode(out); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
}
