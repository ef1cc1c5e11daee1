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

// MaxReportChars bounds the printed forms in a Report (see FormatLimit);
// a longer form is an ErrBudget error.
const MaxReportChars = 1 << 22

// Report computes the report of an evaluation. The outcome class may need
// more work than the default budget allows, and a printed form may be too
// long (ErrBudget).
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
	text, ok := v.FormatLimit(MaxReportChars)
	if !ok {
		return Report{}, ErrBudget
	}
	rep.Canonical = ptr(text)
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
	for _, f := range []struct {
		side *sideVal
		dst  **string
	}{{on, &rep.Onside}, {off, &rep.Offside}} {
		text, ok := (Value{on: f.side, off: f.side}).FormatLimit(MaxReportChars)
		if !ok {
			return Report{}, ErrBudget
		}
		*f.dst = ptr(text)
	}
	return rep, nil
}
