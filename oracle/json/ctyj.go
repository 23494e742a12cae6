package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

func fmtPath(p cty.Path) string {
	var b strings.Builder
	for _, s := range p {
		switch s := s.(type) {
		case cty.GetAttrStep:
			b.WriteString("." + s.Name)
		case cty.IndexStep:
			if !s.Key.IsKnown() {
				b.WriteString("[...]")
			} else if s.Key.Type() == cty.String {
				fmt.Fprintf(&b, "[%q]", s.Key.AsString())
			} else if s.Key.Type() == cty.Number {
				b.WriteString("[" + s.Key.AsBigFloat().Text('f', -1) + "]")
			} else {
				b.WriteString("[?]")
			}
		}
	}
	return b.String()
}

func fail(err error) {
	if pe, ok := err.(cty.PathError); ok {
		fmt.Printf("ERR path=%q msg=%q\n", fmtPath(pe.Path), pe.Error())
	} else {
		fmt.Printf("ERR path=%q msg=%q\n", "", err.Error())
	}
}

func main() {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("PANIC %v\n", r)
		}
	}()
	if os.Args[1] == "batch" {
		batch()
		return
	}
	in, _ := io.ReadAll(os.Stdin)
	run(os.Args[1], os.Args[2:], in)
}

func batch() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var c []string
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			panic(err)
		}
		in, _ := base64.StdEncoding.DecodeString(c[2])
		args := []string{}
		if c[1] != "" {
			args = append(args, c[1])
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					fmt.Printf("PANIC %v\n", r)
				}
			}()
			run(c[0], args, in)
		}()
	}
}

func run(mode string, args []string, in []byte) {
	os.Args = append([]string{"ctyj", mode}, args...)
	switch os.Args[1] {
	case "unmarshal": // arg2: type JSON
		t, err := ctyjson.UnmarshalType([]byte(os.Args[2]))
		if err != nil {
			panic(err)
		}
		v, err := ctyjson.Unmarshal(in, t)
		if err != nil {
			fail(err)
			return
		}
		out, err := ctyjson.Marshal(v, cty.DynamicPseudoType)
		if err != nil {
			fail(err)
			return
		}
		fmt.Printf("OK %s\n", out)
	case "implied":
		t, err := ctyjson.ImpliedType(in)
		if err != nil {
			fail(err)
			return
		}
		out, _ := ctyjson.MarshalType(t)
		fmt.Printf("OK %s\n", out)
	case "type":
		t, err := ctyjson.UnmarshalType(in)
		if err != nil {
			fail(err)
			return
		}
		out, _ := ctyjson.MarshalType(t)
		fmt.Printf("OK %s\n", out)
	case "marshal": // stdin: dynamic-wrapped value; arg2: want type
		v, err := ctyjson.Unmarshal(in, cty.DynamicPseudoType)
		if err != nil {
			panic(err)
		}
		t, err := ctyjson.UnmarshalType([]byte(os.Args[2]))
		if err != nil {
			panic(err)
		}
		out, err := ctyjson.Marshal(v, t)
		if err != nil {
			fail(err)
			return
		}
		fmt.Printf("OK %s\n", out)
	}
}
