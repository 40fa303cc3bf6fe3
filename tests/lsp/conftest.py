"""End-to-end tests of `cgt lsp`, driven over stdio by pytest-lsp.

Every test gets a fresh server process (`$CGT_BIN lsp`, default `target/debug/cgt`). The
server evaluates off the request path and *pushes* its results: `publishDiagnostics` after
each evaluation step, followed by a `workspace/inlayHint/refresh` request. The helpers here
wait for those with timeouts (polling inlay hints until they stop being `…`, or waiting for
the diagnostics of a given document version to satisfy a predicate); no test relies on a
sleep alone.

Initialization options can be set per test with
`@pytest.mark.init_options({"budgetMs": 1000})`.
"""

from __future__ import annotations

import asyncio
import os
import pathlib
import time
from typing import Any, Callable

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features
from pytest_lsp.protocol import LanguageClientProtocol

ROOT = pathlib.Path(__file__).resolve().parents[2]
CGT_BIN = os.environ.get("CGT_BIN", str(ROOT / "target" / "debug" / "cgt"))

# Generous bounds: CI machines are small (2 cores) and the server may be a debug build.
TIMEOUT = float(os.environ.get("CGT_LSP_TIMEOUT", "20"))
# Requests are answered off the evaluation path, so they get less.
REQUEST_TIMEOUT = float(os.environ.get("CGT_LSP_REQUEST_TIMEOUT", "10"))

PENDING = "…"


def pytest_configure(config):
    config.addinivalue_line("markers", "init_options(opts): initializationOptions sent to the server")
    if not pathlib.Path(CGT_BIN).is_file():
        raise pytest.UsageError(f"cgt binary not found at {CGT_BIN} (set CGT_BIN or run tests/lsp/run.sh)")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


class GuardedProtocol(LanguageClientProtocol):
    """pytest-lsp's protocol, but no request waits forever: a request to a server that has
    exited fails at once, and every request has a timeout."""

    async def send_request_async(self, method, params=None, msg_id=None):
        process = self._server._server
        if process is not None and process.returncode is not None:
            raise RuntimeError(f"the server has exited (status {process.returncode}); cannot send {method}")
        answer = asyncio.ensure_future(super().send_request_async(method, params, msg_id))
        deadline = time.monotonic() + REQUEST_TIMEOUT
        while True:
            done, _ = await asyncio.wait({answer}, timeout=0.1)
            if done:
                return answer.result()
            # (asyncio may not notice the exit until the pipes close: look at the process.)
            if process is not None and process.returncode is not None:
                answer.cancel()
                raise RuntimeError(f"the server exited (status {process.returncode}) before answering {method}")
            if time.monotonic() > deadline:
                answer.cancel()
                raise AssertionError(f"no answer to {method} within {REQUEST_TIMEOUT} s")


