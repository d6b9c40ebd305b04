//go:build !unix

package boardfile

import "errors"

func mkfifo(string) error { return errors.ErrUnsupported }
