package journal

import (
	"errors"
	"os"
	"syscall"
)

// datasync flushes f's data to the disk: fdatasync, which unlike fsync does not wait for
// its modification time, for a file whose size does not change.
func datasync(f *os.File) error {
	for {
		err := syscall.Fdatasync(int(f.Fd()))
		if !errors.Is(err, syscall.EINTR) {
			if err != nil {
				return &os.PathError{Op: "fdatasync", Path: f.Name(), Err: err}
			}
			return nil
		}
	}
}
