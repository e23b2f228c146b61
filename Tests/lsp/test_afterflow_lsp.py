"""End-to-end: pytest-lsp (an independent client) drives `afterflow lsp` on a copy of ExampleVault.

Run: AFTERFLOW_BIN=.build/debug/afterflow python3 -m pytest Tests/lsp  (make test-lsp)
"""
import atexit
import os
import pathlib
import shutil
import tempfile

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("AFTERFLOW_BIN", str(ROOT / ".build" / "debug" / "afterflow"))
TEMP = tempfile.mkdtemp(prefix="afterflow-pytest-lsp-")
atexit.register(shutil.rmtree, TEMP, ignore_errors=True)
VAULT = pathlib.Path(TEMP) / "vault"
shutil.copytree(ROOT / "ExampleVault", VAULT)
SESSION = VAULT / "sessions" / "2024" / "2024-12-10-psilocybin.md"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp", "--vault", str(VAULT)]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("neovim"), root_uri=VAULT.as_uri())
    )
    yield
    await lsp_client.shutdown_session()


def open_session(client: LanguageClient, text: str) -> str:
    uri = SESSION.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="markdown", version=1, text=text)
        )
    )
    return uri


async def test_a_bad_mood_is_published_as_check_reports_it(client: LanguageClient):
    text = SESSION.read_text().replace("mood_before: 5", "mood_before: 11")
    uri = open_session(client, text)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    messages = [d.message for d in client.diagnostics[uri]]
    assert 'mood_before must be a whole number from 1 to 10, found "11"' in messages


async def test_an_incremental_change_clears_the_diagnostic(client: LanguageClient):
    text = SESSION.read_text().replace("mood_before: 5", "mood_before: 11")
    uri = open_session(client, text)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    # "mood_before: 11" is line 6: delete the second "1".
    change = types.TextDocumentContentChangePartial(
        range=types.Range(start=types.Position(line=6, character=14), end=types.Position(line=6, character=15)), text=""
    )
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2), content_changes=[change]
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert len(client.diagnostics[uri]) == 0


async def test_treatments_are_completed(client: LanguageClient):
    uri = open_session(client, "---\ntreatment: \n---\n")
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=11))
    )
    assert "psilocybin" in [item.label for item in result.items]


async def test_a_key_has_a_hover(client: LanguageClient):
    uri = open_session(client, SESSION.read_text())
    result = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=3, character=2))
    )
    assert result.contents.value.startswith("**treatment**")
