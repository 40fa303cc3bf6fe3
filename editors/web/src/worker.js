// The playground's Web Worker: it owns the WebAssembly engine, so that evaluation never runs on
// the page's thread. Messages in: {id, type: "evaluate" | "hover" | "complete" | "format" |
// "names", text, at}. Messages out: {id, type: "progress" | "result" | "crash", ...}.
import init, { Engine, format } from "../pkg/cgt_wasm.js";

/** Budgets of one statement, in milliseconds: the full one and the first pass's. */
const BUDGET_MS = 2000;
const QUICK_MS = 50;

let engine = null;
const ready = init({ module_or_path: new URL("cgt_wasm_bg.wasm", self.location.href) }).then(() => {
  engine = new Engine(BUDGET_MS, QUICK_MS, false);
});

/** Answers one request; evaluation reports its progress before the result. */
function answer(m) {
  switch (m.type) {
    case "evaluate":
      return JSON.parse(engine.evaluate(m.text, (view) => {
        self.postMessage({ id: m.id, type: "progress", result: JSON.parse(view) });
      }));
    case "hover":
      return JSON.parse(engine.hover(m.text, m.at));
    case "complete":
      return JSON.parse(engine.completions(m.text, m.at));
    case "format":
      return format(m.text);
    case "names":
      return JSON.parse(engine.completions("", 0));
    default:
      throw new Error(`unknown request ${m.type}`);
  }
}

self.onmessage = async (event) => {
  const m = event.data;
  try {
    await ready;
    self.postMessage({ id: m.id, type: "result", result: answer(m) });
  } catch (e) {
    // A trap leaves the module in an unknown state: the page starts a fresh worker.
    self.postMessage({ id: m.id, type: "crash", message: String(e && e.message ? e.message : e) });
  }
};
