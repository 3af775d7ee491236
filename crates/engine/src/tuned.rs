//! The evaluation's weights fitted to self-play games (`EvalParams::tuned`). Generated: do not edit;
//! re-running the commands below makes this file again.
//!
//! ```sh
//! ultima datagen --games 14000 --seed 1 --nodes 4000 --plies-random 8 --max-plies 300 --out /work/data/train.txt
//! ultima tune --data /work/data/train.txt --iterations 2000 --out crates/engine/src/tuned.rs
//! ```
//!
//! 1245308 positions, K = 0.528197, 264 weights fitted; mean squared error 0.140603 with the hand-set
//! weights, 0.126173 with these.

use crate::params::Weight;

/// By [`Weight::index`].
#[rustfmt::skip]
pub(crate) const WEIGHTS: [i32; Weight::COUNT] = [
    0, // value king
    372, // value withdrawer
    487, // value coordinator
    744, // value immobilizer
    467, // value long leaper
    334, // value chameleon
    100, // value pawn
    0, // frozen king
    175, // frozen withdrawer
    266, // frozen coordinator
    226, // frozen immobilizer
    252, // frozen long leaper
    104, // frozen chameleon
    18, // frozen pawn
    0, // mobility king
    0, // mobility withdrawer
    -1, // mobility coordinator
    4, // mobility immobilizer
    -1, // mobility long leaper
    2, // mobility chameleon
    0, // mobility pawn
    24, // king freedom 0
    20, // king freedom 1
    11, // king freedom 2
    0, // king freedom 3
    -18, // king freedom 4
    -23, // king freedom 5
    -15, // king freedom 6
    -15, // king freedom 7
    -27, // king freedom 8
    335, // king frozen
    0, // immobilizer near king
    143, // king attacker king
    0, // king attacker withdrawer
    -13, // king attacker coordinator
    -9, // king attacker immobilizer
    6, // king attacker long leaper
    30, // king attacker chameleon
    -4, // king attacker pawn
    68, // coordinator line
    28, // coordinator near line
    -2, // leaper line
    2, // tempo
    11, // leaper targets
    26, // withdrawer targets
    2, // square king a1
    -7, // square king b1
    -3, // square king c1
    8, // square king d1
    7, // square king a2
    2, // square king b2
    -2, // square king c2
    -8, // square king d2
    31, // square king a3
    37, // square king b3
    -17, // square king c3
    -8, // square king d3
    28, // square king a4
    -2, // square king b4
    5, // square king c4
    -46, // square king d4
    34, // square king a5
    -12, // square king b5
    -25, // square king c5
    13, // square king d5
    6, // square king a6
    -50, // square king b6
    -46, // square king c6
    -48, // square king d6
    5, // square king a7
    -49, // square king b7
    -66, // square king c7
    -36, // square king d7
    -2, // square king a8
    -5, // square king b8
    49, // square king c8
    43, // square king d8
    -58, // square withdrawer a1
    -69, // square withdrawer b1
    -49, // square withdrawer c1
    -69, // square withdrawer d1
    -49, // square withdrawer a2
    -34, // square withdrawer b2
    -23, // square withdrawer c2
    -41, // square withdrawer d2
    -33, // square withdrawer a3
    -47, // square withdrawer b3
    -31, // square withdrawer c3
    -16, // square withdrawer d3
    -56, // square withdrawer a4
    -21, // square withdrawer b4
    -34, // square withdrawer c4
    4, // square withdrawer d4
    -25, // square withdrawer a5
    -25, // square withdrawer b5
    -40, // square withdrawer c5
    -31, // square withdrawer d5
    -41, // square withdrawer a6
    -23, // square withdrawer b6
    -6, // square withdrawer c6
    -6, // square withdrawer d6
    -15, // square withdrawer a7
    40, // square withdrawer b7
    6, // square withdrawer c7
    -22, // square withdrawer d7
    -81, // square withdrawer a8
    -64, // square withdrawer b8
    -43, // square withdrawer c8
    -78, // square withdrawer d8
    44, // square coordinator a1
    39, // square coordinator b1
    46, // square coordinator c1
    -1, // square coordinator d1
    4, // square coordinator a2
    32, // square coordinator b2
    1, // square coordinator c2
    77, // square coordinator d2
    40, // square coordinator a3
    -3, // square coordinator b3
    -2, // square coordinator c3
    -39, // square coordinator d3
    28, // square coordinator a4
    28, // square coordinator b4
    11, // square coordinator c4
    -9, // square coordinator d4
    23, // square coordinator a5
    20, // square coordinator b5
    -34, // square coordinator c5
    -18, // square coordinator d5
    -10, // square coordinator a6
    -36, // square coordinator b6
    24, // square coordinator c6
    20, // square coordinator d6
    34, // square coordinator a7
    -8, // square coordinator b7
    22, // square coordinator c7
    3, // square coordinator d7
    -28, // square coordinator a8
    5, // square coordinator b8
    -3, // square coordinator c8
    -23, // square coordinator d8
    166, // square immobilizer a1
    159, // square immobilizer b1
    166, // square immobilizer c1
    162, // square immobilizer d1
    199, // square immobilizer a2
    184, // square immobilizer b2
    155, // square immobilizer c2
    109, // square immobilizer d2
    185, // square immobilizer a3
    134, // square immobilizer b3
    186, // square immobilizer c3
    159, // square immobilizer d3
    165, // square immobilizer a4
    160, // square immobilizer b4
    127, // square immobilizer c4
    92, // square immobilizer d4
    128, // square immobilizer a5
    100, // square immobilizer b5
    110, // square immobilizer c5
    76, // square immobilizer d5
    118, // square immobilizer a6
    45, // square immobilizer b6
    72, // square immobilizer c6
    73, // square immobilizer d6
    78, // square immobilizer a7
    111, // square immobilizer b7
    50, // square immobilizer c7
    76, // square immobilizer d7
    23, // square immobilizer a8
    104, // square immobilizer b8
    95, // square immobilizer c8
    63, // square immobilizer d8
    58, // square long leaper a1
    22, // square long leaper b1
    17, // square long leaper c1
    14, // square long leaper d1
    38, // square long leaper a2
    -3, // square long leaper b2
    21, // square long leaper c2
    -12, // square long leaper d2
    38, // square long leaper a3
    23, // square long leaper b3
    20, // square long leaper c3
    29, // square long leaper d3
    42, // square long leaper a4
    -30, // square long leaper b4
    -8, // square long leaper c4
    11, // square long leaper d4
    20, // square long leaper a5
    5, // square long leaper b5
    1, // square long leaper c5
    16, // square long leaper d5
    10, // square long leaper a6
    -21, // square long leaper b6
    -22, // square long leaper c6
    -1, // square long leaper d6
    11, // square long leaper a7
    -32, // square long leaper b7
    -5, // square long leaper c7
    -10, // square long leaper d7
    69, // square long leaper a8
    22, // square long leaper b8
    -7, // square long leaper c8
    8, // square long leaper d8
    -30, // square chameleon a1
    -14, // square chameleon b1
    -23, // square chameleon c1
    -38, // square chameleon d1
    17, // square chameleon a2
    -5, // square chameleon b2
    -25, // square chameleon c2
    -29, // square chameleon d2
    -4, // square chameleon a3
    -38, // square chameleon b3
    -34, // square chameleon c3
    -26, // square chameleon d3
    -15, // square chameleon a4
    -41, // square chameleon b4
    -21, // square chameleon c4
    -1, // square chameleon d4
    -20, // square chameleon a5
    -35, // square chameleon b5
    -38, // square chameleon c5
    -58, // square chameleon d5
    -17, // square chameleon a6
    -48, // square chameleon b6
    -26, // square chameleon c6
    -54, // square chameleon d6
    -54, // square chameleon a7
    -30, // square chameleon b7
    -17, // square chameleon c7
    -9, // square chameleon d7
    -8, // square chameleon a8
    -36, // square chameleon b8
    -20, // square chameleon c8
    -12, // square chameleon d8
    -22, // square pawn a1
    0, // square pawn b1
    -23, // square pawn c1
    -28, // square pawn d1
    -13, // square pawn a2
    -10, // square pawn b2
    -13, // square pawn c2
    -18, // square pawn d2
    -4, // square pawn a3
    -10, // square pawn b3
    1, // square pawn c3
    7, // square pawn d3
    6, // square pawn a4
    -4, // square pawn b4
    14, // square pawn c4
    -7, // square pawn d4
    15, // square pawn a5
    -1, // square pawn b5
    12, // square pawn c5
    6, // square pawn d5
    6, // square pawn a6
    1, // square pawn b6
    1, // square pawn c6
    7, // square pawn d6
    2, // square pawn a7
    -13, // square pawn b7
    0, // square pawn c7
    24, // square pawn d7
    2, // square pawn a8
    -14, // square pawn b8
    10, // square pawn c8
    -2, // square pawn d8
];
