//! Links that open a file in the playground: `#code=` and the text as raw DEFLATE data in
//! base64url, which the playground's `share.js` decodes with the browser's
//! `DecompressionStream("deflate-raw")`. The data is written as stored (uncompressed) DEFLATE
//! blocks (RFC 1951, section 3.2.4): any DEFLATE decoder reads them, and the book's examples are
//! short enough that compression would not matter.

/// The most bytes one stored block holds.
const BLOCK: usize = 0xFFFF;

/// The playground hash (`#code=...`) that holds `text`.
pub fn playground_hash(text: &str) -> String {
    format!("#code={}", base64url(&stored_deflate(text.as_bytes())))
}

/// `bytes` as raw DEFLATE data made of stored blocks.
fn stored_deflate(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + 5 * (bytes.len() / BLOCK + 1));
    let mut chunks: Vec<&[u8]> = bytes.chunks(BLOCK).collect();
    if chunks.is_empty() {
        chunks.push(&[]);
    }
    let last = chunks.len() - 1;
    for (i, chunk) in chunks.into_iter().enumerate() {
        // The header's first bit says whether this is the last block; the next two (00) say
        // "stored"; the rest of the byte is padding up to the byte boundary.
        out.push(u8::from(i == last));
        let len = u16::try_from(chunk.len()).expect("a block holds at most 65535 bytes");
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(chunk);
    }
    out
}

/// `bytes` in base64url without padding (RFC 4648, section 5), as `share.js` writes it.
fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for k in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * k) & 63) as usize]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_matches_the_rfc_vectors() {
        // RFC 4648, section 10, without padding.
        let vectors = [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE")];
        for (plain, coded) in vectors {
            assert_eq!(base64url(plain.as_bytes()), coded);
        }
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn stored_blocks_frame_the_text() {
        assert_eq!(stored_deflate(b"ab"), vec![1, 2, 0, 0xfd, 0xff, b'a', b'b']);
        assert_eq!(stored_deflate(b""), vec![1, 0, 0, 0xff, 0xff]);
        let long = vec![b'x'; BLOCK + 3];
        let d = stored_deflate(&long);
        assert_eq!(d.len(), long.len() + 10);
        assert_eq!((d[0], d[5 + BLOCK]), (0, 1));
    }

    #[test]
    fn a_hash_is_the_code_prefix_and_base64url() {
        let h = playground_hash("^ + v\n");
        assert!(h.starts_with("#code="));
        assert!(h[6..].bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    }
}
