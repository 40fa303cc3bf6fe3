"""Checks editors/helix/*.toml without Helix (no Helix build can be installed from Debian 12,
PyPI, npm or crates.io): both files parse as TOML and hold what the README says they do.
Prints PASS/FAIL lines; exits 1 when a check fails."""

import pathlib
import sys
import tomllib

root = pathlib.Path(__file__).resolve().parents[2] / "editors" / "helix"
failed = False


def check(ok: bool, what: str) -> None:
    global failed
    print(f"{'PASS' if ok else 'FAIL'} helix-config: {what}")
    failed |= not ok


languages = tomllib.loads((root / "languages.toml").read_text(encoding="utf-8"))
server = languages.get("language-server", {}).get("cgt", {})
check(server.get("command") == "cgt" and server.get("args") == ["lsp"], "language-server.cgt runs `cgt lsp`")
server_known = {"command", "args", "environment", "config", "timeout", "required-root-patterns"}
check(set(server) <= server_known, "every language-server key is one Helix knows")
check(
    set(server.get("config", {})) == {"budgetMs", "unicode"},
    "its config (initializationOptions) has budgetMs and unicode",
)
cgt = [lang for lang in languages.get("language", []) if lang.get("name") == "cgt"]
check(len(cgt) == 1, "one [[language]] named cgt")
if cgt:
    lang = cgt[0]
    check(lang.get("file-types") == ["cgt"], "file-types = [\"cgt\"]")
    check(lang.get("language-servers") == ["cgt"], "language-servers = [\"cgt\"]")
    check(lang.get("comment-token") == "#", "comment-token = \"#\"")
    check(lang.get("scope") == "source.cgt", "scope matches the TextMate grammar's source.cgt")
    # Helix rejects a [[language]] with a key it does not know (serde deny_unknown_fields in
    # helix-core's LanguageConfiguration); these are its keys (Helix 25.07).
    known = {
        "name", "language-id", "scope", "file-types", "shebangs", "roots", "comment-token",
        "comment-tokens", "block-comment-tokens", "text-width", "soft-wrap", "auto-format",
        "formatter", "path-completion", "word-completion", "diagnostic-severity", "grammar",
        "injection-regex", "language-servers", "indent", "debugger", "auto-pairs", "rulers",
        "workspace-lsp-roots", "persistent-diagnostic-sources", "rainbow-brackets",
    }
    unknown = sorted(set(lang) - known)
    check(not unknown, f"every [[language]] key is one Helix knows{f' (not: {unknown})' if unknown else ''}")
    required = {"name", "scope", "file-types"}
    check(required <= set(lang), "the keys Helix requires (name, scope, file-types) are there")
config = tomllib.loads((root / "config.toml").read_text(encoding="utf-8"))
check(config.get("editor", {}).get("lsp", {}).get("display-inlay-hints") is True, "config.toml turns inlay hints on")
sys.exit(1 if failed else 0)
