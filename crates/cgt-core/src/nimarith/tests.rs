//! Tests of nim arithmetic: products against the mex definition, field laws, published values.

use proptest::prelude::*;

use super::*;

/// Nim products of all pairs below `n`, straight from the mex definition.
fn products_by_definition(n: usize) -> Vec<Vec<u64>> {
    let mut p = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = vec![false; 4 * n];
            for a2 in 0..a {
                for b2 in 0..b {
                    seen[(p[a2][b] ^ p[a][b2] ^ p[a2][b2]) as usize] = true;
                }
            }
            p[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    p
}

fn big(x: u64) -> BigUint {
    BigUint::from(x)
}

fn product(a: &BigUint, b: &BigUint) -> BigUint {
    nim_product(a, b, &Budget::unlimited()).unwrap()
}

#[test]
fn published_values() {
    // ONAG ch. 6 and docs/src/theory/sprague-grundy.md: 2*2 = 3, 4*4 = 6, 16*16 = 24, 8*16 = 128, *4 * *4 = *6.
    assert_eq!(nim_product_u64(8, 16), 128);
    assert_eq!(nim_product_u64(2, 2), 3);
    assert_eq!(nim_product_u64(4, 4), 6);
    assert_eq!(nim_product_u64(16, 16), 24);
    assert_eq!(nim_product_u64(2, 3), 1);
    assert_eq!(product(&big(8), &big(16)), big(128));
    assert_eq!(nim_sum(&big(3), &big(5)), big(6));
    assert_eq!(nim_inverse_u64(2), Some(3));
    assert_eq!(nim_inverse_u64(0), None);
}

#[test]
fn agrees_with_the_definition_below_64() {
    let p = products_by_definition(64);
    for (a, row) in p.iter().enumerate() {
        for (b, &expected) in row.iter().enumerate() {
            assert_eq!(nim_product_u64(a as u64, b as u64), expected, "{a} * {b}");
            assert_eq!(product(&big(a as u64), &big(b as u64)), big(expected));
        }
    }
}

/// For a Fermat 2-power F, F*F = 3F/2, and F*x is the ordinary product for x < F.
#[test]
fn fermat_powers() {
    for k in 0..10u32 {
        let f = BigUint::from(1u32) << (1u64 << k);
        assert_eq!(product(&f, &f), &f * 3u32 / 2u32, "k = {k}");
        let x = (&f - 1u32) / 3u32;
        assert_eq!(product(&f, &x), &f * &x);
        if k <= 5 {
            let f64 = 1u64 << (1u32 << k);
            assert_eq!(nim_product_u64(f64, f64), f64 / 2 * 3);
        }
    }
}

/// Squaring is additive in characteristic 2, and x -> x^(2^64) is the identity on the field of
/// 2^64 elements (a check of the whole multiplication table, far from the definition).
#[test]
fn frobenius_on_the_64_bit_field() {
    for x in [3u64, 0xdead_beef_1234_5678, u64::MAX, 1 << 63, 0x8000_0000_0000_0001] {
        let mut y = x;
        for _ in 0..64 {
            y = nim_square_u64(y);
        }
        assert_eq!(y, x);
    }
}

fn big_value() -> impl Strategy<Value = BigUint> {
    words(0..5)
}

fn words(len: std::ops::Range<usize>) -> impl Strategy<Value = BigUint> {
    proptest::collection::vec(any::<u64>(), len).prop_map(|words| BigUint::from_slice(&to_u32_words(&words)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn field_laws_u64(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
        prop_assert_eq!(nim_product_u64(a, b), nim_product_u64(b, a));
        prop_assert_eq!(nim_product_u64(nim_product_u64(a, b), c), nim_product_u64(a, nim_product_u64(b, c)));
        prop_assert_eq!(nim_product_u64(a, b ^ c), nim_product_u64(a, b) ^ nim_product_u64(a, c));
        prop_assert_eq!(nim_product_u64(a, 1), a);
        if a != 0 {
            prop_assert_eq!(nim_product_u64(a, nim_inverse_u64(a).unwrap()), 1);
        }
        prop_assert_eq!(product(&big(a), &big(b)), big(nim_product_u64(a, b)));
    }

    #[test]
    fn field_laws_big(a in big_value(), b in big_value(), c in big_value()) {
        let ab = product(&a, &b);
        prop_assert_eq!(&ab, &product(&b, &a));
        prop_assert_eq!(product(&ab, &c), product(&a, &product(&b, &c)));
        prop_assert_eq!(product(&a, &nim_sum(&b, &c)), nim_sum(&ab, &product(&a, &c)));
        prop_assert_eq!(product(&a, &big(1)), a.clone());
        // The product stays in the smallest field holding both factors.
        let field = a.bits().max(b.bits()).next_power_of_two().max(1);
        prop_assert!(ab.bits() <= field);
    }

}

proptest! {
    // An inverse costs 2^k products in the field of 2^k bits, so these stay below 256 bits.
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn inverses_big(a in words(0..5).prop_map(|a| a % (BigUint::from(1u32) << 256u32))) {
        let budget = Budget::unlimited();
        match nim_inverse(&a, &budget).unwrap() {
            None => prop_assert_eq!(a.bits(), 0),
            Some(inv) => prop_assert_eq!(product(&a, &inv), big(1)),
        }
    }
}

#[test]
fn budget_stops_huge_products() {
    let budget = Budget::new(std::time::Duration::ZERO, usize::MAX);
    let a = (BigUint::from(1u32) << 1_000_000u32) - 1u32;
    assert_eq!(nim_product(&a, &a, &budget), Err(Exhausted::Time));
}
