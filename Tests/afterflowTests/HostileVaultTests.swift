@testable import afterflow
import ArgumentParser
import Foundation
import Testing

/// Every command, run on a terminal over a vault whose every text field holds escape sequences,
/// shows them instead of obeying them (#20 item 6). Such text arrives by hand edits and by `git
/// sync`: a client named `Ana ESC]0;PWN BEL Lima` must not retitle the terminal, `ESC[2J` must not
/// clear it, and the C1 control U+009B (a one-byte CSI to some terminals) must not reach it.
///
/// The list of runs is checked against the command tree: a command added without an entry here
/// fails `everyCommandHasARun`, so a new command is covered without anyone remembering.
@Suite("a hostile vault on a terminal", .serialized)
struct HostileVaultTests {
    /// Put into every text field, file name and setting: OSC (retitle), CSI (clear), C1 CSI.
    static let payload = "\u{1B}]0;PWN\u{07}\u{1B}[2J\u{9B}2J"
    /// What the terminal must never receive: the payload's sequences, raw.
    static let forbidden: [(name: String, bytes: [UInt8])] = [
        ("OSC ESC]0;PWN", Array("\u{1B}]0;PWN".utf8)), ("BEL", [0x07]), ("CSI ESC[2J", Array("\u{1B}[2J".utf8)),
        ("C1 U+009B", [0xC2, 0x9B]),
    ]

    /// Commands that wait for keys or serve until stopped, and the tests that run them on a
    /// terminal over hostile text instead.
    static let elsewhere: [String: String] = [
        "log": "HostileVaultTests.logOnTerminal",
        "serve": "ServeTests (the page escapes HTML; the terminal shows only the address)",
        "lsp": "LspTests and HostileInputTests (JSON-RPC on standard output, never a terminal)",
    ]

