package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/tavoliere/tavoliere/engine/quad"
)

// runQuadBook builds Quad's book (the value of every position with quad.BookPieces pieces,
// and the trap of every drawn one) and writes it. The service does not need it at run time: the book
// is built into the binary (engine/quad/book.bin); this is how that file is made.
func runQuadBook(ctx context.Context, args []string, stdout, _ io.Writer) error {
	fs := newFlags("quad-book")
	out := fs.String("out", "", "write the book to this file (engine/quad/book.bin in the source tree)")
	workers := fs.Int("workers", 0, "positions solved at once (0: one a core)")
	if err := parseFlags(fs, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	if *out == "" {
		return errors.New("quad-book: give -out FILE")
	}
	start := time.Now()
	last := start
	err := writeAside(*out, func(w io.Writer) error {
		return quad.BuildBook(ctx, w, *workers, func(done, total int) {
			if done == total || time.Since(last) >= 10*time.Second {
				last = time.Now()
				fmt.Fprintf(stdout, "%6d of %d positions solved, %v\n", done, total, time.Since(start).Round(time.Second))
			}
		})
	})
	if err != nil {
		return fmt.Errorf("quad-book: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s in %v\n", *out, time.Since(start).Round(time.Second))
	return nil
}
