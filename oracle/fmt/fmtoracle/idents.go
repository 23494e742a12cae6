package main

// The reference scanner's identifier characters, observed: which byte sequences of two to
// four bytes it takes as one character of an identifier (ID_Start, at the start, or
// ID_Continue, after it). Its tables accept more than UTF-8 (continuation bytes of any value
// in places, e.g. "\xe5" and any two bytes) and follow an older Unicode version than Rust's,
// so hclkit's formatter matches identifiers with non-ASCII bytes with these tables.

import (
	"fmt"
	"io"
	"os"
	"sort"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// accepted reports whether buf, after its first pre bytes, is exactly one identifier token.
func accepted(buf []byte, pre int) bool {
	toks, _ := hclsyntax.LexConfig(buf, "", hcl.Pos{Line: 1, Column: 1})
	t := toks[0]
	return t.Type == hclsyntax.TokenIdent && t.Range.Start.Byte == pre && t.Range.End.Byte == len(buf)
}

type seq struct {
	b   [4]byte
	len int
}

// probe returns every sequence of the candidates that is accepted after prefix.
func probe(prefix string, cands func(emit func(seq))) []seq {
	var mu sync.Mutex
	var out []seq
	var wg sync.WaitGroup
	workers := 2
	pre := len(prefix)
	if prefix == "a" {
		pre = 0 // the identifier starts at the "a"
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			buf := make([]byte, 0, 8)
			var mine []seq
			i := 0
			cands(func(s seq) {
				i++
				if i%workers != w {
					return
				}
				buf = append(buf[:0], prefix...)
				buf = append(buf, s.b[:s.len]...)
				if accepted(buf, pre) {
					mine = append(mine, s)
				}
			})
			mu.Lock()
			out = append(out, mine...)
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	return out
}

// candidates: all 2- and 3-byte sequences with a lead byte of 0x80 or more, and 4-byte ones
// with a lead of 0xF0..0xF7 and a second byte 0x80..0xBF (plus a sample with other second
// bytes, which must find nothing).
func candidates(n int) func(func(seq)) {
	return func(emit func(seq)) {
		switch n {
		case 1:
			for b1 := 0x80; b1 <= 0xFF; b1++ {
				emit(seq{[4]byte{byte(b1)}, 1})
			}
		case 2:
			for b1 := 0x80; b1 <= 0xFF; b1++ {
				for b2 := 0; b2 <= 0xFF; b2++ {
					emit(seq{[4]byte{byte(b1), byte(b2)}, 2})
				}
			}
		case 3:
			for b1 := 0xC0; b1 <= 0xFF; b1++ {
				for b2 := 0; b2 <= 0xFF; b2++ {
					for b3 := 0; b3 <= 0xFF; b3++ {
						emit(seq{[4]byte{byte(b1), byte(b2), byte(b3)}, 3})
					}
				}
			}
		case 4:
			for b1 := 0xF0; b1 <= 0xF7; b1++ {
				for b2 := 0x80; b2 <= 0xBF; b2++ {
					for b3 := 0; b3 <= 0xFF; b3++ {
						for b4 := 0; b4 <= 0xFF; b4++ {
							emit(seq{[4]byte{byte(b1), byte(b2), byte(b3), byte(b4)}, 4})
						}
					}
				}
			}
			sample := []int{0x00, 0x20, 0x41, 0x7F, 0x80, 0x90, 0xA0, 0xBF, 0xC0, 0xFF}
			for b1 := 0xF0; b1 <= 0xF7; b1++ {
				for b2 := 0; b2 <= 0xFF; b2++ {
					if b2 >= 0x80 && b2 <= 0xBF {
						continue
					}
					for _, b3 := range sample {
						for _, b4 := range sample {
							emit(seq{[4]byte{byte(b1), byte(b2), byte(b3), byte(b4)}, 4})
						}
					}
				}
			}
		}
	}
}

// Language membership from atoms, for telling atoms from concatenations of shorter ones.
type lang struct {
	start bool // the language is "one start atom, then continue atoms"
	atoms map[string]bool
	cont  *lang
}

func asciiCont(b byte) bool {
	return b == '_' || b == '-' || (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')
}

func asciiStart(b byte) bool {
	return b == '_' || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')
}

// contStar: whether s is a sequence of continue atoms.
func (c *lang) contStar(s []byte) bool {
	ok := make([]bool, len(s)+1)
	ok[0] = true
	for i := 0; i < len(s); i++ {
		if !ok[i] {
			continue
		}
		if asciiCont(s[i]) {
			ok[i+1] = true
		}
		for k := 2; k <= 4 && i+k <= len(s); k++ {
			if c.atoms[string(s[i:i+k])] {
				ok[i+k] = true
			}
		}
	}
	return ok[len(s)]
}

// splits: whether s (accepted) is a shorter atom followed by more.
func (l *lang) splits(s []byte) bool {
	for i := 1; i < len(s); i++ {
		head, tail := s[:i], s[i:]
		var headOK bool
		if l.start {
			headOK = (len(head) == 1 && asciiStart(head[0])) || l.atoms[string(head)]
			if headOK && l.cont.contStar(tail) {
				return true
			}
		} else {
			headOK = (len(head) == 1 && asciiCont(head[0])) || l.atoms[string(head)]
			if headOK && l.contStar(tail) {
				return true
			}
		}
	}
	return false
}

func atoms(l *lang, prefix string) {
	for n := 1; n <= 4; n++ {
		found := probe(prefix, candidates(n))
		sort.Slice(found, func(i, j int) bool { return string(found[i].b[:found[i].len]) < string(found[j].b[:found[j].len]) })
		kept := 0
		for _, s := range found {
			b := s.b[:s.len]
			if n == 4 && (b[1] < 0x80 || b[1] > 0xBF) {
				die("a 4-byte identifier character with second byte %#x: widen the probe", b[1])
			}
			if !l.splits(b) {
				l.atoms[string(b)] = true
				kept++
			}
		}
		fmt.Fprintf(os.Stderr, "%d-byte: %d accepted, %d characters\n", n, len(found), kept)
	}
}

// rows compresses atoms of one length into rows of byte ranges [lo, hi] per position.
func rows(set map[string]bool, n int) [][8]byte {
	var list [][]byte
	for s := range set {
		if len(s) == n {
			list = append(list, []byte(s))
		}
	}
	sort.Slice(list, func(i, j int) bool { return string(list[i]) < string(list[j]) })
	type row [][2]byte
	// Only walk prefixes that exist.
	prefixes := map[string]bool{}
	for _, s := range list {
		for i := 1; i <= n; i++ {
			prefixes[string(s[:i])] = true
		}
	}
	var walk func(prefix []byte, depth int) []row
	walk = func(prefix []byte, depth int) []row {
		if depth == n {
			return []row{{}}
		}
		var out []row
		var prevKey string
		var prevRows []row
		start := -1
		flush := func(hi int) {
			for _, r := range prevRows {
				out = append(out, append(row{{byte(start), byte(hi)}}, r...))
			}
		}
		for b := 0; b <= 0x100; b++ {
			var sub []row
			key := ""
			if b <= 0xFF {
				p := append(append([]byte(nil), prefix...), byte(b))
				if prefixes[string(p)] {
					sub = walk(p, depth+1)
					key = fmt.Sprint(sub)
				}
			}
			if key != prevKey {
				if prevKey != "" {
					flush(b - 1)
				}
				prevKey, prevRows, start = key, sub, b
			}
		}
		return out
	}
	var out [][8]byte
	for _, r := range walk(nil, 0) {
		var e [8]byte
		for i, rg := range r {
			e[2*i], e[2*i+1] = rg[0], rg[1]
		}
		out = append(out, e)
	}
	return out
}

func writeTable(w io.Writer, name, doc string, set map[string]bool) {
	fmt.Fprintf(w, "/// %s\n", doc)
	fmt.Fprintf(w, "/// Rows of a length and a `(first, last)` byte range for each byte of the character.\n")
	fmt.Fprintf(w, "pub(super) static %s: &[(u8, [(u8, u8); 4])] = &[\n", name)
	for n := 1; n <= 4; n++ {
		for _, r := range rows(set, n) {
			fmt.Fprintf(w, "    (%d, [", n)
			for i := 0; i < 4; i++ {
				if i > 0 {
					fmt.Fprintf(w, ", ")
				}
				fmt.Fprintf(w, "(0x%02X, 0x%02X)", r[2*i], r[2*i+1])
			}
			fmt.Fprintf(w, "]),\n")
		}
	}
	fmt.Fprintf(w, "];\n")
}

func idents(out string) {
	cont := &lang{atoms: map[string]bool{}}
	atoms(cont, "a")
	start := &lang{start: true, atoms: map[string]bool{}, cont: cont}
	atoms(start, " ")
	f, err := os.Create(out)
	if err != nil {
		die("%s", err)
	}
	defer f.Close()
	fmt.Fprintf(f, "// Generated by oracle/fmt/record.sh (fmtoracle idents): the reference scanner's identifier\n")
	fmt.Fprintf(f, "// characters beyond ASCII, observed by lexing every 2- and 3-byte sequence with a lead byte\n")
	fmt.Fprintf(f, "// of 0x80 or more and every 4-byte one with a lead of 0xF0..0xF7. Do not edit.\n\n")
	writeTable(f, "ID_START", "Characters that start an identifier (besides ASCII letters and `_`).", start.atoms)
	fmt.Fprintf(f, "\n")
	writeTable(f, "ID_CONTINUE", "Characters that continue an identifier (besides ASCII letters, digits, `_` and `-`).", cont.atoms)
}