    /// Every leaf command with the arguments it runs with, in this order, in the hostile vault
    /// (the current folder). Several runs of one command are several entries.
    static let runs: [(command: String, arguments: [String])] = [
        ("check", ["check"]),
        ("list", ["list"]),
        ("list", ["list", "--format", "paths"]),
        ("list", ["list", "--kind", "trials", "--format", "paths"]),
        ("list", ["list", "--kind", "goal"]),
        ("list", ["list", "--kind", "client"]),
        ("list", ["list", "--kind", "mood"]),
        ("list", ["list", "--where", "custom_note=x"]),
        ("show", ["show", "2024-12-10"]),
        ("search", ["search", "peaceful"]),
        ("search", ["search", "PWN", "--all"]),
        ("stats", ["stats"]),
        ("tags", ["tags"]),
        ("drafts", ["drafts"]),
        ("due", ["due", "--verbose"]),
        ("reminders", ["reminders"]),
        ("index", ["index"]),
        ("fmt", ["fmt", "--check"]),
        ("set", ["set", "2024-12-10", "mood_after=9"]),
        ("reflect", ["reflect", "2024-12-10", "Still calm."]),
        ("remind", ["remind", "2024-07-14", "tomorrow"]),
        ("edit", ["edit", "2024-12-10"]),
        ("open", ["open", "2024-12-10"]),
        ("new", ["new", "--treatment", "lsd", "--mood-before", "5", "--intention", "Listen.", "--remind", "none"]),
        ("delete", ["delete", "2024-12-10", "--yes"]),
        ("trash", ["trash"]),
        ("undo", ["undo"]),
        ("export csv", ["export", "csv", "-o", "../out/sessions.csv"]),
        ("export html", ["export", "html", "-o", "../out/report.html"]),
        ("export pdf", ["export", "pdf", "-o", "../out/report.pdf"]),
        ("export json", ["export", "json", "-o", "../out/sessions.json"]),
        ("export progress", ["export", "progress", "maya-t", "-o", "../out/"]),
        ("export progress", ["export", "progress", "maya-t", "--period", "--dry-run", "-o", "../out/period.html"]),
        ("export trials csv", ["export", "trials", "csv", "-o", "../out/trials.csv"]),
        ("export fhir", ["export", "fhir", "-o", "../out/fhir.json"]),
        ("import csv", ["import", "csv", "../hostile-sessions.csv", "--dry-run"]),
        ("import trials csv", ["import", "trials", "csv", "../hostile-trials.csv", "--dry-run"]),
        ("import daylio", ["import", "daylio", "../hostile-daylio.csv", "--dry-run"]),
        ("client add", ["client", "add", "Ana Lima", "--born", "2016-05-01"]),
        ("client list", ["client", "list"]),
        ("client show", ["client", "show", "maya-t"]),
        ("goal add", ["goal", "add", "maya-t", "Say /r/ at word start", "--short", "r-initial"]),
        ("goal list", ["goal", "list", "maya-t"]),
        ("goal set", ["goal", "set", "maya-t", "s-initial", "min_trials=12"]),
        ("goal phase", ["goal", "phase", "maya-t", "two-step", "maintenance", "--date", "2025-03-26"]),
        ("goal due", ["goal", "due"]),
        ("goal due", ["goal", "due", "maya-t", "--format", "json"]),
        ("trials start", ["trials", "start", "maya-t"]),
        ("trial", ["trial", "maya-t", "s-initial", "success", "--cue", "minimal"]),
        ("record", ["record", "maya-t", "s-initial"]),
        ("trials end", ["trials", "end", "maya-t"]),
        ("summary", ["summary", "maya-t/2025-01-14"]),
        ("progress", ["progress", "maya-t"]),
        ("progress", ["progress", "--due"]),
        ("note", ["note", "maya-t/2025-01-14", "--print"]),
        ("note", ["note", "maya-t/2025-01-14"]),
        ("sign", ["sign", "maya-t/2025-01-14", "--as", "J. Doe, CCC-SLP"]),
        ("addendum", ["addendum", "maya-t/2025-01-14", "Late entry.", "--as", "J. Doe, CCC-SLP"]),
        ("mood", ["mood", "6", "Fine."]),
        ("moods", ["moods"]),
        ("moods", ["moods", "--trend"]),
        ("assess", ["assess", "phq9", "--answers", "1,1,1,1,1,1,1,1,2"]),
        ("assessments", ["assessments"]),
        ("instrument list", ["instrument", "list"]),
        ("instrument show", ["instrument", "show", "meq30"]),
        ("instrument add", ["instrument", "add", "../calm.md"]),
        ("music fetch", ["music", "fetch", "2024-12-10"]),
        ("merge-driver", ["merge-driver", "../merge/base.md", "../merge/ours.md", "../merge/theirs.md", "sessions/2024/merged.md"]),
        ("git setup", ["git", "setup"]),
        ("git pre-commit", ["git", "pre-commit"]),
        ("git sync", ["git", "sync"]),
        ("backup", ["backup", "-o", "../out/j.age", "--dry-run"]),
        ("backup", ["backup", "-o", "../out/j.age", "--recipient", "RECIPIENT"]),
        ("restore", ["restore", "../out/j.age", "../restored", "--identity", "../key.txt"]),
        ("disclosures", ["disclosures", "--all"]),
        ("disclosures", ["disclosures", "--all", "--format", "csv"]),
        ("disclosed", ["disclosed", "maya-t", "--to", "Acme Health Plan", "--purpose", "payer review", "--what", "session notes"]),
        ("init", ["init", "../fresh", "--no-git"]),
        ("agreement", ["agreement", "maya-t"]),
        ("units", ["units"]),
        ("units", ["units", "--format", "csv"]),
    ]

    /// The leaf commands of the tree, as paths without the root ("export trials csv").
    static func leaves(_ command: ParsableCommand.Type, path: [String] = []) -> [String] {
        let subcommands = command.configuration.subcommands
        if subcommands.isEmpty { return [path.joined(separator: " ")] }
        return subcommands.flatMap { leaves($0, path: path + [$0.configuration.commandName ?? "\($0)"]) }
    }

