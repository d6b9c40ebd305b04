package boardfile

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// pos is a place in a file: 1-based line and column.
type pos struct{ line, col int }

// positions knows where every key of a file is written, so that a problem found after
// decoding (a pin used twice, a count that does not add up) can name its line. Paths are
// dotted keys with array indices: "sensors.matrix.rows[2]", "slots[3].cell".
type positions struct {
	keys   map[string]pos // where each key (or table header) is written
	byKey  map[pos]string // the inverse of keys
	values map[pos]string // where each scalar value, array element or inline table starts
	shapes []shape        // every table header, and every key whose value is a table or an array
}

// A shape is how the file writes a key that holds tables: a [table] or [[array]] header,
// or an inline table or array value. checkShapes compares it with what the key takes.
type shape struct {
	key  string // as errors name it, with its parents' indices: "slots", "sensors.matrix"
	at   pos
	kind unstable.Kind // unstable.Table, ArrayTable, InlineTable or Array
}

// scanPositions walks the document with go-toml's parser. It stops quietly at a syntax
// error: the decoder reports that one.
func scanPositions(data []byte) *positions {
	ps := &positions{keys: map[string]pos{}, byKey: map[pos]string{}, values: map[pos]string{}}
	lines := []int{0} // offsets where lines start
	for i, c := range data {
		if c == '\n' {
			lines = append(lines, i+1)
		}
	}
	at := func(offset uint32) pos {
		o := int(offset)
		l := sort.Search(len(lines), func(i int) bool { return lines[i] > o }) - 1
		return pos{line: l + 1, col: o - lines[l] + 1}
	}
	var p unstable.Parser
	p.Reset(data)
	arrays := map[string]int{} // array-of-tables path (with its parents' indices) → elements so far
	table := ""
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			parts, first := keyParts(e)
			path := ""
			for i, part := range parts {
				path = join(path, part)
				last := i == len(parts)-1
				switch {
				case last && e.Kind == unstable.ArrayTable:
					ps.shapes = append(ps.shapes, shape{path, at(first.Raw.Offset), e.Kind})
					if _, seen := ps.keys[path]; !seen {
						ps.add(path, at(first.Raw.Offset))
					}
					n := arrays[path]
					arrays[path] = n + 1
					path = fmt.Sprintf("%s[%d]", path, n)
				case arrays[path] > 0:
					path = fmt.Sprintf("%s[%d]", path, arrays[path]-1)
				}
			}
			if e.Kind == unstable.Table {
				ps.shapes = append(ps.shapes, shape{path, at(first.Raw.Offset), e.Kind})
			}
			ps.add(path, at(first.Raw.Offset))
			table = path
		case unstable.KeyValue:
			ps.keyValue(table, e, at)
		}
	}
	return ps
}

func (ps *positions) add(path string, p pos) {
	if _, ok := ps.keys[path]; !ok {
		ps.keys[path] = p
		ps.byKey[p] = path
	}
}

// keyValue records a key-value expression under table, and inline tables and array
// elements below it.
func (ps *positions) keyValue(table string, kv *unstable.Node, at func(uint32) pos) {
	parts, first := keyParts(kv)
	path := table
	for _, part := range parts {
		path = join(path, part)
	}
	ps.add(path, at(first.Raw.Offset))
	if v := kv.Value(); v != nil && (v.Kind == unstable.InlineTable || v.Kind == unstable.Array) {
		ps.shapes = append(ps.shapes, shape{path, at(first.Raw.Offset), v.Kind})
	}
	ps.value(path, kv.Value(), at)
}

func (ps *positions) value(path string, v *unstable.Node, at func(uint32) pos) {
	if v == nil || !v.Valid() {
		return
	}
	if v.Raw.Length > 0 {
		p := at(v.Raw.Offset)
		if ps.values[p] == "" {
			ps.values[p] = path
		}
		if strings.HasSuffix(path, "]") { // an array element: its own line
			ps.add(path, p)
		}
	}
	switch v.Kind {
	case unstable.Array:
		it := v.Children()
		for i := 0; it.Next(); {
			n := it.Node()
			if n.Kind == unstable.Comment {
				continue
			}
			ps.value(fmt.Sprintf("%s[%d]", path, i), n, at)
			i++
		}
	case unstable.InlineTable:
		ps.add(path, at(v.Raw.Offset))
		it := v.Children()
		for it.Next() {
			if n := it.Node(); n.Kind == unstable.KeyValue {
				ps.keyValue(path, n, at)
			}
		}
	}
}

// keyParts returns the parts of a node's (possibly dotted) key and its first key node.
func keyParts(n *unstable.Node) ([]string, *unstable.Node) {
	var parts []string
	var first *unstable.Node
	it := n.Key()
	for it.Next() {
		k := it.Node()
		if first == nil {
			first = k
		}
		parts = append(parts, string(k.Data))
	}
	return parts, first
}

func join(path, part string) string {
	if path == "" {
		return part
	}
	return path + "." + part
}

// has reports whether path is written in the file.
func (ps *positions) has(path string) bool {
	_, ok := ps.keys[path]
	return ok
}

// find returns where path is written, or where its nearest written parent is (the table
// a missing key belongs in).
func (ps *positions) find(path string) pos {
	for path != "" {
		if p, ok := ps.keys[path]; ok {
			return p
		}
		path = parent(path)
	}
	return pos{}
}

// parent strips the last part of a path: "a.b[2]" → "a.b", "a.b" → "a".
func parent(path string) string {
	if strings.HasSuffix(path, "]") {
		if i := strings.LastIndexByte(path, '['); i >= 0 {
			return path[:i]
		}
	}
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[:i]
	}
	return ""
}
