// The playground's Web Worker: it owns the WebAssembly engine, so that evaluation never runs on
// the page's thread. Messages in: {id, type: "evaluate" | "hover" | "complete" | "format" |
// "names", text, at, left}. Messages out: {id, type: "progress" | "result" | "crash", ...}; a
// crash of an evaluation says where the statement that stopped the engine starts (`at`), and
// the page asks again with that statement left out (`left`: the starts of such statements).
import init, { Engine, blank_statements, format, last_statement } from "../pkg/cgt_wasm.js";

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
    case "evaluate": {
      // Statements that stopped an engine before are blanked (offsets kept) and reported.
      const left = m.left ?? [];
      const { text, blanked } = left.length
        ? JSON.parse(blank_statements(m.text, Uint32Array.from(left)))
        : { text: m.text, blanked: [] };
      const withLeftOut = (view) => {
        for (const [from, to] of blanked) {
          view.diagnostics.push({
            from, to, severity: "error", code: "internal", labels: [],
            message: "internal error: the engine stopped on this statement; it was left out, and the others were evaluated",
          });
        }
        return view;
      };
      return withLeftOut(JSON.parse(engine.evaluate(text, (view) => {
        self.postMessage({ id: m.id, type: "progress", result: withLeftOut(JSON.parse(view)) });
      })));
    }
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
    // A trap leaves the module in an unknown state: the page starts a fresh worker. Its memory
    // still says which statement was being evaluated.
    let at = null;
    if (m.type === "evaluate") {
      try { at = last_statement(m.text); } catch { at = null; }
    }
    self.postMessage({ id: m.id, type: "crash", at, message: String(e && e.message ? e.message : e) });
  }
};
