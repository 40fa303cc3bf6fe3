// The cgt extension: starts the cgt language server (`cgt lsp`, LSP over stdio) for .cgt files.
// Colours come from the TextMate grammar (syntaxes/, copied from grammar/ at build time);
// everything else (inlay hints, diagnostics, hover, completion, rename, formatting, code
// actions) comes from the server.

import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
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
import { docMarkdown, nameAt } from './manual';
import { DEFAULT_SERVER, Environment, INSTALL_COMMAND, notFoundMessage, resolveServerPath } from './serverPath';

/** A server that exits more often than this within RESTART_WINDOW_MS is not restarted again. */
const MAX_RESTARTS = 4;
const RESTART_WINDOW_MS = 3 * 60 * 1000;

/** The settings the server is started with; a change to any of them restarts it. */
const RESTART_SETTINGS = ['cgt.server.path', 'cgt.budget.milliseconds', 'cgt.unicode', 'cgt.manual.url'];

/** The scheme of the virtual Markdown documents that show manual entries. */
const MANUAL_SCHEME = 'cgt-manual';

/** What the server receives as `initializationOptions` in its `initialize` request. */
interface InitializationOptions {
    /** The time budget for evaluating one statement, in milliseconds. */
    budgetMs: number;
    /** Whether values are shown with ↑ ↓ ± rather than ^ v +-. */
    unicode: boolean;
    /** The base URL of the built book; the hover of a ruleset or function name then ends with a link to its entry. */
    manualUrl: string;
}

/** The buttons of the "server not found" message. */
const COPY_INSTALL = 'Copy Install Command';
const OPEN_SETTINGS = 'Open Settings';

let client: LanguageClient | undefined;
let outputChannel: vscode.OutputChannel | undefined;
/** Starts and stops run one after another, never interleaved. */
let queue: Promise<void> = Promise.resolve();

export function activate(context: vscode.ExtensionContext): Promise<void> {
    outputChannel = vscode.window.createOutputChannel('cgt Language Server');
    context.subscriptions.push(outputChannel);
    context.subscriptions.push(
        vscode.commands.registerCommand('cgt.restartServer', () => enqueue(restart)),
        vscode.commands.registerCommand('cgt.openManualEntry', openManualEntry),
        vscode.workspace.registerTextDocumentContentProvider(MANUAL_SCHEME, manualPages),
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
    const resolution = resolveServerPath(config.get<string>('server.path', DEFAULT_SERVER), machine());
    const command = resolution.command;
    if (command === undefined) {
        const message = notFoundMessage(resolution);
        log(`${message} (tried ${resolution.tried.length === 0 ? 'nothing' : resolution.tried.join(', ')})`);
        void vscode.window.showErrorMessage(message, COPY_INSTALL, OPEN_SETTINGS).then((choice) => {
            if (choice === COPY_INSTALL) {
                void vscode.env.clipboard.writeText(INSTALL_COMMAND).then(() =>
                    vscode.window.showInformationMessage(
                        `Copied \`${INSTALL_COMMAND}\`: run it in a clone of the cgt repository, then run "cgt: Restart Language Server".`,
                    ),
                );
            } else if (choice === OPEN_SETTINGS) {
                void vscode.commands.executeCommand('workbench.action.openSettings', 'cgt.server.path');
            }
        });
        return;
    }

    const initializationOptions: InitializationOptions = {
        budgetMs: budgetMs(config.get<unknown>('budget.milliseconds')),
        unicode: config.get<boolean>('unicode', false),
        manualUrl: config.get<string>('manual.url', '').trim(),
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
        const message =
            `cgt: the language server \`${command} lsp\` could not be started: ${errorText(err)}. ` +
            `If it is missing or out of date, install it with \`${INSTALL_COMMAND}\` from a clone of the cgt repository.`;
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

/** The Markdown of the manual entries opened so far, by the URI of their virtual document. */
const manualTexts = new Map<string, string>();
const manualPages: vscode.TextDocumentContentProvider = {
    provideTextDocumentContent: (uri) => manualTexts.get(uri.toString()) ?? '',
};

/**
 * "cgt: Open manual entry": `cgt doc NAME` for the name under the cursor, shown in a Markdown
 * preview. It runs the same `cgt` as the server, so it works offline and always matches it.
 */
async function openManualEntry(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const cursor = editor?.selection.active;
    const name = editor && cursor && nameAt(editor.document.lineAt(cursor.line).text, cursor.character);
    if (!name) {
        void vscode.window.showInformationMessage('cgt: put the cursor on a ruleset or function name, such as `nim` or `temp`.');
        return;
    }
    const config = vscode.workspace.getConfiguration('cgt');
    const resolution = resolveServerPath(config.get<string>('server.path', DEFAULT_SERVER), machine());
    if (resolution.command === undefined) {
        void vscode.window.showErrorMessage(notFoundMessage(resolution));
        return;
    }
    const result = await new Promise<{ ok: boolean; out: string; err: string }>((resolve) =>
        execFile(resolution.command as string, ['doc', name], { timeout: 30_000 }, (error, out, err) =>
            resolve({ ok: error === null, out, err }),
        ),
    );
    if (!result.ok) {
        // `cgt doc` says what is wrong: an unknown name, with the closest one.
        const message = result.err.trim() || `\`cgt doc ${name}\` failed`;
        void vscode.window.showErrorMessage(`cgt: ${message.replace(/\n/g, ' ')}`);
        return;
    }
    const uri = vscode.Uri.from({ scheme: MANUAL_SCHEME, path: `${name}.md` });
    manualTexts.set(uri.toString(), docMarkdown(name, result.out));
    await vscode.commands.executeCommand('markdown.showPreview', uri);
}

/** This machine, for `resolveServerPath`. */
function machine(): Environment {
    return {
        folders: (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath),
        home: os.homedir(),
        pathVariable: process.env.PATH ?? '',
        pathExt: process.env.PATHEXT,
        platform: process.platform,
        isExecutable,
    };
}

/** Whether `file` is an executable file. */
function isExecutable(file: string): boolean {
    try {
        if (!fs.statSync(file).isFile()) {
            return false;
        }
        fs.accessSync(file, fs.constants.X_OK);
        return true;
    } catch {
        return false;
    }
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
