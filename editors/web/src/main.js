// The playground page: a CodeMirror 6 editor whose file is evaluated in a Web Worker (the cgt
// engine built to WebAssembly), with values inline, diagnostics, hovers, completion, the
// shipped examples, and the file kept in the link.
import { basicSetup } from "codemirror";
import { ChangeSet, Compartment, EditorState } from "@codemirror/state";
import { EditorView, hoverTooltip } from "@codemirror/view";
import { lintGutter } from "@codemirror/lint";
import { marked } from "marked";
import DOMPurify from "dompurify";
import examples from "cgt:examples";
import { EngineClient } from "./client.js";
import { cgtHighlight, cgtLanguage } from "./language.js";
import { labelsField, showProblems, showView } from "./results.js";
import { decode, encode } from "./share.js";

/** Quiet time after typing before the text is sent to the engine, in milliseconds. */
const EVALUATE_AFTER_MS = 150;
/** Quiet time after typing before the link is updated, in milliseconds. */
const LINK_AFTER_MS = 400;
/** The example shown when the link holds no file. */
const FIRST_EXAMPLE = "tour";

const status = document.getElementById("status");
const problems = document.getElementById("problems");
const picker = document.getElementById("examples");
const language = new Compartment();

/** Texts sent for evaluation, each with the changes from it to the editor's text. */
let tracked = [];

const client = new EngineClient(receive, (message, at, final) => {
  // No value of an older text stays on screen: the hints are cleared until the next results.
  showView(editor, { hints: [], diagnostics: [], pending: 0 }, (pos) => pos);
  showProblems(problems, editor, []);
  const line = at === null || at === undefined ? null : editor.state.doc.lineAt(Math.min(at, editor.state.doc.length)).number;
  const where = line === null ? "this text" : `the statement on line ${line}`;
  status.textContent = final
    ? `the engine stopped on ${where} (${message}); edit it to try again`
    : `the engine stopped on ${where} (${message}); evaluating the rest without it…`;
  status.dataset.state = final ? "crashed" : "busy";
});

const editor = new EditorView({
  parent: document.getElementById("editor"),
  state: EditorState.create({
    doc: (await decode(location.hash)) ?? examples[FIRST_EXAMPLE] ?? "",
    extensions: [
      basicSetup,
      language.of(cgtLanguage()),
      cgtHighlight,
      labelsField,
      lintGutter(),
      hoverTooltip(hover, { hoverTime: 300 }),
      EditorState.languageData.of(() => [{ autocomplete: complete }]),
      EditorView.updateListener.of((u) => u.docChanged && changed(u.changes)),
    ],
  }),
});

/** Results of the engine for `text`: shown at once, moved through the edits made since. */
function receive(view, final, text) {
  let i = tracked.length - 1;
  while (i >= 0 && tracked[i].text !== text) i--;
  const changes = i >= 0 ? tracked[i].changes : ChangeSet.empty(text.length);
  const length = editor.state.doc.length;
  const map = (pos) => Math.min(changes.mapPos(Math.min(pos, changes.length), 1), length);
  const shown = showView(editor, view, map);
  showProblems(problems, editor, shown);
  if (final) tracked = tracked.slice(i + 1);
  const errors = shown.filter((d) => d.severity === "error").length;
  status.textContent = view.pending > 0
    ? `${view.pending} statement(s) still computing…`
    : `evaluated · ${errors} error(s), ${shown.length - errors} warning(s)`;
  // "done" only when the results are those of the text in the editor now.
  const done = final && text === editor.state.doc.toString();
  if (done && window.cgtPlayground) {
    // What the page shows, by line (1-based), for tests and for anyone scripting the page.
    const line = (pos) => editor.state.doc.lineAt(pos).number;
    window.cgtPlayground.shown = {
      hints: view.hints.map((h) => ({ line: line(map(h.at)), label: h.label })),
      diagnostics: shown.map((d) => ({ line: line(d.from), message: d.message })),
    };
  }
  status.dataset.state = done ? "done" : "progress";
}