    @Test("every leaf command has a run here, or a test named that runs it on a terminal")
    func everyCommandHasARun() {
        let covered = Set(Self.runs.map(\.command)).union(Self.elsewhere.keys)
        let missing = Self.leaves(Afterflow.self).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "commands without a hostile-vault run; add them to HostileVaultTests.runs: \(missing)")
    }

    /// The names of the forbidden sequences found in `bytes`.
    static func leaks(_ bytes: [UInt8]) -> [String] {
        forbidden.filter { needle in
            bytes.count >= needle.bytes.count
                && (0...(bytes.count - needle.bytes.count)).contains { bytes[$0..<($0 + needle.bytes.count)].elementsEqual(needle.bytes) }
        }.map(\.name)
    }

    @Test("every command on a terminal shows the vault's escape sequences instead of sending them",
          .enabled(if: PseudoTerminal.python != nil && PseudoTerminal.installed("git") && PseudoTerminal.installed("age"),
                   "needs python3 for the pseudo-terminal, git and age"))
    func everyCommandOnATerminal() throws {
        try withSandbox { sandbox in
            let vault = try Self.makeHostileVault(in: sandbox)
            var leaked: [String] = []
            for (_, arguments) in Self.runs {
                let arguments = try arguments.map { $0 == "RECIPIENT" ? try Self.recipient(sandbox) : $0 }
                let run = try sandbox.runOnPseudoTerminal(arguments, directory: vault,
                                                          environment: ["EDITOR": "true", "VISUAL": "true", "AFTERFLOW_NOW": "2025-10-20T09:00:00-07:00"],
                                                          steps: [], timeout: 20, columns: 100)
                let found = Self.leaks(Array(run.raw))
                if run.failure != nil || !found.isEmpty {
                    leaked.append("afterflow \(arguments.joined(separator: " ")): \(found) \(run)")
                }
            }
            #expect(leaked.isEmpty, "\(leaked.joined(separator: "\n\n"))")
        }
    }

    @Test("the hostile vault's text reaches the output, shown: list shows the payload visibly")
    func payloadIsShown() throws {
        try withSandbox { sandbox in
            let vault = try Self.makeHostileVault(in: sandbox)
            let list = try sandbox.run(["list", "--kind", "client"], directory: vault)
            #expect(list.stdout.contains("^[]0;PWN^G^[[2J<U+009B>2J"), "\(list)")
        }
    }

    @Test("log on a terminal: the client's name, the goal's title and a trial note another front end wrote are shown, not sent",
          .enabled(if: PseudoTerminal.python != nil, "needs python3 to drive a pseudo-terminal"))
    func logOnTerminal() throws {
        try withSandbox { sandbox in
            let vault = try Self.makeHostileVault(in: sandbox)
            let file = vault + "/clients/maya-t/sessions/2025/2025-10-20-0900.md"
            // The trial another front end (the phone page, `trial`) appends while log runs.
            let line = "- 09:00:05 s-initial - independent  said \(Self.payload)\n"
            let append = ["/usr/bin/env", "python3", "-c", "import sys; open(sys.argv[1], 'a').write(sys.argv[2])", file, line]
            let run = try sandbox.runOnPseudoTerminal(["log", "maya-t"], directory: vault, environment: ["AFTERFLOW_NOW": "2025-10-20T09:00:00-07:00"], steps: [
                .expect("Produce^[]0;PWN^G"), .type("k"), .file(file, holds: "s-initial + independent"),
                .run(append), .expect("said ^[]0;PWN^G^[[2J<U+009B>2J"), .type("q"), .expect("2025-10-20-0900.md"),
            ], columns: 100)
            #expect(run.failure == nil, "\(run)")
            // log clears its own screen with ESC[2J: the payload's other sequences must not appear.
            let leaked = Self.leaks(Array(run.raw)).filter { $0 != "CSI ESC[2J" }
            #expect(leaked.isEmpty, "\(leaked) \(run)")
        }
    }

    // MARK: The hostile vault

    /// Front matter keys whose values are free text.
    static let textKeys: Set<String> = ["dose", "music", "facilitator", "location", "observer", "provider", "title", "category", "name", "custom_note"]
    /// Front matter keys whose values are lists of free text.
    static let listKeys: Set<String> = ["tags", "labels", "associations"]

    /// A copy of ExampleVault with the payload in every text field of every kind of file (session
    /// fields and sections, reflections, client names, goal titles, trial notes and locations,
    /// mood and assessment notes, the config's crisis_line, clinician and practice), in a file name
    /// of each kind, in a draft, and in the CSV files the imports read. Returns its absolute path.
    static func makeHostileVault(in sandbox: Sandbox) throws -> String {
        let vault = try sandbox.copyExampleVault("hostile")
        let files = sandbox.files(under: "hostile").filter { $0.hasSuffix(".md") && $0 != "README.md" }
        for file in files {
            let path = "hostile/" + file
            try sandbox.write(path, hostile(try sandbox.readText(path), session: file.hasPrefix("sessions/")))
        }
        let config = try sandbox.readText("hostile/.afterflow/config.yml")
        try sandbox.write("hostile/.afterflow/config.yml", config + """
            clinician: Jordan\(payload) Lee
            practice: Bright\(payload) Path
            crisis_line: Call\(payload) 000 now.

            """)
        for file in ["sessions/2024/2024-12-10-psilocybin.md", "clients/maya-t/sessions/2025/2025-01-14-1500.md",
                     "moods/2025/2025-10-19-2050.md", "assessments/2025/2025-10-20-2030-phq9.md"] {
            try FileManager.default.moveItem(atPath: vault + "/" + file,
                                             toPath: vault + "/" + file.replacingOccurrences(of: ".md", with: "-\(payload).md"))
        }
        try sandbox.write("hostile/.afterflow/drafts/2024-01-05-\(payload).md",
                          hostile(DraftsTests.oldDraft.replacingOccurrences(of: "## Intention\n", with: "## Intention\n\nSoft.\n"), session: true))
        try sandbox.write("hostile-sessions.csv", [
            ImportTests.header,
            "\"Dec 10, 2024 at 2:30 PM\",Psilocybin,Oral,\"Listen \(payload) inward\",4,7,\"Felt \(payload) calm\",",
        ].joined(separator: "\n") + "\n")
        try sandbox.write("hostile-trials.csv", "date,client,goal,result,cue,note\n2025-01-14T15:02:23-08:00,maya-t,s-initial,success,minimal,said \(payload) it\n")
        try sandbox.write("hostile-daylio.csv", "full_date,date,weekday,time,mood,activities,note_title,note\n2025-10-01,October 1,Wednesday,20:15,good,family \(payload),Title \(payload),Note \(payload)\n")
        let session = try sandbox.readText("hostile/sessions/2024/2024-07-14-lsd.md")
        for side in ["base", "ours", "theirs"] {
            try sandbox.write("merge/\(side).md", side == "base" ? session : session.replacingOccurrences(of: "mood_after:", with: "mood_after: \(side == "ours" ? 7 : 8)\nx_\(side):"))
        }
        try sandbox.write("calm.md", InstrumentTests.calm.replacingOccurrences(of: "title: Calm-4", with: "title: Calm\(payload)-4")
            .replacingOccurrences(of: "1. I feel calm", with: "1. I feel \(payload) calm"))
        try FileManager.default.createDirectory(atPath: sandbox.path("out"), withIntermediateDirectories: true)
        // A repository, as `git sync` brings such files: for git setup, pre-commit and sync.
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "hostile"]] {
            let git = try TestProgram.run("/usr/bin/env", ["git", "-C", vault] + arguments)
            guard git.succeeded else { throw CLIError(description: "git \(arguments.joined(separator: " ")): \(git)") }
        }
        return vault
    }

    /// `text` (a vault file) with the payload in every free-text value and every line of prose.
    static func hostile(_ text: String, session: Bool) -> String {
        var lines = text.components(separatedBy: "\n")
        guard lines.first == "---", let close = lines.dropFirst().firstIndex(of: "---") else { return text }
        for index in 1..<close {
            let line = lines[index]
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon]), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if textKeys.contains(key), !value.isEmpty {
                let words = value.split(separator: " ", maxSplits: 1)
                lines[index] = "\(key): \(words[0])\(payload)" + (words.count > 1 ? " " + words[1] : "")
            } else if listKeys.contains(key), value.hasPrefix("[") {
                lines[index] = "\(key): [\"\(payload)x\", " + value.dropFirst()
            }
        }
        if session { lines.insert("custom_note: x\(payload)", at: close) }
        let bodyStart = session ? close + 2 : close + 1
        for index in bodyStart..<lines.count {
            let line = lines[index]
            if line.isEmpty || line.hasPrefix("## ") { continue }
            if line.range(of: #"^- \d\d:\d\d:\d\d "#, options: .regularExpression) != nil {
                lines[index] = line + (line.contains("  ") ? payload : "  said" + payload)
            } else {
                lines[index] = line + payload
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A new age key's recipient; the identity is written to key.txt for `restore`.
    static func recipient(_ sandbox: Sandbox) throws -> String {
        if !sandbox.exists("key.txt") {
            let made = try TestProgram.run("/usr/bin/env", ["age-keygen", "-o", sandbox.path("key.txt")])
            guard made.succeeded else { throw CLIError(description: "age-keygen failed: \(made)") }
        }
        let key = try sandbox.readText("key.txt")
        guard let line = key.split(separator: "\n").first(where: { $0.hasPrefix("# public key: ") }) else {
            throw CLIError(description: "age-keygen wrote no public key: \(key)")
        }
        return String(line.dropFirst("# public key: ".count))
    }
}
