// Prints the simple case mappings of Go's unicode package (Unicode 13.0.0 in Go 1.19, the
// toolchain the reference was built with), which strings.ToUpper and strings.ToLower apply
// character by character: "CODEPOINT UPPER LOWER" in hex for each code point that changes.
// Used by gen_case_table.py.
//
//	go run gen_case_table.go > /tmp/case.txt
package main

import (
	"fmt"
	"unicode"
)

func main() {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		if u, l := unicode.ToUpper(r), unicode.ToLower(r); u != r || l != r {
			fmt.Printf("%x %x %x\n", r, u, l)
		}
	}
}
