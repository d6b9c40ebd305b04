package tbp_test

import (
	"fmt"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/tbp"
)

func ExampleDecode() {
	payload, err := tbp.Decode([]byte("F 7 FFFFFF01*70\r\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	seq, cells, err := tbp.ParseFrame(payload, 25, hw.Presence, nil)
	fmt.Println(seq, cells, err)

	_, err = tbp.Decode([]byte("F 7 FFFFFF01*71\n"))
	fmt.Println(err)
	// Output:
	// 7 [1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1] <nil>
	// tbp: bad checksum: the line says 71, its payload XORs to 70: "F 7 FFFFFF01"
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
	// "HELLO?*7D\n"
	// "L FF0000008000*64\n"
	// "BRI 96*76\n"
	// "HELLO tbp/1 tbp-4x4 16 presence*17\n"
}
