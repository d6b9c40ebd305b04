//go:build !unix

package main

import (
	"io"
	"os"
)

// mapFile reads the first size bytes of f, where there is no mmap.
func mapFile(f *os.File, size int) ([]byte, func() error, error) {
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, nil, err
	}
	return data, func() error { return nil }, nil
}
