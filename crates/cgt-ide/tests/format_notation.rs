//! Formatting of the notations added with the registry: uptimals, undirected edges and keyed
//! values are written without inner spaces, and formatting them twice changes nothing.

use cgt_ide::format;

#[test]
fn notations_keep_their_spelling() {
    for (input, want) in [
        ("^ <2> *\n", "^<2>*\n"),
        ("v[3]*2+1\n", "v[3]*2 + 1\n"),
        ("{0|v*}==^<2>\n", "{0 | v*} == ^<2>\n"),
        ("^ < 2\n", "^ < 2\n"),
        ("hackenbush[0 - 1 B, 1-2 R]\n", "hackenbush[0-1 B, 1-2 R]\n"),
        ("1-2\n", "1 - 2\n"),
        ("deque[1, -2]\n", "deque[1, -2]\n"),
        ("graph[1->2] from=1 values=[1 :3, 2: -1]\n", "graph[1->2] from=1 values=[1: 3, 2: -1]\n"),
        ("1 : 1\n", "1 : 1\n"),
    ] {
        let once = format(input);
        assert_eq!(once, want, "{input:?}");
        assert_eq!(format(&once), once, "idempotent on {input:?}");
    }
}
