//! The bit masks against the grid code of the generic solver: the same moves, the same parts,
//! and keys that every image of a part shares, on random boards.

use super::Bits;
use crate::amazons::Rules;
use crate::grid::Grid;
use crate::grid::stones::StoneRules;
use crate::position::testing::random_rows;
use crate::test_rng::Rng;

const LETTERS: [char; 4] = ['.', 'x', 'o', '#'];

/// Random boards of up to `cells` squares, mostly empty.
fn boards(seed: u64, count: usize, rows: u64, cells: u64) -> Vec<Grid> {
    let mut rng = Rng::new(seed);
    let letters = ['x', 'o', '.', '.', '.', '.', '#'];
    (0..count).map(|_| Grid::parse(&random_rows(&mut rng, rows, cells, cells, &letters), &LETTERS).unwrap()).collect()
}

#[test]
fn moves_are_the_grid_moves() {
    let mut total = 0;
    for g in boards(81, 400, 5, 20) {
        let b = Bits::of(&g);
        assert_eq!(b.grid(), g);
        for (left, player) in [(true, 1), (false, 2)] {
            let mut want = Rules::moves(&g, player);
            let mut got: Vec<Grid> = b.moves(left).iter().map(Bits::grid).collect();
            want.sort();
            got.sort();
            total += got.len();
            assert_eq!(got, want, "{}", g.quoted_rows(&LETTERS));
        }
    }
    assert!(total > 10_000, "{total} moves");
}

#[test]
fn parts_are_the_grid_regions() {
    // Up to 64 squares, in shapes from 1x64 to 64x1, with many burnt squares.
    let mut rng = Rng::new(82);
    let letters = ['x', 'o', '.', '.', '#', '#'];
    for _ in 0..600 {
        let text = random_rows(&mut rng, 64, 64, 64, &letters);
        let g = Grid::parse(&text, &LETTERS).unwrap();
        let mut want = Rules::regions(&g);
        let mut got: Vec<Grid> = Bits::of(&g).parts().map(|p| p.grid().least_image(true)).collect();
        want.sort();
        got.sort();
        assert_eq!(got, want, "{text:?}");
    }
}

#[test]
fn every_image_has_the_same_key() {
    for g in boards(83, 300, 5, 16) {
        let b = Bits::of(&g);
        let (key, swapped) = b.key();
        let least = (0..8).flat_map(|t| [(b.image(t), false), (b.image(t).swapped(), true)]).min().unwrap();
        assert_eq!(key, least.0, "{}", g.quoted_rows(&LETTERS));
        let solo = Bits { left: b.left | b.right, right: 0, ..b };
        assert_eq!(b.solo_key(), (0..8).map(|t| solo.image(t)).min().unwrap());
        let images: Vec<Grid> = (0..8).map(|t| g.image(t)).collect();
        // The key is one of the sixteen images, colour-swapped if and only if it says so.
        let key_grid = if swapped { key.swapped() } else { key }.grid();
        assert!(images.contains(&key_grid), "{}", g.quoted_rows(&LETTERS));
        for image in &images {
            // A part that is an image of its own colour swap is its own negative: its key may
            // come with either flag. Any other part's images share its flag, and their colour
            // swaps have the other one.
            let own_negative = (0..8).any(|t| key.image(t) == key.swapped());
            let i = Bits::of(image);
            for (image_key, flip) in [(i.key(), false), (i.swapped().key(), true)] {
                assert_eq!(image_key.0, key, "{}", g.quoted_rows(&LETTERS));
                assert!(own_negative || image_key.1 == (swapped != flip), "{}", g.quoted_rows(&LETTERS));
            }
            assert_eq!(i.solo_key(), b.solo_key());
        }
    }
}

#[test]
fn images_by_words_are_the_images_by_squares() {
    // Every shape up to 8x8, boards as full as 64 squares: the key made with the word
    // operations of `Eight` is the one made square by square, and so is each image.
    let mut rng = Rng::new(84);
    let letters = ['x', 'o', '.', '.', '.', '#'];
    let mut shapes = std::collections::HashSet::new();
    for _ in 0..2_000 {
        let (rows, cols) = (1 + rng.index(8), 1 + rng.index(8));
        let text: Vec<String> =
            (0..rows).map(|_| (0..cols).map(|_| letters[rng.index(letters.len())]).collect()).collect();
        let b = Bits::of(&Grid::parse(&text, &LETTERS).unwrap());
        shapes.insert((rows, cols));
        for swaps in [false, true] {
            assert_eq!(b.least_on_eight(swaps), b.least_by_squares(swaps), "{text:?}");
        }
        let eight = super::Eight::new(b.rows, b.cols);
        for t in 0..8 {
            let want = b.image(t);
            let shape = super::Eight::new(want.rows, want.cols);
            for (mask, image) in [(b.left, want.left), (b.right, want.right), (b.empty, want.empty)] {
                assert_eq!(shape.gather(eight.image(eight.spread(mask), t)), image, "{text:?} image {t}");
                assert_eq!(shape.spread(image), eight.image(eight.spread(mask), t), "{text:?} image {t}");
            }
        }
    }
    assert_eq!(shapes.len(), 64);
}
