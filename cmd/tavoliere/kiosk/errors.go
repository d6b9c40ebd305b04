package kiosk

import "errors"

// ErrConflict marks a command about a game that is not the one being played.
var ErrConflict = errors.New("conflict")

// ErrBadRequest marks a malformed command.
var ErrBadRequest = errors.New("bad request")

// ErrNotFound marks a command for something the board does not have.
var ErrNotFound = errors.New("not found")

// CodedError is a command's error with a code the page words in its language (words.js
// 'why:<code>') and its arguments; Error stays the English, for the API's other callers.
type CodedError struct {
	err  error
	code string
	args map[string]string
}

func (e *CodedError) Error() string { return e.err.Error() }
func (e *CodedError) Unwrap() error { return e.err }

// Coded gives err a code and arguments, name and value pairs, for the page.
func Coded(err error, code string, args ...string) error {
	e := &CodedError{err: err, code: code}
	for i := 0; i+1 < len(args); i += 2 {
		if e.args == nil {
			e.args = map[string]string{}
		}
		e.args[args[i]] = args[i+1]
	}
	return e
}