/** Sends the editor's text to the engine. */
function evaluate() {
  const text = editor.state.doc.toString();
  tracked.push({ text, changes: ChangeSet.empty(text.length) });
  status.textContent = "evaluating…";
  status.dataset.state = "busy";
  client.evaluate(text);
}

let evaluateTimer = null;
let linkTimer = null;

/** After an edit: move the tracked texts' changes on, and schedule evaluation and the link. */
function changed(changes) {
  for (const t of tracked) t.changes = t.changes.compose(changes);
  clearTimeout(evaluateTimer);
  evaluateTimer = setTimeout(evaluate, EVALUATE_AFTER_MS);
  clearTimeout(linkTimer);
  linkTimer = setTimeout(updateLink, LINK_AFTER_MS);
}

async function updateLink() {
  history.replaceState(null, "", await encode(editor.state.doc.toString()));
}

/** The engine's hover, Markdown rendered and sanitised (the text may come from any link). */
async function hover(view, pos) {
  const result = await client.request("hover", view.state.doc.toString(), pos).catch(() => null);
  if (!result) return null;
  const length = view.state.doc.length;
  return {
    pos: Math.min(result.from, length),
    end: Math.min(result.to, length),
    above: true,
    create() {
      const dom = document.createElement("div");
      dom.className = "cgt-hover";
      dom.innerHTML = DOMPurify.sanitize(marked.parse(result.markdown));
      if (result.manual) dom.append(manualLink(result.manual));
      return { dom };
    },
  };
}

/**
 * The link to a name's entry in the book, which is deployed with the playground in its
 * `playground/` folder (docs/build.sh): `path` is from the book's root, so it is one folder up.
 */
function manualLink(path) {
  const link = document.createElement("a");
  link.className = "cgt-manual";
  link.href = new URL(`../${path}`, location.href).href;
  link.target = "_blank";
  link.rel = "noopener";
  link.textContent = `manual: ${path.split("#")[1] ?? path}`;
  const p = document.createElement("p");
  p.append(link);
  return p;
}

/** Completion of the word before the cursor, from the engine. */
async function complete(ctx) {
  const word = ctx.matchBefore(/[A-Za-z_][A-Za-z0-9_']*/);
  if (!word && !ctx.explicit) return null;
  const items = await client.request("complete", ctx.state.doc.toString(), ctx.pos).catch(() => []);
  return {
    from: word ? word.from : ctx.pos,
    options: items.map((c) => ({ label: c.label, type: c.kind, detail: c.detail, info: c.documentation, apply: c.insert })),
    validFor: /^[A-Za-z0-9_']*$/,
  };
}

/** Replaces the whole file. */
function setText(text) {
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
}

for (const name of Object.keys(examples)) picker.add(new Option(name, name));
picker.onchange = () => picker.value && setText(examples[picker.value]);
document.getElementById("format").onclick = async () => {
  const text = editor.state.doc.toString();
  const formatted = await client.request("format", text).catch(() => text);
  if (formatted !== text && editor.state.doc.toString() === text) setText(formatted);
};
document.getElementById("share").onclick = async () => {
  await updateLink();
  await navigator.clipboard.writeText(location.href).then(
    () => (status.textContent = "link copied"),
    () => (status.textContent = "copy the address bar to share this file"),
  );
};
addEventListener("hashchange", async () => {
  const text = await decode(location.hash);
  if (text !== null && text !== editor.state.doc.toString()) setText(text);
});

// Colour the names of rulesets and functions as the engine lists them.
client.request("names").then((items) => {
  const names = (kind) => new Set(items.filter((c) => c.kind === kind).map((c) => c.label));
  editor.dispatch({ effects: language.reconfigure(cgtLanguage(names("class"), names("function"))) });
}, () => {}); // without the names, words are still coloured as names
evaluate();
window.cgtPlayground = { editor };
