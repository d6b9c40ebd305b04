package tbp_test

import (
	"fmt"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/tbp"
)

func ExampleDecode() {
	payload, err := tbp.Decode([]byte("F 7 FFFFFF01*1A41\r\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	seq, cells, err := tbp.ParseFrame(payload, 25, hw.Presence, nil)
	fmt.Println(seq, cells, err)

	_, err = tbp.Decode([]byte("F 7 FFFFFF01*1A42\n"))
	fmt.Println(err)
	// Output:
	// 7 [1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1] <nil>
	// tbp: bad checksum: the line says 1A42, its payload's CRC is 1A41: "F 7 FFFFFF01"
}

func ExampleAppendMsg() {
	for _, m := range []tbp.Msg{
		tbp.HelloQuery{},
		tbp.Lights{Colors: hw.LightFrame{{R: 255}, {G: 128}}},
		tbp.Brightness{Level: 96},
		tbp.Hello{Board: "tbp-4x4", Cells: 16, Kind: hw.Presence},
	} {
		line, _ := tbp.AppendMsg(nil, m)
		fmt.Printf("%q\n", line)
	}
	// Output:
	// "HELLO?*C851\n"
	// "L FF0000008000*E0CF\n"
	// "BRI 96*4C44\n"
	// "HELLO tbp/2 tbp-4x4 16 presence*7828\n"
}
