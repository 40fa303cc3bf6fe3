// Bundles the playground into dist/: the page and the worker (esbuild), the WebAssembly module
// built by build.sh into pkg/, and the shipped examples (examples/*.cgt) as a module.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const examplesDir = join(here, "..", "..", "examples");
const dist = join(here, "dist");

/** `import examples from "cgt:examples"`: {name: text} for every examples/NAME.cgt. */
const examplesPlugin = {
  name: "cgt-examples",
  setup(b) {
    b.onResolve({ filter: /^cgt:examples$/ }, () => ({ path: examplesDir, namespace: "cgt-examples" }));
    b.onLoad({ filter: /.*/, namespace: "cgt-examples" }, () => {
      const examples = {};
      for (const file of readdirSync(examplesDir).filter((f) => f.endsWith(".cgt")).sort()) {
        examples[file.slice(0, -4)] = readFileSync(join(examplesDir, file), "utf8");
      }
      return { contents: JSON.stringify(examples), loader: "json", watchFiles: [examplesDir] };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: { main: join(here, "src", "main.js"), worker: join(here, "src", "worker.js") },
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: true,
  outdir: dist,
  plugins: [examplesPlugin],
  logLevel: "warning",
});
for (const f of ["index.html", "style.css"]) copyFileSync(join(here, "src", f), join(dist, f));
copyFileSync(join(here, "pkg", "cgt_wasm_bg.wasm"), join(dist, "cgt_wasm_bg.wasm"));
