// Colours for cgt text: comments, strings, numbers, keywords, and the names of rulesets and
// functions as the engine itself lists them (its completions), so nothing here repeats them.
import { StreamLanguage, HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";

const KEYWORDS = new Set(["let", "is", "misere", "def", "rule", "for", "in", "if", "then", "else"]);
const OUTCOMES = new Set(["L", "R", "P", "N", "win", "loss", "draw"]);

/** The language, knowing the given ruleset and function names. */
export function cgtLanguage(rulesets = new Set(), functions = new Set()) {
  return StreamLanguage.define({
    name: "cgt",
    token(stream) {
      if (stream.eatSpace()) return null;
      if (stream.match("#")) {
        stream.skipToEnd();
        return "comment";
      }
      if (stream.match(/^"[^"]*"?/)) return "string";
      if (stream.match(/^[0-9]+/)) return "number";
      const word = stream.match(/^[A-Za-z_][A-Za-z0-9_']*/);
      if (word) return classify(word[0], rulesets, functions);
      if (stream.match(/^(==|<=|>=|<\||\|>|\|\||[<>|])/)) return "compareOperator";
      stream.next();
      return null;
    },
    languageData: { commentTokens: { line: "#" } },
  });
}

/** The colour class of a word. */
function classify(word, rulesets, functions) {
  if (KEYWORDS.has(word)) return "keyword";
  if (OUTCOMES.has(word)) return "atom";
  if (rulesets.has(word)) return "typeName";
  if (functions.has(word)) return "variableName.function";
  if (/^[BWG_]+$/.test(word)) return "literal";
  return "variableName";
}

/** The colours. */
export const cgtHighlight = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.comment, color: "#6e7781", fontStyle: "italic" },
    { tag: tags.keyword, color: "#cf222e" },
    { tag: tags.number, color: "#0550ae" },
    { tag: tags.string, color: "#0a3069" },
    { tag: tags.atom, color: "#953800" },
    { tag: tags.typeName, color: "#8250df" },
    { tag: tags.function(tags.variableName), color: "#0550ae", fontWeight: "bold" },
    { tag: tags.literal, color: "#116329" },
    { tag: tags.compareOperator, color: "#cf222e" },
  ]),
);
