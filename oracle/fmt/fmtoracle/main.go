// fmtoracle: the reference formatter (hashicorp/hcl v2.14.1 hclwrite.Format, which is all that
// the reference hclfmt command runs on a file) over many files at once, and the generator of
// the formatter's differential test cases.
//
//	fmtoracle format IN OUT     format IN (a file, or every file under a directory) to OUT
//	                            (a file, or the same relative paths under a directory)
//	fmtoracle record DIR        for every NAME.in under DIR, write the formatted NAME.want
//	fmtoracle tokens FILE       print the reference scanner's tokens: type, start and end byte
//	fmtoracle table TEST.go DIR write the cases of the reference's TestFormat table (its
//	                            format_test.go) as DIR/NNN.in and DIR/NNN.want, checking that
//	                            Format gives each case's expected output
//	fmtoracle idents OUT.rs     write the reference scanner's identifier characters beyond
//	                            ASCII, observed by lexing byte sequences, as a Rust table
//	fmtoracle graphemes OUT.rs  write the sequences that are not UTF-8 which the reference's
//	                            grapheme segmenter takes as characters, with their classes
//	fmtoracle gen -seed S -variants N -damaged N OUT FILE|@LIST...
//	                            for each FILE, N variants with the whitespace between tokens
//	                            redrawn at random (re-lexed: the token sequence is unchanged) and
//	                            N damaged copies (truncated, bytes flipped, deleted, duplicated,
//	                            brackets, quotes and template or heredoc openers inserted), as
//	                            OUT/<i>-ws<k>.hcl and OUT/<i>-dmg<k>.hcl
//
// Build in GOPATH mode against Debian's packaged reference sources (see ../record.sh):
//
//	GOPATH=/usr/share/gocode GO111MODULE=off GOFLAGS= go build -o /tmp/fmtoracle .
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
)

func die(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "fmtoracle: "+format+"\n", args...)
	os.Exit(1)
}

func main() {
	if len(os.Args) < 2 {
		die("usage: fmtoracle format|tokens|table|gen ...")
	}
	switch os.Args[1] {
	case "format":
		if len(os.Args) != 4 {
			die("usage: fmtoracle format IN OUT")
		}
		formatTree(os.Args[2], os.Args[3])
	case "tokens":
		if len(os.Args) != 3 {
			die("usage: fmtoracle tokens FILE")
		}
		src, err := os.ReadFile(os.Args[2])
		if err != nil {
			die("%s", err)
		}
		toks, _ := hclsyntax.LexConfig(src, "", hcl.Pos{Byte: 0, Line: 1, Column: 1})
		for _, t := range toks {
			fmt.Printf("%s %d %d %q\n", t.Type, t.Range.Start.Byte, t.Range.End.Byte, t.Bytes)
		}
	case "table":
		if len(os.Args) != 4 {
			die("usage: fmtoracle table format_test.go DIR")
		}
		table(os.Args[2], os.Args[3])
	case "gen":
		gen(os.Args[2:])
	case "record":
		if len(os.Args) != 3 {
			die("usage: fmtoracle record DIR")
		}
		record(os.Args[2])
	case "graphemes":
		if len(os.Args) != 3 {
			die("usage: fmtoracle graphemes OUT.rs")
		}
		graphemes(os.Args[2])
	case "idents":
		if len(os.Args) != 3 {
			die("usage: fmtoracle idents OUT.rs")
		}
		idents(os.Args[2])
	default:
		die("unknown command %q", os.Args[1])
	}
}

func formatTree(in, out string) {
	st, err := os.Stat(in)
	if err != nil {
		die("%s", err)
	}
	if !st.IsDir() {
		formatFile(in, out)
		return
	}
	err = filepath.Walk(in, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if !info.Mode().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(in, path)
		if err != nil {
			return err
		}
		formatFile(path, filepath.Join(out, rel))
		return nil
	})
	if err != nil {
		die("%s", err)
	}
}

func record(dir string) {
	n := 0
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if info.Mode().IsRegular() && strings.HasSuffix(path, ".in") {
			formatFile(path, strings.TrimSuffix(path, ".in")+".want")
			n++
		}
		return nil
	})
	if err != nil {
		die("%s", err)
	}
	fmt.Fprintf(os.Stderr, "%s: %d cases recorded\n", dir, n)
}

