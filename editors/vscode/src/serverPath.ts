// Finding the `cgt` executable for the `cgt.server.path` setting, and what to say when there is
// none. Pure: no `vscode` import, the file system and the environment come in as arguments, so
// `npm test` checks it with node's test runner.

import * as path from 'path';

/** The command that installs the server from a clone of the cgt repository. */
export const INSTALL_COMMAND = 'cargo install --path crates/cgt-cli';

/** The default of `cgt.server.path`. */
export const DEFAULT_SERVER = 'cgt';

/** What `resolveServerPath` needs from the machine. */
export interface Environment {
    /** The workspace folders' paths, the first one first. */
    folders: string[];
    /** The user's home directory (for `~` and `${userHome}`). */
    home: string;
    /** The PATH variable. */
    pathVariable: string;
    /** PATHEXT on Windows (undefined elsewhere). */
    pathExt?: string;
    /** `process.platform`. */
    platform: NodeJS.Platform;
    /** Whether `file` is an executable file. */
    isExecutable(file: string): boolean;
}

/** The outcome of resolving the setting: the command to start, or what was looked at. */
export interface Resolution {
    /** The setting after trimming (the default when empty). */
    configured: string;
    /** The executable to start as `COMMAND lsp`, when one was found. */
    command?: string;
    /** Whether the setting names a path (with a directory) rather than a name to look up. */
    isPath: boolean;
    /** The files that were tried, in order (for the message when none is there). */
    tried: string[];
}

/**
 * The executable for the `cgt.server.path` setting: `~`, `${userHome}` and `${workspaceFolder}`
 * are expanded; a path with a directory is taken from the first workspace folder when relative;
 * a bare name is looked up on PATH and, for the default `cgt`, in the workspace's own build
 * (`target/release/cgt`, then `target/debug/cgt`).
 */
export function resolveServerPath(setting: string | undefined, env: Environment): Resolution {
    const configured = (setting ?? '').trim() || DEFAULT_SERVER;
    const paths = env.platform === 'win32' ? path.win32 : path.posix;
    const tried: string[] = [];
    const found = (file: string): string | undefined => {
        for (const candidate of withExtensions(file, env)) {
            tried.push(candidate);
            if (env.isExecutable(candidate)) {
                return candidate;
            }
        }
        return undefined;
    };

    let p = configured
        .replace(/\$\{workspaceFolder\}/g, env.folders[0] ?? '.')
        .replace(/\$\{userHome\}/g, env.home);
    if (p === '~' || p.startsWith('~/') || p.startsWith('~\\')) {
        p = paths.join(env.home, p.slice(1));
    }
    if (p.includes('/') || p.includes('\\')) {
        const full = paths.isAbsolute(p) || env.folders.length === 0 ? p : paths.join(env.folders[0], p);
        return { configured, command: found(full), isPath: true, tried };
    }
    const delimiter = env.platform === 'win32' ? ';' : ':';
    for (const dir of env.pathVariable.split(delimiter)) {
        if (dir !== '') {
            const command = found(paths.join(dir, p));
            if (command !== undefined) {
                return { configured, command, isPath: false, tried };
            }
        }
    }
    if (configured === DEFAULT_SERVER) {
        for (const folder of env.folders) {
            for (const profile of ['release', 'debug']) {
                const command = found(paths.join(folder, 'target', profile, DEFAULT_SERVER));
                if (command !== undefined) {
                    return { configured, command, isPath: false, tried };
                }
            }
        }
    }
    return { configured, isPath: false, tried };
}

/** `file`, and on Windows `file` with each extension of PATHEXT. */
function withExtensions(file: string, env: Environment): string[] {
    if (env.platform !== 'win32') {
        return [file];
    }
    const exts = (env.pathExt ?? '.EXE;.CMD;.BAT').split(';').filter((e) => e !== '');
    return [file, ...exts.map((ext) => file + ext)];
}

/**
 * The error shown when no server was found: what was looked for, and how to install it (the
 * one command, or the README's install section), or how to fix the setting.
 */
export function notFoundMessage(resolution: Resolution): string {
    const install =
        `Install it with \`${INSTALL_COMMAND}\` from a clone of the cgt repository ` +
        '(see "Install and editors" in its README), then reload the window';
    if (resolution.isPath) {
        const where = resolution.tried[0] ?? resolution.configured;
        return (
            `cgt: the language server was not found: \`cgt.server.path\` is \`${resolution.configured}\`, ` +
            `and ${where} is not an executable file. ${install}, or set \`cgt.server.path\` to the cgt ` +
            'executable (or clear it to use `cgt` from PATH).'
        );
    }
    const lookedIn =
        resolution.configured === DEFAULT_SERVER
            ? "on PATH or in the workspace's target/release and target/debug"
            : 'on PATH';
    return (
        `cgt: the language server \`${resolution.configured}\` was not found ${lookedIn}. ` +
        `${install}, or set \`cgt.server.path\` to the cgt executable.`
    );
}
