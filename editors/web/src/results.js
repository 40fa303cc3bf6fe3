// Evaluation results in the editor: values inline at the end of each statement (widgets, as VS
// Code shows inlay hints), errors inline and in the lint layer, and the problems list.
import { StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView, WidgetType } from "@codemirror/view";
import { setDiagnostics } from "@codemirror/lint";

/** A label after a statement. */
class LabelWidget extends WidgetType {
  constructor(label, className, title) {
    super();
    this.label = label;
    this.className = className;
    this.title = title;
  }
  eq(other) {
    return other.label === this.label && other.className === this.className && other.title === this.title;
  }
  toDOM() {
    const span = document.createElement("span");
    span.className = this.className;
    span.textContent = this.label;
    if (this.title) span.title = this.title;
    return span;
  }
}

const setLabels = StateEffect.define();

/** The inline labels; they move with edits until newer results replace them. */
export const labelsField = StateField.define({
  create: () => Decoration.none,
  update(labels, tr) {
    labels = labels.map(tr.changes);
    for (const e of tr.effects) if (e.is(setLabels)) labels = e.value;
    return labels;
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** A label widget at `pos`. */
function label(pos, text, className, title) {
  return Decoration.widget({ widget: new LabelWidget(text, className, title), side: 1 }).range(pos);
}

/**
 * Shows a view computed for an older text; `map(pos)` moves its positions to the current text.
 * Returns the diagnostics shown, in the current text's positions.
 */
export function showView(editor, view, map) {
  const labels = [];
  for (const h of view.hints) {
    const pending = h.label === "…";
    labels.push(label(map(h.at), h.label, pending ? "cgt-hint cgt-pending" : "cgt-hint", h.tooltip));
  }
  const diagnostics = view.diagnostics.map((d) => {
    const extra = d.labels.map((l) => `\n  ${l.message}`).join("");
    return { from: map(d.from), to: map(d.to), severity: d.severity, source: d.code, message: d.message + extra };
  });
  for (const d of diagnostics) {
    const first = d.message.split("\n")[0];
    labels.push(label(d.to, first, d.severity === "error" ? "cgt-error-inline" : "cgt-warning-inline", d.message));
  }
  const set = Decoration.set(labels, true);
  editor.dispatch(setDiagnostics(editor.state, diagnostics));
  editor.dispatch({ effects: setLabels.of(set) });
  return diagnostics;
}

/** Lists `diagnostics` in `panel`; a click selects the statement. */
export function showProblems(panel, editor, diagnostics) {
  panel.replaceChildren();
  for (const d of diagnostics) {
    const item = document.createElement("div");
    item.className = `problem ${d.severity}`;
    const line = editor.state.doc.lineAt(Math.min(d.from, editor.state.doc.length)).number;
    item.textContent = `line ${line}: [${d.source}] ${d.message}`;
    item.onclick = () => {
      editor.dispatch({ selection: { anchor: d.from, head: d.to }, scrollIntoView: true });
      editor.focus();
    };
    panel.append(item);
  }
}
