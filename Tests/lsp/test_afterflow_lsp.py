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


TRIALS = VAULT / "clients" / "maya-t" / "sessions" / "2025" / "2025-01-14-1500.md"
GOAL = VAULT / "clients" / "maya-t" / "goals" / "s-initial.md"


def open_file(client: LanguageClient, path: pathlib.Path, text: str) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="markdown", version=1, text=text)
        )
    )
    return uri


def first_line(text: str, prefix: str) -> int:
    return next(i for i, line in enumerate(text.split("\n")) if line.startswith(prefix))


async def test_definition_of_a_goal_and_of_a_link(client: LanguageClient):
    text = TRIALS.read_text()
    uri = open_file(client, TRIALS, text)
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri),
                               position=types.Position(line=first_line(text, "- 15:02:23"), character=13))
    )
    assert found.uri == GOAL.as_uri()
    linking = SESSION.read_text() + "\nSee [[maya-t/s-initial]].\n"
    session = open_session(client, linking)
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=session),
                               position=types.Position(line=len(linking.split("\n")) - 2, character=8))
    )
    assert [location.uri for location in found] == [GOAL.as_uri()]


async def test_references_of_a_goal_are_its_trial_lines(client: LanguageClient):
    uri = open_file(client, GOAL, GOAL.read_text())
    found = await client.text_document_references_async(
        types.ReferenceParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=0),
                              context=types.ReferenceContext(include_declaration=False))
    )
    # Counted apart: every line of maya-t's sessions whose third word is s-initial.
    expected = 0
    for path in (VAULT / "clients" / "maya-t" / "sessions").rglob("*.md"):
        expected += sum(1 for line in path.read_text().split("\n") if line.split(" ")[2:3] == ["s-initial"] and line.startswith("- "))
    assert expected > 20
    assert len(found) == expected


def apply_edit(edit: types.WorkspaceEdit, root: pathlib.Path, into: pathlib.Path):
    """Applies a workspace edit made for `root` to the copy at `into`, as an editor does."""
    def local(uri: str) -> pathlib.Path:
        return into / pathlib.Path(uri.removeprefix("file://")).relative_to(root)
    for change in edit.document_changes:
        if isinstance(change, types.RenameFile):
            local(change.old_uri).rename(local(change.new_uri))
        elif isinstance(change, types.CreateFile):
            local(change.uri).write_text("")
        else:
            path = local(change.text_document.uri)
            lines = path.read_text().split("\n")
            for item in sorted(change.edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
                assert item.range.start.line == item.range.end.line
                line = lines[item.range.start.line]
                lines[item.range.start.line] = line[:item.range.start.character] + item.new_text + line[item.range.end.character:]
            path.write_text("\n".join(lines))


async def test_a_goal_rename_applied_leaves_check_clean(client: LanguageClient):
    import subprocess
    text = TRIALS.read_text()
    uri = open_file(client, TRIALS, text)
    position = types.Position(line=first_line(text, "- 15:02:23"), character=13)
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position, new_name="s-start")
    )
    kinds = [type(change).__name__ for change in edit.document_changes]
    assert kinds[-1] == "RenameFile" and kinds.count("TextDocumentEdit") == len(kinds) - 1
    copy = pathlib.Path(TEMP) / "renamed"
    shutil.copytree(VAULT, copy)
    apply_edit(edit, VAULT, copy)
    assert (copy / "clients" / "maya-t" / "goals" / "s-start.md").exists()
    assert " s-initial " not in (copy / TRIALS.relative_to(VAULT)).read_text()
    check = subprocess.run([BINARY, "check", "--vault", str(copy)], capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stderr
    assert "error" not in check.stderr


async def test_create_goal_file_is_offered_for_an_unknown_goal(client: LanguageClient):
    text = TRIALS.read_text() + "- 15:20:00 blends + independent\n"
    uri = open_file(client, TRIALS, text)
    line = first_line(text, "- 15:20:00 blends")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(text_document=types.TextDocumentIdentifier(uri=uri),
                               range=types.Range(start=types.Position(line=line, character=0), end=types.Position(line=line, character=0)),
                               context=types.CodeActionContext(diagnostics=[]))
    )
    titles = [action.title for action in actions]
    assert "Create goal file clients/maya-t/goals/blends.md" in titles


async def test_a_sessions_id_has_a_hover_with_its_day_treatment_and_status(client: LanguageClient):
    # ExampleVault's MEQ-30 of 2025-09-20 names its session on line 7 (index 6) by id: the
    # psilocybin session of that Saturday at 11:00, whose reflections are still to write.
    assessment = VAULT / "assessments" / "2025" / "2025-09-20-2130-meq30.md"
    text = assessment.read_text()
    assert text.split("\n")[6] == "session: 29F8F0B2-69AA-439D-B61D-2A8079CCB844"
    uri = assessment.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="markdown", version=1, text=text)
        )
    )
    result = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=6, character=20))
    )
    assert result.contents.value.startswith("**Sat Sep 20, 2025, 11:00 AM** · Psilocybin · needs reflection")
    assert "sessions/2025/2025-09-20-psilocybin.md" in result.contents.value


async def test_a_trial_sessions_date_offers_the_next_session_on_a_tuesday(client: LanguageClient):
    # Maya's sessions are weekly on Tuesdays at 15:00: whatever today is, the next one offered
    # is a Tuesday at 15:00, no earlier than today (in the vault's zone, Los Angeles).
    import datetime
    import zoneinfo

    uri = (VAULT / "clients" / "maya-t" / "sessions" / "2030" / "new.md").as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="markdown", version=1, text="---\ntype: trials\ndate: \n---\n")
        )
    )
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=6))
    )
    item = next(i for i in result.items if i.label == "next session")
    offered = datetime.datetime.fromisoformat(item.insert_text)
    today = datetime.datetime.now(zoneinfo.ZoneInfo("America/Los_Angeles")).date()
    assert offered.strftime("%a %H:%M:%S") == "Tue 15:00:00"
    assert today <= offered.date() < today + datetime.timedelta(days=7)
