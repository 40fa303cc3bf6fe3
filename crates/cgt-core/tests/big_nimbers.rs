//! Nimbers of any size are values: sums (XOR), comparisons, outcomes, hash-consing, printing
//! birthdays and Conway products (nim multiplication), without ever listing their options.

use cgt_core::{Budget, Comparison, DisplayStyle, Dyadic, Exhausted, Games, Outcome};
use num_bigint::BigUint;

fn big(s: &str) -> BigUint {
    s.parse().unwrap()
}

fn two_pow(k: u32) -> BigUint {
    BigUint::from(1u8) << k
}

#[test]
fn big_nimbers_add_by_xor() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let n64 = games.nimber_big(&two_pow(64));
    let star = games.nimber(1);
    let s = games.add(n64, star, &b).unwrap();
    assert_eq!(games.nim_value_big(s), Some(two_pow(64) + 1u8));
    assert_eq!(games.display(s, DisplayStyle::default()), "*18446744073709551617");
    // Hash-consing: the same value built another way is the same id.
    assert_eq!(s, games.nimber_big(&big("18446744073709551617")));
    // x + x = 0, and the sum falls back to a small nimber when it fits.
    assert_eq!(games.add(s, s, &b).unwrap(), games.zero());
    assert_eq!(games.add(s, n64, &b).unwrap(), star);
    let a = games.nimber_big(&big("123456789012345678901234567891"));
    let c = games.nimber_big(&big("123456789012345678901234567890"));
    assert_eq!(games.add(a, c, &b).unwrap(), star);
    assert_eq!(games.display(a, DisplayStyle::default()), "*123456789012345678901234567891");
    let neg = games.neg(a, &b).unwrap();
    assert_eq!(neg, a);
}

#[test]
fn xor_agrees_with_small_arithmetic_across_the_word_boundary() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    for hi in [0u32, 63, 64, 65, 100] {
        for lo in 0u64..6 {
            let x = two_pow(hi) + lo;
            for m in 0u64..6 {
                let gx = games.nimber_big(&x);
                let gm = games.nimber(m);
                let s = games.add(gx, gm, &b).unwrap();
                assert_eq!(games.nim_value_big(s), Some(&x ^ BigUint::from(m)), "2^{hi}+{lo} + *{m}");
            }
        }
    }
}

#[test]
fn small_api_stays_small() {
    let mut games = Games::new();
    let n64 = games.nimber_big(&two_pow(64));
    assert_eq!(games.nim_value(n64), None);
    assert_eq!(games.as_nus(n64), None);
    assert_eq!(games.as_nus_big(n64), Some((Dyadic::zero(), 0, two_pow(64))));
    assert!(games.is_impartial(n64));
    let max = games.nimber(u64::MAX);
    assert_eq!(games.nimber_big(&BigUint::from(u64::MAX)), max);
    assert_eq!(games.nim_value(max), Some(u64::MAX));
}

#[test]
fn big_nimbers_compare_and_have_outcomes() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let zero = games.zero();
    let n = games.nimber_big(&two_pow(80));
    let m = games.nimber_big(&(two_pow(80) + 1u8));
    let up = games.nus(&Dyadic::zero(), 1, 0);
    let half = games.number(&Dyadic::new(1, 1));
    assert_eq!(games.outcome(n, &b).unwrap(), Outcome::N);
    assert_eq!(games.compare(n, zero, &b).unwrap(), Comparison::Confused);
    assert_eq!(games.compare(n, m, &b).unwrap(), Comparison::Confused);
    assert_eq!(games.compare(n, n, &b).unwrap(), Comparison::Equal);
    // ^ - *n = ^*n > 0 for n != 1.
    assert_eq!(games.compare(up, n, &b).unwrap(), Comparison::Greater);
    assert_eq!(games.compare(n, half, &b).unwrap(), Comparison::Less);
    // ^ + *n + *(n+1) = ^*, which is confused with 0.
    let s = games.add(up, n, &b).unwrap();
    let s = games.add(s, m, &b).unwrap();
    assert_eq!(games.outcome(s, &b).unwrap(), Outcome::N);
    assert_eq!(games.display(s, DisplayStyle::default()), "^*");
    // ^^ + *n is positive.
    let upup = games.nus(&Dyadic::zero(), 2, 0);
    let s = games.add(upup, n, &b).unwrap();
    assert_eq!(games.outcome(s, &b).unwrap(), Outcome::L);
}

#[test]
fn big_nimbers_juxtapose_with_numbers_and_ups() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let n = games.nimber_big(&two_pow(64));
    let x = games.nus(&Dyadic::new(-3, 2), -3, 0);
    let s = games.add(n, x, &b).unwrap();
    assert_eq!(games.display(s, DisplayStyle::default()), "-3/4v3*18446744073709551616");
    assert_eq!(games.display(s, DisplayStyle { unicode: true }), "-3/4↓3*18446744073709551616");
    assert_eq!(games.as_nus_big(s), Some((Dyadic::new(-3, 2), -3, two_pow(64))));
}

