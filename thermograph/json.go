package thermograph

// JSON is one thermograph as `thermograph --json` prints it
// (docs/json-contract.md): the walls' breakpoints as (temperature, value)
// pairs from t = -1 up to the mast point (temperature, mean). Every front
// end (the thermograph command, serve's page) writes this one shape.
type JSON struct {
	// Canonical is null for a long sum of switches whose canonical form
	// is too large to build (Thermograph.Reduced); Value then holds the
	// sum reduced (X +-h1 +-h2 ..., an expression equal to it).
	Canonical   *string     `json:"canonical"`
	Value       string      `json:"value,omitempty"`
	Mean        string      `json:"mean"`
	Temperature string      `json:"temperature"`
	Left        [][2]string `json:"left"`
	Right       [][2]string `json:"right"`
}

// JSON converts the thermograph to its JSON form.
func (th Thermograph) JSON() JSON {
	pairs := func(pts []Point) [][2]string {
		out := make([][2]string, len(pts))
		for i, p := range pts {
			out[i] = [2]string{p.T.String(), p.V.String()}
		}
		return out
	}
	j := JSON{Mean: th.Mean.String(), Temperature: th.Temperature.String(), Left: pairs(th.Left), Right: pairs(th.Right)}
	if th.Reduced {
		j.Value = th.Canonical
	} else {
		c := th.Canonical
		j.Canonical = &c
	}
	return j
}
