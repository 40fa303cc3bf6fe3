// Unit tests of the server path resolution (src/serverPath.ts), with node's test runner:
// `npm test` compiles and runs them; no VS Code needed.

import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { Environment, INSTALL_COMMAND, notFoundMessage, resolveServerPath } from '../serverPath';

/** A POSIX machine whose executables are `files`. */
function posix(files: string[], over: Partial<Environment> = {}): Environment {
    return {
        folders: ['/work/cgt'],
        home: '/home/ada',
        pathVariable: '/usr/local/bin:/usr/bin',
        platform: 'linux',
        isExecutable: (f) => files.includes(f),
        ...over,
    };
}

test('the default `cgt` is found on PATH, in PATH order', () => {
    const r = resolveServerPath('cgt', posix(['/usr/bin/cgt', '/usr/local/bin/cgt']));
    assert.equal(r.command, '/usr/local/bin/cgt');
});

test('an empty or blank setting means the default `cgt`', () => {
    assert.equal(resolveServerPath('', posix(['/usr/bin/cgt'])).command, '/usr/bin/cgt');
    assert.equal(resolveServerPath('   ', posix(['/usr/bin/cgt'])).command, '/usr/bin/cgt');
    assert.equal(resolveServerPath(undefined, posix(['/usr/bin/cgt'])).command, '/usr/bin/cgt');
});

test("the default `cgt` falls back to the workspace's target/release, then target/debug", () => {
    assert.equal(
        resolveServerPath('cgt', posix(['/work/cgt/target/debug/cgt', '/work/cgt/target/release/cgt'])).command,
        '/work/cgt/target/release/cgt',
    );
    assert.equal(resolveServerPath('cgt', posix(['/work/cgt/target/debug/cgt'])).command, '/work/cgt/target/debug/cgt');
});

test('another bare name is looked up on PATH only', () => {
    const env = posix(['/work/cgt/target/release/cgt-dev', '/usr/bin/cgt']);
    const r = resolveServerPath('cgt-dev', env);
    assert.equal(r.command, undefined);
    assert.deepEqual(r.tried, ['/usr/local/bin/cgt-dev', '/usr/bin/cgt-dev']);
});

test('paths: absolute, relative to the first folder, ~ and ${workspaceFolder} expanded', () => {
    const env = posix(['/opt/cgt/bin/cgt', '/work/cgt/build/cgt', '/home/ada/.cargo/bin/cgt']);
    assert.equal(resolveServerPath('/opt/cgt/bin/cgt', env).command, '/opt/cgt/bin/cgt');
    assert.equal(resolveServerPath('build/cgt', env).command, '/work/cgt/build/cgt');
    assert.equal(resolveServerPath('./build/cgt', env).command, '/work/cgt/build/cgt');
    assert.equal(resolveServerPath('${workspaceFolder}/build/cgt', env).command, '/work/cgt/build/cgt');
    assert.equal(resolveServerPath('~/.cargo/bin/cgt', env).command, '/home/ada/.cargo/bin/cgt');
    assert.equal(resolveServerPath('${userHome}/.cargo/bin/cgt', env).command, '/home/ada/.cargo/bin/cgt');
});

test('a wrong path is not replaced by `cgt` from PATH', () => {
    const r = resolveServerPath('/opt/nowhere/cgt', posix(['/usr/bin/cgt']));
    assert.equal(r.command, undefined);
    assert.equal(r.isPath, true);
    assert.deepEqual(r.tried, ['/opt/nowhere/cgt']);
});

test('Windows: PATHEXT extensions and ; between PATH entries', () => {
    const env: Environment = {
        folders: ['C:\\work\\cgt'],
        home: 'C:\\Users\\ada',
        pathVariable: 'C:\\Windows;C:\\Users\\ada\\.cargo\\bin',
        pathExt: '.COM;.EXE',
        platform: 'win32',
        isExecutable: (f) => f === 'C:\\Users\\ada\\.cargo\\bin\\cgt.EXE',
    };
    assert.equal(resolveServerPath('cgt', env).command, 'C:\\Users\\ada\\.cargo\\bin\\cgt.EXE');
    assert.equal(resolveServerPath('~\\.cargo\\bin\\cgt', env).command, 'C:\\Users\\ada\\.cargo\\bin\\cgt.EXE');
});

test('not found on PATH: the message names the program and the install command', () => {
    const message = notFoundMessage(resolveServerPath('cgt', posix([])));
    assert.match(message, /`cgt` was not found on PATH or in the workspace's target\/release and target\/debug/);
    assert.ok(message.includes(`\`${INSTALL_COMMAND}\``), message);
    assert.match(message, /Install and editors/);
    assert.match(message, /cgt\.server\.path/);
});

test('a wrong cgt.server.path: the message names the file and how to fix the setting', () => {
    const message = notFoundMessage(resolveServerPath('~/bin/cgt', posix([])));
    assert.ok(message.includes('`cgt.server.path` is `~/bin/cgt`'), message);
    assert.ok(message.includes('/home/ada/bin/cgt is not an executable file'), message);
    assert.ok(message.includes(INSTALL_COMMAND), message);
});
