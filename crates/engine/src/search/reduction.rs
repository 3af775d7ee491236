//! Late move reductions by logarithms: a late quiet move is searched `0.5 + ln(depth) ·
//! ln(move number) / c` plies shallower ([`SearchParams::lmr_log`](crate::SearchParams) is
//! `100 · c`), so the reduction grows with both and slowly. The logarithms come from a table
//! built at compile time, so every build (native and wasm) reduces alike and searches the
//! same nodes.

/// `round(1000 · ln n)` for `1 ≤ n < 256` (0 for 0).
const LN_1000: [i32; 256] = {
    let mut table = [0; 256];
    let mut n = 1;
    while n < 256 {
        table[n] = (1000.0 * ln(n as f64) + 0.5) as i32;
        n += 1;
    }
    table
};

/// The natural logarithm of `x ≥ 1`, for the table: `k · ln 2 + 2 atanh((m − 1) / (m + 1))` for
/// `x = m · 2^k` with `1 ≤ m < 2`, the series summed to 40 terms (`(m − 1) / (m + 1) < 1/3`:
/// far more than the table's three decimals need). `f64::ln` is not a `const fn`.
const fn ln(x: f64) -> f64 {
    let mut m = x;
    let mut k = 0.0;
    while m >= 2.0 {
        m /= 2.0;
        k += 1.0;
    }
    let y = (m - 1.0) / (m + 1.0);
    let mut power = y;
    let mut sum = 0.0;
    let mut i = 0;
    while i < 40 {
        sum += power / (2 * i + 1) as f64;
        power *= y * y;
        i += 1;
    }
    k * core::f64::consts::LN_2 + 2.0 * sum
}

/// The plies a late quiet move at `depth`, the `move_number`th of its node (from 0), is
/// reduced by, before the principal variation's and the history's adjustments:
/// `0.5 + ln(depth) · ln(move_number) / (hundredths / 100)`, rounded down.
pub(super) fn log_reduction(depth: i32, move_number: usize, hundredths: i32) -> i32 {
    let d = LN_1000[(depth.max(0) as usize).min(LN_1000.len() - 1)];
    let n = LN_1000[move_number.min(LN_1000.len() - 1)];
    // ln(d) · ln(n) / (h / 100) in thousandths of a ply is d · n / (10 · h).
    (500 + d * n / (10 * hundredths.max(1))) / 1000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_the_rounded_logarithms() {
        for (n, &entry) in LN_1000.iter().enumerate().skip(1) {
            assert_eq!(entry, (1000.0 * (n as f64).ln()).round() as i32, "ln {n}");
        }
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        // 0.5 + ln 3 · ln 3 / 1.5 = 1.30; 0.5 + ln 10 · ln 20 / 1.5 = 5.10.
        assert_eq!(log_reduction(3, 3, 150), 1);
        assert_eq!(log_reduction(10, 20, 150), 5);
        // 0.5 + ln 10 · ln 20 / 2 = 3.95.
        assert_eq!(log_reduction(10, 20, 200), 3);
        // ln 1 = 0: the first move and depth 1 are reduced by nothing but the half ply.
        assert_eq!(log_reduction(1, 40, 150), 0);
        assert_eq!(log_reduction(12, 1, 150), 0);
        for depth in 1..40 {
            for n in 1..300 {
                assert!(log_reduction(depth, n, 150) <= log_reduction(depth + 1, n, 150));
                assert!(log_reduction(depth, n, 150) <= log_reduction(depth, n + 1, 150));
            }
        }
    }
}
