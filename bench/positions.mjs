// The positions of `ultima bench` (crates/cli/src/think.rs, BENCH_POSITIONS), for the wasm and
// Chromium timing scripts: the start, then nine middlegames.
export const BENCH_POSITIONS = [
  'clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1',
  'c1x1kxl1/lp3pp1/w6i/3pp2p/1PW3P1/L7/1P2PP1P/ILXK1X1C w 0 13',
  '2x1kxl1/4ppp1/w4l1i/p6p/1P4P1/4XW2/1P2PP1P/IL1K1X1C w 5 19',
  '1c1w1xli/pp1k2p1/2xl1P2/4p2p/P2P4/5P2/P6P/ILXKWXLC w 3 13',
  'c1xwk2i/4p1pp/1p1p4/2p5/l2P4/p1W1PCP1/PP3P1P/I1XK1X2 w 7 13',
  'c4x2/ppp1lk1p/P1w3l1/P2pi1p1/2PIpp2/X3LPWx/2KPP1PP/1L3X1C w 24 13',
  'clx1k1li/ppp2p2/LP4p1/W2P2wp/px6/X5LP/P3PP1P/I2K1X1C w 5 13',
  'c1x3l1/1lpp2kp/8/L1pPix2/P1PI1p2/5P2/PW2P2P/2XK1XL1 w 1 19',
  '3w4/1p3k1p/1p5p/1c2px1P/2WPi3/pP1CX1P1/P5I1/3K1X1l w 8 25',
  '1c2k1l1/pp2x2p/2x4p/P4P2/3P1w2/2I1i3/P1KX4/1L2WX1C w 2 25',
];

export const MIDDLEGAMES = BENCH_POSITIONS.slice(1);
