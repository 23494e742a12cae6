// gomath-oracle: generates arguments for go-cty's `log` and `pow` functions (and for the Go
// math routines they are built on, math.Log and math.Exp) and prints them with the
// reference's results as exact float64 bit patterns. hclkit-value's gomath module must give
// the same bits (crates/hclkit-value/src/stdlib/gomath.rs and its tests).
//
// Build (with the reference sources installed as for /work/shared/tools/hcleval), with the
// Go toolchain's default settings (GOAMD64=v1: no fused multiply-adds in pure Go code):
//
//	export GOPATH=/usr/share/gocode GO111MODULE=off GOFLAGS= GOCACHE=/tmp/gocache
//	go build -o /tmp/gomath-oracle ./main.go
//
// Usage: gomath-oracle [-seed S] [-n N]
//
// prints N random cases for each of `log` and `pow` and N/10 for each of `ln` and `exp`,
// after a fixed grid of special values (every pair of them for log and pow) and √2/2·2^k. The committed
// crates/hclkit-value/tests/data/gomath.want.txt is `gomath-oracle -seed 1 -n 20000` (recorded on amd64 with
// AVX and FMA, where math.Exp takes its FMA path; on other CPUs the reference itself gives
// other bits), and scripts/conformance re-records it and runs a fresh seed.
//
// Output, one case a line, every number as 16 hex digits of its IEEE 754 bits:
//
//	ln X R       R = math.Log(X)
//	exp X R      R = math.Exp(X)
//	log X B R    R = go-cty's stdlib.LogFunc on NumberFloatVal(X), NumberFloatVal(B)
//	pow X Y R    R = go-cty's stdlib.PowFunc on NumberFloatVal(X), NumberFloatVal(Y)
//
// where R is `nan` when go-cty fails because the float64 result is NaN (NumberFloatVal
// panics: it cannot hold a NaN). Lines starting with # are comments.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"os"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

var out = bufio.NewWriterSize(os.Stdout, 1<<16)

func hex(f float64) string { return fmt.Sprintf("%016x", math.Float64bits(f)) }

// callCty calls a go-cty number function on two float64 arguments; ok is false when the
// call failed because the float64 result is NaN (NumberFloatVal panics, and go-cty's
// function machinery turns the panic into an error carrying the goroutine's stack).
func callCty(f function.Function, a, b float64) (r float64, ok bool) {
	v, err := f.Call([]cty.Value{cty.NumberFloatVal(a), cty.NumberFloatVal(b)})
	if err != nil {
		if strings.HasPrefix(err.Error(), "panic in function implementation: Float.SetFloat64(NaN)") {
			return 0, false
		}
		fmt.Fprintf(os.Stderr, "unexpected error for %v, %v: %s\n", a, b, err)
		os.Exit(2)
	}
	r, acc := v.AsBigFloat().Float64()
	if acc != big.Exact {
		fmt.Fprintf(os.Stderr, "inexact result for %v, %v\n", a, b)
		os.Exit(2)
	}
	return r, true
}

// emit2 prints a log or pow case, checking that go-cty's result is the math package's.
func emit2(op string, x, y float64) {
	var f function.Function
	var want float64
	if op == "log" {
		f, want = stdlib.LogFunc, math.Log(x)/math.Log(y)
	} else {
		f, want = stdlib.PowFunc, math.Pow(x, y)
	}
	r, ok := callCty(f, x, y)
	switch {
	case !ok && math.IsNaN(want):
		fmt.Fprintf(out, "%s %s %s nan\n", op, hex(x), hex(y))
	case ok && math.Float64bits(r) == math.Float64bits(want):
		fmt.Fprintf(out, "%s %s %s %s\n", op, hex(x), hex(y), hex(r))
	default:
		fmt.Fprintf(os.Stderr, "go-cty's %s(%v, %v) = %v (ok %v) but math gives %v\n", op, x, y, r, ok, want)
		os.Exit(2)
	}
}

