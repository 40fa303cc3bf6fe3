// The file kept in the link: `#code=` and the text compressed (deflate, the browser's own
// CompressionStream) in base64url, so that a link shares the file.

/** Bytes through a compression or decompression stream. */
async function through(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64Url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const s = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/** The hash that holds `text`. */
export async function encode(text) {
  const packed = await through(new TextEncoder().encode(text), new CompressionStream("deflate-raw"));
  return `#code=${toBase64Url(packed)}`;
}

/** The text a hash holds, or null if it holds none (or is damaged). */
export async function decode(hash) {
  const m = /^#code=([A-Za-z0-9_-]*)$/.exec(hash);
  if (!m) return null;
  try {
    const bytes = await through(fromBase64Url(m[1]), new DecompressionStream("deflate-raw"));
    return new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}
