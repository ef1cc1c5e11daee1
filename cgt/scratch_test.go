package cgt

import "testing"

func TestScratch(t *testing.T) {
	for _, e := range []string{"conwayProduct(*4,*4)", "conwayProduct(*19,*23)", "conwayProduct(15,^^*2)", "conwayProduct({3|1},^^)", "conwayProduct(^^,^^)",
		"heat({3||2+*|1+*},*)", "nortonProduct(1/2,^)", "nortonProduct(^,^)", "nortonProduct(Tiny(2),^)", "nortonProduct(-4,^)",
		"overheat({3||2+*|1+*},*,1+*)", "overheat(7/16,0,0)", "pow(^,3)", "powTo(^,3)", "pow({0||0|-2},3)", "powTo({0||0|-2},3)", "powTo(+-1,3)",
		"{0|v*}", "{0,*|v}", "{^|*}", "{0,^*|0}", "heat(^^,*)", "{0|*||*|||*||||*}", "{0||0|v*}", "^[4]", "^<3>*", "2^[3]*2", "2^3", "2+^3", "5*{3||2|1}", "1:1",
		"{^^^|vv}.AtomicWeight", "^.Pow(3)", "{^^^|vv}.Incentives", "{3||2|1}.LeftOptions", "0.IsInfinitesimal", "*.IsOddTempered", "{1|*}.IsAtomic", "{1|-1}.AtomicWeight", "3^22/2^72", "(1+pow(^,2)+*4)+(1+pow(^,2)+*4)+(1+pow(^,2)+*4)",
		"{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}.Incentives", "companion(^)", "rcf({3||2*|1*})", "^.Followers"} {
		v, err := Eval(e)
		if err != nil {
			t.Logf("%s: ERR %v", e, err)
			continue
		}
		switch {
		case v.IsComparison:
			t.Logf("%s = %v", e, v.Bool)
		case v.IsSet:
			t.Logf("%s = %v", e, v.Set)
		default:
			t.Logf("%s = %v", e, v.Game)
		}
	}
}
