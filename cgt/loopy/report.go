package loopy

// Report holds the fields of `mathgo eval --json` for one expression. A
// field is nil when it does not apply: mean, temperature and birthday for
// loopy values, stops for values that are not stoppers, everything but
// Result for a comparison.
type Report struct {
	Input           string  `json:"input"`
	Canonical       *string `json:"canonical,omitempty"`
	Outcome         *string `json:"outcome,omitempty"`
	LeftStop        *string `json:"leftStop,omitempty"`
	RightStop       *string `json:"rightStop,omitempty"`
	Mean            *string `json:"mean,omitempty"`
	Temperature     *string `json:"temperature,omitempty"`
	Birthday        *int64  `json:"birthday,omitempty"`
	IsNumber        *bool   `json:"isNumber,omitempty"`
	IsInfinitesimal *bool   `json:"isInfinitesimal,omitempty"`
	Onside          *string `json:"onside,omitempty"`
	Offside         *string `json:"offside,omitempty"`
	Result          *bool   `json:"result,omitempty"`
}

func ptr[T any](x T) *T { return &x }

// Report computes the report of an evaluation. The outcome class may need
// more work than the default budget allows (ErrBudget).
func (r Result) Report() (Report, error) {
	rep := Report{Input: r.Input}
	if r.IsComparison {
		rep.Result = ptr(r.Holds)
		return rep, nil
	}
	v := r.Value
	o, err := v.Outcome()
	if err != nil {
		return Report{}, err
	}
	rep.Canonical = ptr(v.String())
	rep.Outcome = ptr(o.String())
	if v.IsStopper() {
		if l, err := v.LeftStop(); err == nil {
			rep.LeftStop = ptr(l.String())
		}
		if rs, err := v.RightStop(); err == nil {
			rep.RightStop = ptr(rs.String())
		}
	}
	if x, ok := v.IsShort(); ok {
		rep.Mean = ptr(x.Mean().String())
		rep.Temperature = ptr(x.Temperature().String())
		rep.Birthday = ptr(x.Birthday())
		rep.IsNumber = ptr(x.IsNumber())
	} else {
		rep.IsNumber = ptr(false)
	}
	rep.IsInfinitesimal = ptr(v.IsInfinitesimal())
	on, off := v.sides()
	rep.Onside = ptr(printSide(on))
	rep.Offside = ptr(printSide(off))
	return rep, nil
}