class CgtClient(LanguageClient):
    """pytest-lsp's client, plus a record of every publishDiagnostics (with its version) and
    an answer to `workspace/inlayHint/refresh`."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.refresh_count = 0
        self.publishes: list[types.PublishDiagnosticsParams] = []
        self.latest: dict[str, types.PublishDiagnosticsParams] = {}
        self.changed = asyncio.Event()
        self.versions: dict[str, int] = {}

    def _poke(self):
        self.changed.set()

    async def server_exit(self, server):
        await super().server_exit(server)
        if self._stop_event.is_set():
            return
        # pytest-lsp fails the notifications waited for; fail the requests in flight too.
        reason = f"the server exited with status {server.returncode}"
        for fut in list(self.protocol._request_futures.values()):
            if not fut.done():
                fut.set_exception(RuntimeError(reason))
        self._poke()

    # ----------------------------------------------------------------- documents

    def open(self, text: str, name: str | None = None) -> str:
        """Opens a document with `text` (version 1) and returns its URI."""
        name = name or f"doc{len(self.versions)}.cgt"
        uri = f"file:///tmp/cgt-lsp-tests/{name}"
        self.versions[uri] = 1
        self.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=uri, language_id="cgt", version=1, text=text)
            )
        )
        return uri

    def change(self, uri: str, *changes: tuple[tuple[int, int, int, int] | None, str]) -> int:
        """Sends one didChange with `changes`, each `((l0, c0, l1, c1), text)` (an incremental
        edit) or `(None, text)` (full text); returns the new version."""
        self.versions[uri] += 1
        version = self.versions[uri]
        content = []
        for rng, text in changes:
            if rng is None:
                content.append(types.TextDocumentContentChangeWholeDocument(text=text))
            else:
                l0, c0, l1, c1 = rng
                content.append(
                    types.TextDocumentContentChangePartial(
                        range=types.Range(start=types.Position(l0, c0), end=types.Position(l1, c1)), text=text
                    )
                )
        self.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=content,
            )
        )
        return version

    # ----------------------------------------------------------------- waiting

    async def until(self, cond: Callable[[], Any], what: str, timeout: float = TIMEOUT, poll: float = 0.05):
        """Waits until `cond()` is truthy (checked whenever the server sends something, and
        every `poll` seconds); returns its value, or fails the test after `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            self.changed.clear()
            value = cond()
            if asyncio.iscoroutine(value):
                value = await value
            if value:
                return value
            if not self.alive():
                pytest.fail(f"the server exited (status {self._server.returncode}) while waiting for {what}")
            left = deadline - time.monotonic()
            if left <= 0:
                pytest.fail(f"timed out after {timeout} s waiting for {what}")
            try:
                await asyncio.wait_for(self.changed.wait(), timeout=min(poll, left))
            except asyncio.TimeoutError:
                pass

    async def hints(self, uri: str, line_count: int = 10_000) -> list[types.InlayHint]:
        """The inlay hints of the whole document, sorted by position."""
        result = await self.text_document_inlay_hint_async(
            types.InlayHintParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=types.Range(start=types.Position(0, 0), end=types.Position(line_count, 0)),
            )
        )
        return sorted(result or [], key=lambda h: (h.position.line, h.position.character))

    async def settled_hints(self, uri: str, timeout: float = TIMEOUT) -> list[types.InlayHint]:
        """Polls the inlay hints until none of them is `…` (still computing)."""

        async def check():
            hs = await self.hints(uri)
            return [hs] if all(label(h) != PENDING for h in hs) else None

        return (await self.until(check, f"inlay hints of {uri} without {PENDING}", timeout))[0]

    async def diagnostics_for(
        self,
        uri: str,
        version: int | None = None,
        pred: Callable[[list[types.Diagnostic]], bool] = lambda ds: True,
        timeout: float = TIMEOUT,
        what: str = "",
    ) -> list[types.Diagnostic]:
        """Waits until the latest published diagnostics of `uri` are for `version` (any
        version if None) and satisfy `pred`; returns them."""

        def check():
            p = self.latest.get(uri)
            if p is None or (version is not None and p.version != version):
                return None
            return [p.diagnostics] if pred(list(p.diagnostics)) else None

        desc = what or f"diagnostics of {uri} version {version}"
        return list((await self.until(check, desc, timeout))[0])

    def hints_by_line(self, hs: list[types.InlayHint]) -> dict[int, str]:
        out: dict[int, str] = {}
        for h in hs:
            assert h.position.line not in out, f"two hints on line {h.position.line}"
            out[h.position.line] = label(h)
        return out

    def alive(self) -> bool:
        return self._server is not None and self._server.returncode is None

    # ----------------------------------------------------------------- requests

    async def hover(self, uri: str, line: int, character: int) -> types.Hover | None:
        return await self.text_document_hover_async(
            types.HoverParams(text_document=TD(uri), position=pos(line, character))
        )

    async def complete(self, uri: str, line: int, character: int) -> list[types.CompletionItem]:
        r = await self.text_document_completion_async(
            types.CompletionParams(text_document=TD(uri), position=pos(line, character))
        )
        if r is None:
            return []
        return list(r.items if isinstance(r, types.CompletionList) else r)

    async def code_actions(self, uri: str, line: int, character: int, diagnostics=()) -> list[types.CodeAction]:
        r = await self.text_document_code_action_async(
            types.CodeActionParams(
                text_document=TD(uri),
                range=rng(line, character, line, character),
                context=types.CodeActionContext(diagnostics=list(diagnostics)),
            )
        )
        return [a for a in (r or []) if isinstance(a, types.CodeAction)]

    async def format(self, uri: str) -> list[types.TextEdit]:
        r = await self.text_document_formatting_async(
            types.DocumentFormattingParams(
                text_document=TD(uri), options=types.FormattingOptions(tab_size=4, insert_spaces=True)
            )
        )
        return list(r or [])

    async def settle(self, uri: str, version: int | None = None, timeout: float = TIMEOUT):
        """Hints without `…`, then the diagnostics of that version: (hints, diagnostics)."""
        hs = await self.settled_hints(uri, timeout)
        ds = await self.diagnostics_for(uri, version if version is not None else self.versions[uri], timeout=timeout)
        return hs, ds


def TD(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


def pos(line: int, character: int) -> types.Position:
    return types.Position(line=line, character=character)


def rng(l0: int, c0: int, l1: int, c1: int) -> types.Range:
    return types.Range(start=pos(l0, c0), end=pos(l1, c1))


def utf16_index(text: str, p: types.Position) -> int:
    """The Python string index of an LSP position (UTF-16 code units) in `text`."""
    lines = text.split("\n")
    index = sum(len(line) + 1 for line in lines[: p.line])
    units = 0
    for ch in lines[p.line] if p.line < len(lines) else "":
        if units >= p.character:
            break
        units += 2 if ord(ch) > 0xFFFF else 1
        index += 1
    return index


def apply_edits(text: str, edits) -> str:
    """Applies LSP TextEdits (non-overlapping, positions in the original text)."""
    spans = sorted(
        ((utf16_index(text, e.range.start), utf16_index(text, e.range.end), e.new_text) for e in edits),
        reverse=True,
    )
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def label(h: types.InlayHint) -> str:
    if isinstance(h.label, str):
        return h.label
    return "".join(part.value for part in h.label)


def _make_client() -> CgtClient:
    client = CgtClient(converter_factory=default_converter, protocol_cls=GuardedProtocol)
    # pytest-lsp's default handlers (configuration, logMessage, ...), but our own record of
    # publishDiagnostics, and an answer to workspace/inlayHint/refresh (which it lacks).
    defaults = {m: f for m, f in DEFAULT_CLIENT_FEATURES.items() if m != types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS}
    register_lsp_features(client, defaults)

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(ls: CgtClient, params: types.PublishDiagnosticsParams):
        ls.diagnostics[params.uri] = params.diagnostics
        ls.publishes.append(params)
        ls.latest[params.uri] = params
        ls._poke()

    @client.feature(types.WORKSPACE_INLAY_HINT_REFRESH)
    def on_refresh(ls: CgtClient, params):
        ls.refresh_count += 1
        ls._poke()
        return None

    return client


CLIENT_CAPABILITIES = types.ClientCapabilities(
    general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
    workspace=types.WorkspaceClientCapabilities(
        inlay_hint=types.InlayHintWorkspaceClientCapabilities(refresh_support=True),
        workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=False),
        configuration=True,
    ),
    text_document=types.TextDocumentClientCapabilities(
        synchronization=types.TextDocumentSyncClientCapabilities(),
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
            related_information=True, version_support=True
        ),
        inlay_hint=types.InlayHintClientCapabilities(),
        hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText]),
        completion=types.CompletionClientCapabilities(
            completion_item=types.ClientCompletionItemOptions(
                documentation_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText]
            )
        ),
        definition=types.DefinitionClientCapabilities(),
        references=types.ReferenceClientCapabilities(),
        rename=types.RenameClientCapabilities(prepare_support=True),
        formatting=types.DocumentFormattingClientCapabilities(),
        code_action=types.CodeActionClientCapabilities(
            code_action_literal_support=types.ClientCodeActionLiteralOptions(
                code_action_kind=types.ClientCodeActionKindOptions(
                    value_set=[types.CodeActionKind.QuickFix, types.CodeActionKind.Refactor]
                )
            )
        ),
        document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True),
    ),
)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[CGT_BIN, "lsp"], client_factory=_make_client))
async def client(lsp_client: CgtClient, request):
    marker = request.node.get_closest_marker("init_options")
    options = marker.args[0] if marker else None
    result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=CLIENT_CAPABILITIES,
            initialization_options=options,
            root_uri="file:///tmp/cgt-lsp-tests",
        )
    )
    lsp_client.server_info = result
    yield
    server = lsp_client._server
    call = getattr(request.node, "rep_call", None)
    if call is not None and not call.passed:
        # The test has failed already (perhaps because the server died): just clean up.
        try:
            if server is not None and server.returncode is None:
                await asyncio.wait_for(lsp_client.shutdown_session(), 5)
        except BaseException:  # noqa: BLE001 - nothing more to report
            pass
        return
    if server is not None and server.returncode is not None:
        pytest.fail(f"the server exited during the test with status {server.returncode}")
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)
    assert server is None or server.returncode == 0, f"the server exited with status {server.returncode}"