func emit1(op string, x float64) {
	r := math.Log(x)
	if op == "exp" {
		r = math.Exp(x)
	}
	fmt.Fprintf(out, "%s %s %s\n", op, hex(x), hex(r))
}

var rng *rand.Rand

func pick(xs []float64) float64 { return xs[rng.Intn(len(xs))] }

// special values: zeros, infinities, ±1, the ends of the ranges, subnormals, √2/2 (where log
// switches its reduction) and its neighbours, halves, and values HCL users write.
var special = []float64{
	0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), 1, -1, 2, -2, 0.5, -0.5, 1.5, -1.5, 3, 10, 0.1,
	math.E, math.Pi, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
	0x1p-1022, 0x1p-1023, 0x1.fffffffffffffp-1023, math.Nextafter(1, 2), math.Nextafter(1, 0), -math.Nextafter(1, 2),
	math.Sqrt2 / 2, math.Nextafter(math.Sqrt2/2, 1), math.Nextafter(math.Sqrt2/2, 0), math.Sqrt2,
	1 << 53, 1<<53 + 2, 1 << 63, -(1 << 63), 1 << 64, 1e300, -1e300, 1e-300, 1e-310, 709.78, -745.2,
	0x1.62e42fefa39efp9, 0x1.62e42fefa39fp9, -0x1.74385446d71c3p9, 7, -7, 1000, 1e6,
}

// anyFinite is a float64 with a uniformly random exponent field (so every binade is as likely
// as any other), random fraction and sign, never NaN or infinite.
func anyFinite() float64 {
	for {
		f := math.Float64frombits(rng.Uint64())
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f
		}
	}
}

func subnormal() float64 {
	return math.Float64frombits(rng.Uint64() & (1<<52 - 1))
}

// decimal is a short decimal number as configurations write them (1.5, 0.25, 2.718281828).
func decimal() float64 {
	digits := rng.Intn(12) + 1
	m := rng.Int63n(int64(math.Pow10(digits)))
	f, _ := strconv.ParseFloat(fmt.Sprintf("%de-%d", m, rng.Intn(digits+1)), 64)
	return f
}

// nearOne is 1 plus or minus a few ulps or a small random amount.
func nearOne() float64 {
	if rng.Intn(2) == 0 {
		x := 1.0
		for i, n := 0, rng.Intn(64)+1; i < n; i++ {
			if rng.Intn(2) == 0 {
				x = math.Nextafter(x, 2)
			} else {
				x = math.Nextafter(x, 0)
			}
		}
		return x
	}
	return 1 + (rng.Float64()-0.5)*math.Ldexp(1, -rng.Intn(50))
}

func powerOfTwo() float64 { return math.Ldexp(1, rng.Intn(2098)-1074) }

func integer() float64 {
	switch rng.Intn(3) {
	case 0:
		return float64(rng.Intn(41) - 20)
	case 1:
		return float64(rng.Int63n(2000) - 1000)
	default:
		return float64(rng.Int63() >> rng.Intn(63))
	}
}

// base is an argument of either function: positive mostly, any kind.
func base() float64 {
	var x float64
	switch rng.Intn(10) {
	case 0, 1, 2:
		x = math.Abs(anyFinite())
	case 3:
		x = decimal()
	case 4:
		x = nearOne()
	case 5:
		x = powerOfTwo()
	case 6:
		x = math.Abs(integer())
	case 7:
		x = subnormal()
	case 8:
		x = rng.Float64() * 100
	default:
		x = pick(special)
	}
	if rng.Intn(8) == 0 {
		x = -x
	}
	return x
}