#[test]
fn birthdays_saturate() {
    let mut games = Games::new();
    let n = games.nimber_big(&two_pow(64));
    assert_eq!(games.birthday(n), u64::MAX);
    let m = games.nimber_big(&(two_pow(64) - 1u8));
    assert_eq!(games.birthday(m), u64::MAX);
    let k = games.nimber(70_000);
    assert_eq!(games.birthday(k), 70_000);
    // ^ + *(2^64 + 1): the right option ^ + *(2^64) flips back to *2^64; both huge.
    let up_big = games.nus_big(&Dyadic::zero(), 1, &(two_pow(64) + 1u8));
    assert_eq!(games.birthday(up_big), u64::MAX);
}

#[test]
fn huge_nimbers_are_never_expanded() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let n = games.nimber_big(&two_pow(64));
    assert!(games.has_huge_options(n));
    assert_eq!(games.try_options(n), Err(Exhausted::Memory));
    assert!(games.left_options(n).is_empty());
    let big_small = games.nimber(1 << 20);
    assert!(games.has_huge_options(big_small));
    assert_eq!(games.try_options(big_small), Err(Exhausted::Memory));
    // A sum with a general game would have to list the options: it gives up cleanly.
    let one = games.number(&Dyadic::integer(1));
    let zero = games.zero();
    let sw = games.from_options(&[one], &[zero], &b).unwrap();
    assert_eq!(games.add(sw, n, &b), Err(Exhausted::Memory));
    // Ups with a huge nimber part have two options and are listed normally.
    let up_big = games.nus_big(&Dyadic::zero(), 1, &two_pow(64));
    assert!(!games.has_huge_options(up_big));
    let (l, r) = games.try_options(up_big).unwrap();
    assert_eq!(l, vec![zero]);
    assert_eq!(games.display(r[0], DisplayStyle::default()), "*18446744073709551617");
}

/// `*a · *b` through the Conway product of the arena.
fn conway_nimbers(games: &mut Games, a: &BigUint, b: &BigUint) -> BigUint {
    let (ga, gb) = (games.nimber_big(a), games.nimber_big(b));
    let p = cgt_core::operators::conway(games, ga, gb, &Budget::unlimited()).unwrap();
    games.nim_value_big(p).expect("a product of nimbers is a nimber")
}

/// A random integer of `words` 64-bit words.
fn random_big(rng: &mut cgt_testkit::Rng, words: usize) -> BigUint {
    let digits: Vec<u32> = (0..2 * words).map(|_| rng.next_u64() as u32).collect();
    BigUint::from_slice(&digits)
}

#[test]
fn conway_products_of_big_nimbers_follow_the_fermat_rules() {
    // From the definition `*a·*b = mex{a'b + ab' + a'b'}` (ONAG ch. 6): for a Fermat 2-power
    // F = 2^(2^k), F·x is the ordinary product for x < F, and F·F = 3F/2.
    let mut games = Games::new();
    let mut rng = cgt_testkit::Rng::new(0xb16);
    for k in [6u32, 7, 8] {
        let f = two_pow(1 << k);
        let square = conway_nimbers(&mut games, &f, &f);
        assert_eq!(square, &f * 3u8 / 2u8, "F·F for F = 2^{}", 1 << k);
        for _ in 0..20 {
            let x = random_big(&mut rng, 1 << (k - 6)) % &f;
            assert_eq!(conway_nimbers(&mut games, &f, &x), &f * &x, "F·x below F = 2^{}", 1 << k);
        }
    }
    assert_eq!(
        conway_nimbers(&mut games, &two_pow(64), &two_pow(64)),
        big("27670116110564327424"),
        "*2^64 · *2^64 = *(3·2^63)"
    );
}

#[test]
fn conway_products_of_big_nimbers_are_field_operations() {
    // Nim multiplication distributes over nim addition (the arena's sum of nimbers), is
    // associative and commutative, and agrees with the u64 products below 2^64.
    let mut games = Games::new();
    let b = Budget::unlimited();
    let mut rng = cgt_testkit::Rng::new(0xf1e1d);
    for _ in 0..40 {
        let words = 1 + rng.index(3);
        let (x, y, z) = (random_big(&mut rng, words), random_big(&mut rng, 2), random_big(&mut rng, 1));
        let xy = conway_nimbers(&mut games, &x, &y);
        assert_eq!(xy, conway_nimbers(&mut games, &y, &x));
        let xz = conway_nimbers(&mut games, &x, &z);
        let (gy, gz) = (games.nimber_big(&y), games.nimber_big(&z));
        let sum = games.add(gy, gz, &b).unwrap();
        let y_plus_z = games.nim_value_big(sum).unwrap();
        assert_eq!(conway_nimbers(&mut games, &x, &y_plus_z), &xy ^ &xz);
        let left = conway_nimbers(&mut games, &xy, &z);
        let yz = conway_nimbers(&mut games, &y, &z);
        assert_eq!(left, conway_nimbers(&mut games, &x, &yz));
        let (s, t) = (rng.next_u64(), rng.next_u64());
        let small = cgt_core::operators::nim_multiply(s, t);
        assert_eq!(conway_nimbers(&mut games, &BigUint::from(s), &BigUint::from(t)), BigUint::from(small));
    }
}
