// Unit tests of the manual entry command's text handling (src/manual.ts), with node's test
// runner: `npm test` compiles and runs them; no VS Code needed.

import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { docMarkdown, nameAt } from '../manual';

test('the name under the cursor, or just before it', () => {
    const line = 'x = mock_turtles[1, 4] + temp({3 | -2})';
    assert.equal(nameAt(line, 4), 'mock_turtles');
    assert.equal(nameAt(line, 10), 'mock_turtles');
    assert.equal(nameAt(line, 16), 'mock_turtles');
    assert.equal(nameAt(line, 27), 'temp');
    assert.equal(nameAt(line, 18), undefined);
    assert.equal(nameAt('', 0), undefined);
});

test("`cgt doc`'s example lines are fenced and the book's path kept", () => {
    const doc =
        '**nim**: Nim (gives a game)\n\n```cgt\nnim[3, 4, 5] k=2\n```\n\n**Limits**: any size\n\n' +
        'Example:\n1 │ nim[3, 4, 5] k=2   = N\n\nIn the book: docs/src/reference/rulesets.md#nim\n';
    assert.equal(
        docMarkdown('nim', doc),
        '# nim\n\n**nim**: Nim (gives a game)\n\n```cgt\nnim[3, 4, 5] k=2\n```\n\n**Limits**: any size\n\n' +
            '## Example\n\n```text\n1 │ nim[3, 4, 5] k=2   = N\n```\n\nIn the book: docs/src/reference/rulesets.md#nim\n',
    );
});

test('text without an example is shown as it is', () => {
    assert.equal(docMarkdown('x', 'plain'), '# x\n\nplain');
});
