// The cgt extension: starts the cgt language server (`cgt lsp`, LSP over stdio) for .cgt files.
// Colours come from the TextMate grammar (syntaxes/, copied from grammar/ at build time);
// everything else (inlay hints, diagnostics, hover, completion, rename, formatting, code
// actions) comes from the server.

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import {
    CloseAction,
    CloseHandlerResult,
    ErrorAction,
    ErrorHandler,
    ErrorHandlerResult,
    LanguageClient,
    LanguageClientOptions,
    ServerOptions,
} from 'vscode-languageclient/node';

/** A server that exits more often than this within RESTART_WINDOW_MS is not restarted again. */
const MAX_RESTARTS = 4;
const RESTART_WINDOW_MS = 3 * 60 * 1000;

/** The settings the server is started with; a change to any of them restarts it. */
const RESTART_SETTINGS = ['cgt.server.path', 'cgt.budget.milliseconds', 'cgt.unicode'];

/** What the server receives as `initializationOptions` in its `initialize` request. */
interface InitializationOptions {
    /** The time budget for evaluating one statement, in milliseconds. */
    budgetMs: number;
    /** Whether values are shown with ↑ ↓ ± rather than ^ v +-. */
    unicode: boolean;
}

let client: LanguageClient | undefined;
let outputChannel: vscode.OutputChannel | undefined;
/** Starts and stops run one after another, never interleaved. */
let queue: Promise<void> = Promise.resolve();

export function activate(context: vscode.ExtensionContext): Promise<void> {
    outputChannel = vscode.window.createOutputChannel('cgt Language Server');
    context.subscriptions.push(outputChannel);
    context.subscriptions.push(
        vscode.commands.registerCommand('cgt.restartServer', () => enqueue(restart)),
        vscode.workspace.onDidChangeConfiguration((e) => {
            if (RESTART_SETTINGS.some((s) => e.affectsConfiguration(s))) {
                void enqueue(restart);
            }
        }),
    );
    return enqueue(start);
}

export function deactivate(): Promise<void> {
    return enqueue(stop);
}

function enqueue(op: () => Promise<void>): Promise<void> {
    queue = queue.then(op, op);
    return queue;
}

async function restart(): Promise<void> {
    await stop();
    await start();
}

async function stop(): Promise<void> {
    const c = client;
    client = undefined;
    if (c === undefined) {
        return;
    }
    try {
        await c.stop();
    } catch (err) {
        log(`stopping the server failed: ${errorText(err)}`);
    }
}

async function start(): Promise<void> {
    const config = vscode.workspace.getConfiguration('cgt');
    const configured = config.get<string>('server.path', 'cgt').trim() || 'cgt';
    const command = resolveServerPath(configured);
    if (command === undefined) {
        const message =
            `cgt: the language server \`${configured}\` was not found. ` +
            'Build it with `cargo build --release` and put it on PATH, or set `cgt.server.path`.';
        log(message);
        void vscode.window.showErrorMessage(message, 'Open Settings').then((choice) => {
            if (choice === 'Open Settings') {
                void vscode.commands.executeCommand('workbench.action.openSettings', 'cgt.server.path');
            }
        });
        return;
    }

    const initializationOptions: InitializationOptions = {
        budgetMs: budgetMs(config.get<unknown>('budget.milliseconds')),
        unicode: config.get<boolean>('unicode', false),
    };
    const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    // No `transport`: the client then speaks over the process's stdin/stdout without adding a
    // `--stdio` argument (which `TransportKind.stdio` would), so the command is exactly `cgt lsp`.
    const serverOptions: ServerOptions = {
        command,
        args: ['lsp'],
        options: cwd === undefined ? {} : { cwd },
    };
    const status = { ready: false };
    const clientOptions: LanguageClientOptions = {
        documentSelector: [
            { scheme: 'file', language: 'cgt' },
            { scheme: 'untitled', language: 'cgt' },
        ],
        initializationOptions,
        outputChannel,
        errorHandler: errorHandler(status),
        // A failed `initialize` is reported once, by the catch below; no retry.
        initializationFailedHandler: () => false,
    };

    log(`starting ${command} lsp with ${JSON.stringify(initializationOptions)}`);
    const c = new LanguageClient('cgt', 'cgt Language Server', serverOptions, clientOptions);
    client = c;
    try {
        await c.start();
        status.ready = true;
        log('the server is running');
    } catch (err) {
        if (client === c) {
            client = undefined;
        }
        const message = `cgt: the language server \`${command} lsp\` could not be started: ${errorText(err)}`;
        log(message);
        void vscode.window.showErrorMessage(message);
    }
}

