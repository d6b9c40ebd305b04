package boardfile

import (
	"fmt"
	"sort"
	"strings"
)

// Error is one problem in a board file: where it is and which key it is about.
type Error struct {
	File string // the file's name as given to Load or Parse
	Line int    // 1-based; 0 when the key is not written in the file (a missing key)
	Col  int    // 1-based; 0 when unknown
	Key  string // dotted, with array indices: "slots[3].cell"; empty for a syntax error
	Err  error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	b.WriteString(": ")
	if e.Key != "" {
		fmt.Fprintf(&b, "key %q: ", e.Key)
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// ErrorList is every problem found in a board file, in the order of the file where the
// lines are known. Its Error is one line per problem.
type ErrorList []*Error

func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap lets errors.As reach each problem.
func (l ErrorList) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// err returns l as an error: nil when it is empty.
func (l ErrorList) err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// sorted orders the problems by line, those without one last, keeping the order of
// problems on one line.
func (l ErrorList) sorted() ErrorList {
	line := func(e *Error) int {
		if e.Line == 0 {
			return int(^uint(0) >> 1)
		}
		return e.Line
	}
	sort.SliceStable(l, func(i, j int) bool { return line(l[i]) < line(l[j]) })
	return l
}
