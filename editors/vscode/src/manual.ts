// The manual entry of the name under the cursor, for the "cgt: Open manual entry" command:
// finding the name and turning `cgt doc NAME`'s text into Markdown for VS Code's preview.
// Pure functions of text, so they are tested without VS Code (src/test/manual.test.ts).

/** The characters of a ruleset or function name (`mock_turtles`, `Tiny`). */
export const NAME = /[A-Za-z_][A-Za-z0-9_]*/;

/** The name at character `column` of `line` (the cursor may sit just after it), if any. */
export function nameAt(line: string, column: number): string | undefined {
    const word = new RegExp(NAME.source, 'g');
    for (let m = word.exec(line); m !== null; m = word.exec(line)) {
        if (m.index <= column && column <= m.index + m[0].length) {
            return m[0];
        }
    }
    return undefined;
}

/**
 * `cgt doc NAME`'s output as Markdown: the entry is Markdown already; the example's result
 * lines that follow "Example:" are fenced so that the preview keeps them as printed, and the
 * link to the book's page is kept as text (its path is in the repository, not on the web).
 */
export function docMarkdown(name: string, doc: string): string {
    const at = doc.indexOf('\n\nExample:\n');
    if (at < 0) {
        return `# ${name}\n\n${doc}`;
    }
    const entry = doc.slice(0, at);
    let rest = doc.slice(at + '\n\nExample:\n'.length);
    let book = '';
    const bookAt = rest.indexOf('In the book: ');
    if (bookAt >= 0) {
        book = rest.slice(bookAt).trim();
        rest = rest.slice(0, bookAt);
    }
    const example = rest.replace(/\n+$/, '');
    const tail = book === '' ? '' : `\n\n${book}`;
    return `# ${name}\n\n${entry}\n\n## Example\n\n\`\`\`text\n${example}\n\`\`\`${tail}\n`;
}