/**
 * Restarts a server that exits after it started, at most MAX_RESTARTS times in
 * RESTART_WINDOW_MS; a server that exits before it answered `initialize` is not restarted (the
 * failure is reported once, by `start`, and the restart command tries again).
 */
function errorHandler(status: { ready: boolean }): ErrorHandler {
    const exits: number[] = [];
    return {
        error(_error, _message, count): ErrorHandlerResult {
            // Before the server is ready, `start` reports the failure; do not pile up messages.
            const action = count !== undefined && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown;
            return { action, handled: !status.ready };
        },
        closed(): CloseHandlerResult {
            if (!status.ready) {
                return { action: CloseAction.DoNotRestart, handled: true };
            }
            const now = Date.now();
            exits.push(now);
            while (exits.length > 0 && now - exits[0] > RESTART_WINDOW_MS) {
                exits.shift();
            }
            if (exits.length > MAX_RESTARTS) {
                return {
                    action: CloseAction.DoNotRestart,
                    message:
                        `The cgt language server stopped ${exits.length} times in the last 3 minutes and will not ` +
                        'be restarted. See the "cgt Language Server" output for why; run "cgt: Restart Language ' +
                        'Server" to try again.',
                };
            }
            log('the server stopped unexpectedly; restarting it');
            return { action: CloseAction.Restart };
        },
    };
}

/**
 * The executable to start for the `cgt.server.path` setting, or undefined when there is none:
 * `~` and `${workspaceFolder}` are expanded; a path with a directory is taken from the first
 * workspace folder when relative; a bare name is looked up on PATH and, for the default `cgt`,
 * in the workspace's own build (`target/release/cgt`, then `target/debug/cgt`).
 */
function resolveServerPath(configured: string): string | undefined {
    const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
    let p = configured.replace(/\$\{workspaceFolder\}/g, folders[0] ?? '.').replace(/\$\{userHome\}/g, os.homedir());
    if (p === '~' || p.startsWith('~/') || p.startsWith('~\\')) {
        p = path.join(os.homedir(), p.slice(1));
    }
    if (p.includes('/') || p.includes('\\')) {
        const full = path.isAbsolute(p) || folders.length === 0 ? p : path.join(folders[0], p);
        return executable(full);
    }
    for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
        if (dir !== '') {
            const found = executable(path.join(dir, p));
            if (found !== undefined) {
                return found;
            }
        }
    }
    if (configured === 'cgt') {
        for (const folder of folders) {
            for (const profile of ['release', 'debug']) {
                const found = executable(path.join(folder, 'target', profile, 'cgt'));
                if (found !== undefined) {
                    return found;
                }
            }
        }
    }
    return undefined;
}

/** `file` (or, on Windows, `file` with an extension of PATHEXT) when it is an executable file. */
function executable(file: string): string | undefined {
    const candidates =
        process.platform === 'win32'
            ? ['', ...(process.env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';')].map((ext) => file + ext)
            : [file];
    for (const candidate of candidates) {
        try {
            if (fs.statSync(candidate).isFile()) {
                fs.accessSync(candidate, fs.constants.X_OK);
                return candidate;
            }
        } catch {
            // Not there, or not executable: try the next one.
        }
    }
    return undefined;
}

/** The `cgt.budget.milliseconds` setting as a positive whole number (2000 when it is not a number). */
function budgetMs(value: unknown): number {
    return typeof value === 'number' && Number.isFinite(value) ? Math.max(1, Math.floor(value)) : 2000;
}

function log(message: string): void {
    outputChannel?.appendLine(`[${new Date().toISOString()}] ${message}`);
}

function errorText(err: unknown): string {
    return err instanceof Error ? err.message : String(err);
}
