// Package testpos builds the positions mathgo's tests share: boards drawn
// as rows of cells, small random positions, and the bundled position
// files of testdata/. It is for tests only.
package testpos