// exponent is pow's second argument for a base x: integers small and huge, fractions (near
// ½, where pow moves the fraction to the integer part), and powers that bring the result near
// the overflow and underflow thresholds.
func exponent(x float64) float64 {
	switch rng.Intn(12) {
	case 0:
		return integer()
	case 1:
		return float64(rng.Intn(201) - 100)
	case 2:
		return decimal() * float64(1-2*rng.Intn(2))
	case 3:
		y := float64(rng.Intn(64)) + 0.5
		for i := rng.Intn(4); i > 0; i-- {
			y = math.Nextafter(y, math.Inf(2*rng.Intn(2)-1))
		}
		return y * float64(1-2*rng.Intn(2))
	case 4:
		return (rng.Float64() - 0.5) * 40
	case 5:
		return anyFinite()
	case 6, 7:
		// x^y near 2^1024, 2^-1022 or 2^-1074 (overflow, subnormal, underflow).
		l := math.Log2(math.Abs(x))
		if l == 0 || math.IsInf(l, 0) || math.IsNaN(l) {
			return pick(special)
		}
		t := pick([]float64{1024, 1023.5, -1022, -1074, -1075, 1000, -1000})
		y := t / l * (1 + (rng.Float64()-0.5)*math.Ldexp(1, -rng.Intn(50)))
		if rng.Intn(3) == 0 {
			y = math.Round(y)
		}
		return y
	case 8:
		return math.Ldexp(float64(rng.Int63()), rng.Intn(80)-50)
	case 9:
		return float64(rng.Int63()) * float64(int64(1)<<rng.Intn(12))
	case 10:
		return powerOfTwo()
	default:
		return pick(special)
	}
}

// expArg covers exp's range: mostly where its result is a finite non-zero number, with the
// overflow, subnormal and underflow boundaries and the halfway points of the k rounding.
func expArg() float64 {
	switch rng.Intn(8) {
	case 0, 1:
		return rng.Float64()*1460 - 750
	case 2:
		return (rng.Float64() - 0.5) * math.Ldexp(1, -rng.Intn(60))
	case 3:
		x := pick([]float64{0x1.62e42fefa39efp9, -0x1.6232bdd7abcd2p9, -0x1.74385446d71c3p9, -0x1.74910d52d3051p9})
		for i, n := 0, rng.Intn(40)-20; i != n; {
			if n > 0 {
				x, i = math.Nextafter(x, math.Inf(1)), i+1
			} else {
				x, i = math.Nextafter(x, math.Inf(-1)), i-1
			}
		}
		return x
	case 4:
		// (n + ½)·ln 2: x·log2(e) near a tie for the rounding of k.
		return (float64(rng.Intn(2100)-1075) + 0.5) * math.Ln2 * (1 + (rng.Float64()-0.5)*1e-15)
	case 5:
		return anyFinite()
	case 6:
		return decimal() * float64(1-2*rng.Intn(2))
	default:
		return pick(special)
	}
}

func main() {
	seed := flag.Int64("seed", 1, "random seed")
	n := flag.Int("n", 20000, "random cases for each of log and pow (a tenth of it for ln and exp)")
	flag.Parse()
	rng = rand.New(rand.NewSource(*seed))
	defer out.Flush()
	fmt.Fprintf(out, "# gomath-oracle -seed %d -n %d (go-cty v1.12.1, Go 1.19 amd64 math.Log/math.Exp/math.Pow)\n", *seed, *n)

	for _, x := range special {
		emit1("ln", x)
		emit1("exp", x)
		for _, y := range special {
			emit2("log", x, y)
			emit2("pow", x, y)
		}
	}
	// √2/2 · 2^k: where the assembly's reduction compares f1 <= √2/2 (the portable code, <),
	// which changes the result's last bit for some k.
	for k := -1074; k <= 1023; k++ {
		emit1("ln", math.Ldexp(math.Sqrt2/2, k))
	}
	for i := 0; i < *n/10; i++ {
		x := base()
		if rng.Intn(4) == 0 {
			x = anyFinite()
		}
		emit1("ln", x)
		emit1("exp", expArg())
	}
	for i := 0; i < *n; i++ {
		x := base()
		var b float64
		switch rng.Intn(4) {
		case 0:
			b = pick([]float64{2, 10, math.E, 3, 0.5, 16, 1, 1000})
		case 1:
			b = nearOne()
		default:
			b = base()
		}
		emit2("log", x, b)
	}
	for i := 0; i < *n; i++ {
		x := base()
		if rng.Intn(10) == 0 {
			x = nearOne()
		}
		emit2("pow", x, exponent(x))
	}
}
