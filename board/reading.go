package board

// ReadingCmp orders points as a diagram is read: the top row first, each
// row from left to right. It returns a negative number when p comes
// before q, zero when they are the same point, and a positive number
// otherwise, as slices.SortFunc wants.
func (b *Board) ReadingCmp(p, q Point) int {
	pc, pr := b.Coords(p)
	qc, qr := b.Coords(q)
	if pr != qr {
		return qr - pr
	}
	return pc - qc
}
