// Package cgt is mathgo's exact engine for short partizan games: the
// values of Go endgame tiles.
//
// It owns dyadic rationals (Dyadic: exact, int64 fast path, math/big
// beyond), canonical short games (Game: hash-consed, so equal values are
// the same Game and == is value equality), sums, negation, comparison and
// outcome classes, stops, incentives, thermograph walls (Trajectory, the
// one wall type of mathgo, with its arithmetic), mean and temperature
// (CGSuite's conventions for numbers), cooling, heating, chilling,
// Berlekamp's warming, atomic weight of all-small games, and the CGSuite
// notation for reading and printing values ({3||2*|1*}, 9/8*, ^3, vv*, +-1,
// Tiny(3/2), 73/16v9*8).
//
// Beyond sums and thermography it has CGSuite's other operations on
// short games (ops.go): Norton, Conway and nim products, ordinal sums,
// heating by games and overheating, companions, reduced canonical forms,
// uptimal powers (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n), read and printed),
// atomic weights of atomic games, parity and temper; and CGSuite's
// expression language with functions and methods (f(G), G.F), booleans and
// sets (G.IsNumberish, G.LeftOptions), n*G, G:H, named games and
// functions in an Env, and worksheets (SplitWorksheet, Env.Exec).
// ParseSwitchSum analyzes long sums of numbers and simple switches without
// their canonical form. docs/cgt.md describes the language.
//
// Games are built only through canonicalizing constructors (New, Number,
// Star, Up, Nus, Switch, Tiny, Parse ...), which delete dominated options
// and bypass reversible ones. Every game lives in one process-wide table,
// guarded by a mutex, with memoized sums and comparisons, in the style of
// CGSuite's CanonicalShortGameOps.
//
// Number + ups + nimber games x + ^u + *n have closed forms (named.go):
// they are built directly from their canonical forms (^u and *n in O(u)
// and O(n) games), and their sums, negatives, comparisons, stops,
// thermographs and birthdays take constant time; nimbers add by xor.
//
// Exactness: every value is exact or an error. Birthdays past int64 are
// exact through BirthdayBig (Birthday saturates and BirthdayInt64 says
// so). Long computations can be bounded: Within and WithinBudget stop a
// computation that adds too many games or takes too many steps, with
// ErrBudget, leaving the table consistent. The package knows nothing
// about Go.
package cgt
