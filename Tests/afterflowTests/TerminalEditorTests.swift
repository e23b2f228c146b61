import Foundation
import Testing

/// The real vim and nano, driven through a pseudo-terminal: the editor must run in the terminal's
/// foreground (a background editor is stopped, or exits 1, as soon as it touches the terminal) and
/// the terminal must be as it was afterwards. `make test` installs vim and nano.
@Suite("editors on a real terminal")
struct TerminalEditorTests {
    static let editors = ["vim", "nano"].filter(PseudoTerminal.installed)
    static let ready = PseudoTerminal.python != nil && afterflowBinary != nil
    static let missing = "needs python3, vim and nano (make test-deps installs them: apt-get install -y vim nano)"

    /// The keys that change `mood_before: 5` to 8 and write a line at the end, then save and quit.
    static func editSession(in editor: String) -> [PseudoTerminal.Step] {
        switch editor {
        case "vim":
            [.expect("mood_before: 5"), .type(":%s/^mood_before: 5$/mood_before: 8/\r"),
             .type("GoTyped at the terminal.\u{1B}"), .pause(0.3), .type(":wq\r")]
        default:
            // ^W searches, ^K cuts the line, M-/ goes to the end, ^S saves, ^X quits.
            [.expect("mood_before: 5"), .type("\u{17}mood_before: 5\r"), .type("\u{0B}mood_before: 8\r"),
             .type("\u{1B}/Typed at the terminal."), .type("\u{13}"), .type("\u{18}")]
        }
    }

    /// The keys that write `text` on the first line of reflect's scratch file (an empty line,
    /// then afterflow's comment), then save and quit.
    static func write(_ text: String, in editor: String) -> [PseudoTerminal.Step] {
        switch editor {
        case "vim": [.expect("your reflection for"), .type("i\(text)\u{1B}"), .pause(0.3), .type(":wq\r")]
        default: [.expect("Where Is"), .type(text), .type("\u{13}"), .type("\u{18}")]
        }
    }

    @Test("edit: the editor runs in the terminal's foreground, the field and the text are saved as typed",
          .enabled(if: ready && editors.count == 2, Comment(rawValue: missing)), arguments: ["vim", "nano"])
    func edit(editor: String) throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let run = try sandbox.runOnPseudoTerminal(["edit", "2024-12-10"], directory: "vault", environment: ["EDITOR": editor],
                                                      steps: Self.editSession(in: editor) + [.expect("Saved \(path) · complete")])
            #expect(run.failure == nil, "\(run)")
            #expect(run.status == 0, "\(run)")
            let text = try sandbox.readText("vault/" + path)
            #expect(frontMatterValue(text, "mood_before") == "8", "\(text)")
            #expect(frontMatterValue(text, "status") == "complete", "\(text)")
            #expect(text.hasSuffix("## Reflections\nTyped at the terminal.\n"), "\(text)")
            #expect(run.sttyBefore == run.sttyAfter, "the terminal's modes are as they were: \(run)")
        }
    }

    @Test("reflect without text: the reflection is written in the editor on the terminal",
          .enabled(if: ready && editors.count == 2, Comment(rawValue: missing)), arguments: ["vim", "nano"])
    func reflect(editor: String) throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let run = try sandbox.runOnPseudoTerminal(["reflect", "2024-12-10"], directory: "vault", environment: ["EDITOR": editor],
                                                      steps: Self.write("Written in \(editor).", in: editor) + [.expect("Reflection saved")])
            #expect(run.failure == nil, "\(run)")
            #expect(run.status == 0, "\(run)")
            let entries = reflectionEntries(try sandbox.readText("vault/" + path))
            #expect(entries.count == 1 && entries[0].hasSuffix("] Written in \(editor)."), "\(entries)")
            #expect(run.sttyBefore == run.sttyAfter, "the terminal's modes are as they were: \(run)")
        }
    }

    @Test("the terminal's modes are put back when the editor leaves it raw and without echo",
          .enabled(if: ready, Comment(rawValue: missing)))
    func modesRestored() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let editor = try sandbox.script("raw-editor.sh", "stty raw -echo\nprintf '\\nLeft the terminal raw.\\n' >> \"$1\"")
            let run = try sandbox.runOnPseudoTerminal(["edit", path], directory: "vault", environment: ["EDITOR": editor],
                                                      steps: [.expect("Saved \(path) · complete")])
            #expect(run.failure == nil, "\(run)")
            #expect(run.status == 0, "\(run)")
            #expect(try sandbox.readText("vault/" + path).hasSuffix("Left the terminal raw.\n"))
            #expect(run.sttyBefore.contains(" echo ") && run.sttyBefore.contains(" icanon "), "\(run)")
            #expect(run.sttyBefore == run.sttyAfter, "the terminal's modes are as they were: \(run)")
        }
    }

    @Test("Ctrl-C reaches the editor, not afterflow: afterflow says so, changes nothing and puts the terminal back",
          .enabled(if: ready, Comment(rawValue: missing)))
    func interrupted() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let before = try sandbox.read("vault/" + path)
            let editor = try sandbox.script("slow-editor.sh", "stty -echo -icanon\necho 'editor is waiting'\nsleep 30")
            let run = try sandbox.runOnPseudoTerminal(["edit", path], directory: "vault", environment: ["EDITOR": editor],
                                                      steps: [.expect("editor is waiting"), .type("\u{03}"),
                                                              .expect("afterflow changed nothing")])
            #expect(run.failure == nil, "\(run)")
            #expect(run.status == 1, "afterflow ends by itself, not by the signal: \(run)")
            #expect(run.screen.contains("error: the editor '\(editor)' "), "\(run)")
            #expect(try sandbox.read("vault/" + path) == before)
            #expect(run.sttyBefore == run.sttyAfter, "the terminal's modes are as they were: \(run)")
        }
    }
}