func formatFile(in, out string) {
	src, err := os.ReadFile(in)
	if err != nil {
		die("%s", err)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0755); err != nil {
		die("%s", err)
	}
	if err := os.WriteFile(out, hclwrite.Format(src), 0644); err != nil {
		die("%s", err)
	}
}

// table reads the input/want pairs of TestFormat from the reference's format_test.go.
func table(testFile, dir string) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, testFile, nil, 0)
	if err != nil {
		die("%s", err)
	}
	var cases [][2]string
	ast.Inspect(f, func(n ast.Node) bool {
		fn, ok := n.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "TestFormat" {
			return true
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || len(lit.Elts) != 2 {
				return true
			}
			var pair [2]string
			for i, e := range lit.Elts {
				b, ok := e.(*ast.BasicLit)
				if !ok || b.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(b.Value)
				if err != nil {
					die("%s", err)
				}
				pair[i] = s
			}
			cases = append(cases, pair)
			return false
		})
		return false
	})
	if len(cases) < 50 {
		die("only %d cases found in %s", len(cases), testFile)
	}
	if err := os.MkdirAll(dir, 0755); err != nil {
		die("%s", err)
	}
	for i, c := range cases {
		got := string(hclwrite.Format([]byte(c[0])))
		if got != c[1] {
			die("case %d: Format gives %q, the table wants %q", i, got, c[1])
		}
		name := filepath.Join(dir, fmt.Sprintf("%03d", i))
		if err := os.WriteFile(name+".in", []byte(c[0]), 0644); err != nil {
			die("%s", err)
		}
		if err := os.WriteFile(name+".want", []byte(c[1]), 0644); err != nil {
			die("%s", err)
		}
	}
	fmt.Fprintf(os.Stderr, "%d cases\n", len(cases))
}

func lex(src []byte) hclsyntax.Tokens {
	toks, _ := hclsyntax.LexConfig(src, "", hcl.Pos{Byte: 0, Line: 1, Column: 1})
	return toks
}

func sameTokens(a, b hclsyntax.Tokens) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Type != b[i].Type || !bytes.Equal(a[i].Bytes, b[i].Bytes) {
			return false
		}
	}
	return true
}

func blanks(r *rand.Rand, min, max int) []byte {
	n := min + r.Intn(max-min+1)
	out := make([]byte, n)
	for i := range out {
		if r.Intn(5) == 0 {
			out[i] = '\t'
		} else {
			out[i] = ' '
		}
	}
	return out
}

func endsLine(t hclsyntax.Token) bool {
	return t.Type == hclsyntax.TokenNewline ||
		(t.Type == hclsyntax.TokenComment && len(t.Bytes) > 0 && t.Bytes[len(t.Bytes)-1] == '\n')
}

// redraw gives every run of blanks between tokens a new random length (never zero), and adds
// blanks at the start and end of some lines, keeping the tokens as they were.
func redraw(r *rand.Rand, src []byte) ([]byte, bool) {
	toks := lex(src)
	var out bytes.Buffer
	last := 0
	// A leading byte order mark is not a token.
	if len(toks) > 0 {
		last = len(src) - len(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf")))
		out.Write(src[:last])
	}
	intensity := r.Intn(4)
	for i, t := range toks {
		start, end := t.Range.Start.Byte, t.Range.End.Byte
		if start < last || end < start || end > len(src) {
			return nil, false
		}
		gap := src[last:start]
		var prev *hclsyntax.Token
		if i > 0 {
			prev = &toks[i-1]
		}
		switch {
		case len(gap) > 0 && !bytes.ContainsAny(gap, "\r\n") && r.Intn(4) <= intensity:
			out.Write(blanks(r, 1, 6))
		case len(gap) == 0 && (prev == nil || endsLine(*prev)) && r.Intn(6) <= intensity:
			out.Write(blanks(r, 0, 9))
		case len(gap) == 0 && (t.Type == hclsyntax.TokenNewline || t.Type == hclsyntax.TokenEOF) &&
			prev != nil && prev.Type != hclsyntax.TokenCHeredoc && r.Intn(8) <= intensity:
			out.Write(blanks(r, 1, 3))
		default:
			out.Write(gap)
		}
		out.Write(src[start:end])
		last = end
	}
	out.Write(src[last:])
	variant := out.Bytes()
	return variant, sameTokens(toks, lex(variant))
}

var inserts = []string{
	"{", "}", "[", "]", "(", ")", "\"", "${", "%{", "~}", "}}", "<<EOT\n", "<<-EOT\n", "EOT\n",
	"/*", "*/", "#", "//", "\n", "\r\n", "\r", "=", "==", "\t", " ", "\\", "$", "%", ",", ":",
	"?", "-", "!", ".", "...", "=>", "in", "for", "if", "endif", "\xff", "\xc3", "é", "👍🏽",
}

func damage(r *rand.Rand, src []byte) []byte {
	out := append([]byte(nil), src...)
	for n := 1 + r.Intn(4); n > 0; n-- {
		at := 0
		if len(out) > 0 {
			at = r.Intn(len(out) + 1)
		}
		switch r.Intn(7) {
		case 0: // truncate
			out = out[:at]
		case 1: // flip a byte
			if at < len(out) {
				if r.Intn(2) == 0 {
					out[at] = byte(r.Intn(256))
				} else {
					out[at] = inserts[r.Intn(len(inserts))][0]
				}
			}
		case 2: // delete a few bytes
			end := at + 1 + r.Intn(8)
			if end > len(out) {
				end = len(out)
			}
			out = append(out[:at], out[end:]...)
		case 3, 4: // insert something structural
			ins := []byte(inserts[r.Intn(len(inserts))])
			out = append(out[:at], append(ins, out[at:]...)...)
		case 5: // duplicate a line
			s := bytes.LastIndexByte(out[:at], '\n') + 1
			e := bytes.IndexByte(out[at:], '\n')
			if e < 0 {
				e = len(out)
			} else {
				e += at + 1
			}
			line := append([]byte(nil), out[s:e]...)
			out = append(out[:e], append(line, out[e:]...)...)
		case 6: // delete a line
			s := bytes.LastIndexByte(out[:at], '\n') + 1
			e := bytes.IndexByte(out[at:], '\n')
			if e < 0 {
				e = len(out)
			} else {
				e += at + 1
			}
			out = append(out[:s], out[e:]...)
		}
	}
	return out
}

func gen(args []string) {
	fs := flag.NewFlagSet("gen", flag.ExitOnError)
	seed := fs.Int64("seed", 1, "random seed")
	variants := fs.Int("variants", 1, "whitespace variants per file")
	damaged := fs.Int("damaged", 1, "damaged copies per file")
	fs.Parse(args)
	if fs.NArg() < 2 {
		die("usage: fmtoracle gen [-seed S] [-variants N] [-damaged N] OUT FILE...")
	}
	out := fs.Arg(0)
	var files []string
	for _, a := range fs.Args()[1:] {
		// @LIST: the files named in LIST, one per line.
		if strings.HasPrefix(a, "@") {
			data, err := os.ReadFile(a[1:])
			if err != nil {
				die("%s", err)
			}
			for _, l := range strings.Split(string(data), "\n") {
				if l != "" {
					files = append(files, l)
				}
			}
			continue
		}
		files = append(files, a)
	}
	sort.Strings(files)
	if err := os.MkdirAll(out, 0755); err != nil {
		die("%s", err)
	}
	r := rand.New(rand.NewSource(*seed))
	written, rejected := 0, 0
	for i, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			die("%s", err)
		}
		for k := 0; k < *variants; k++ {
			v, ok := redraw(r, src)
			if !ok {
				rejected++
				continue
			}
			name := filepath.Join(out, fmt.Sprintf("%05d-ws%d.hcl", i, k))
			if err := os.WriteFile(name, v, 0644); err != nil {
				die("%s", err)
			}
			written++
		}
		for k := 0; k < *damaged; k++ {
			d := damage(r, src)
			if r.Intn(2) == 0 {
				if v, ok := redraw(r, d); ok {
					d = v
				}
			}
			name := filepath.Join(out, fmt.Sprintf("%05d-dmg%d.hcl", i, k))
			if err := os.WriteFile(name, d, 0644); err != nil {
				die("%s", err)
			}
			written++
		}
	}
	fmt.Fprintf(os.Stderr, "%d cases written (%d whitespace variants changed the tokens and were dropped)\n", written, rejected)
}
