@testable import AfterflowKit
@testable import AfterflowLSP
import Foundation
import Testing

/// Definition, references, rename and code actions over the protocol, on a copy of ExampleVault;
/// every workspace edit is applied as an editor would, then the vault is checked.
struct NavigationTests {
    static let trials = "clients/maya-t/sessions/2025/2025-01-14-1500.md"
    static let goal = "clients/maya-t/goals/s-initial.md"
    static let session = "sessions/2024/2024-12-10-psilocybin.md"

    static func started(_ vault: VaultCopy, open relative: String, _ text: String? = nil) throws -> ServerHarness {
        let server = DiagnosticsTests.started(vault)
        DiagnosticsTests.open(server, vault, relative, try text ?? vault.read(relative))
        return server
    }

    static func at(_ vault: VaultCopy, _ relative: String, line: Int, character: Int, newName: String? = nil) -> JSON {
        var params: [String: JSON] = ["textDocument": ["uri": .string(vault.uri(relative))], "position": ["line": .int(line), "character": .int(character)]]
        if let newName { params["newName"] = .string(newName) }
        return .object(params)
    }

    /// The 0-based index of the first line of `text` starting with `prefix`.
    static func line(_ text: String, _ prefix: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(prefix) } ?? -1
    }

    /// Applies a workspace edit's `documentChanges` or `changes` to the vault's files, as an
    /// editor does: text edits from the last to the first, creates and renames in order.
    static func apply(_ edit: JSON, to vault: VaultCopy) throws {
        func path(_ uri: String) -> String { String(LanguageServer.path(ofURI: uri)!.dropFirst(vault.root.count + 1)) }
        func applyEdits(_ uri: String, _ edits: [JSON]) throws {
            let relative = path(uri)
            let existing = FileManager.default.fileExists(atPath: vault.root + "/" + relative) ? try vault.read(relative) : ""
            var document = TextDocument(text: existing, version: 0)
            let ranges = edits.map { (TextRange($0["range"])!, $0["newText"]!.string!) }.sorted { $0.0.start > $1.0.start }
            for (range, text) in ranges { document.apply(text, in: range, version: 0) }
            try vault.write(relative, document.text)
        }
        for change in edit["documentChanges"]?.array ?? [] {
            switch change["kind"]?.string {
            case "rename"?:
                try FileManager.default.moveItem(atPath: vault.root + "/" + path(change["oldUri"]!.string!),
                                                 toPath: vault.root + "/" + path(change["newUri"]!.string!))
            case "create"?:
                try vault.write(path(change["uri"]!.string!), "")
            default:
                try applyEdits(change["textDocument"]!["uri"]!.string!, change["edits"]!.array!)
            }
        }
        if case .object(let changes)? = edit["changes"] {
            for (uri, edits) in changes { try applyEdits(uri, edits.array ?? []) }
        }
    }

    static func check(_ vault: VaultCopy) throws -> [Diagnostic] {
        let store = try IndexStore(vault: try Vault(root: vault.root))
        let report = try store.refresh()
        return try VaultCheck(store: store, readFailures: report.readFailures).check().diagnostics
    }

    @Test func definitionOfAGoalALinkAndAClient() throws {
        let vault = try VaultCopy()
        let text = try vault.read(Self.trials)
        let server = try Self.started(vault, open: Self.trials)
        // "- 15:02:23 s-initial": the goal starts at character 11.
        let goal = server.request("textDocument/definition", Self.at(vault, Self.trials, line: Self.line(text, "- 15:02:23"), character: 13))
        #expect(goal?["result"]?["uri"]?.string == vault.uri(Self.goal))
        let client = server.request("textDocument/definition", Self.at(vault, Self.trials, line: Self.line(text, "client:"), character: 10))
        #expect(client?["result"]?["uri"]?.string == vault.uri("clients/maya-t/client.md"))

        let linking = try vault.read(Self.session) + "\nSee [[maya-t/s-initial]] and [[2025-01-14]].\n"
        DiagnosticsTests.open(server, vault, Self.session, linking, version: 1)
        let last = linking.split(separator: "\n", omittingEmptySubsequences: false).count - 2
        // "See [[" is 6 characters: the first link's target starts at 6; "[[2025-01-14]]" at 29.
        let toGoal = server.request("textDocument/definition", Self.at(vault, Self.session, line: last, character: 8))
        #expect(toGoal?["result"]?.array?.compactMap { $0["uri"]?.string } == [vault.uri(Self.goal)])
        let toDay = server.request("textDocument/definition", Self.at(vault, Self.session, line: last, character: 31))
        // The day's records in the vault: maya-t's trial session of that day (and no other).
        let expected = try FileManager.default.subpathsOfDirectory(atPath: vault.root).filter {
            $0.hasSuffix(".md") && ($0 as NSString).lastPathComponent.hasPrefix("2025-01-14")
        }.sorted().map(vault.uri)
        #expect(toDay?["result"]?.array?.compactMap { $0["uri"]?.string } == expected)
        #expect(expected == [vault.uri(Self.trials)])
    }

    @Test func referencesOfAGoalAreEveryTrialLineNamingIt() throws {
        let vault = try VaultCopy()
        let server = try Self.started(vault, open: Self.goal)
        let found = server.request("textDocument/references", Self.at(vault, Self.goal, line: 0, character: 0))?["result"]?.array ?? []
        // Counted apart: the lines of maya-t's sessions whose third word is s-initial.
        var expected = 0
        for name in try FileManager.default.subpathsOfDirectory(atPath: vault.root + "/clients/maya-t/sessions") where name.hasSuffix(".md") {
            let text = try vault.read("clients/maya-t/sessions/" + name)
            expected += text.split(separator: "\n").filter { line in
                let words = line.split(separator: " ")
                return words.count > 2 && words[0] == "-" && words[2] == "s-initial"
            }.count
        }
        #expect(expected > 20)
        #expect(found.count == expected)
        // Each range covers the name: 9 characters from character 11.
        #expect(found.allSatisfy { $0["range"]?["start"]?["character"]?.int == 11 && $0["range"]?["end"]?["character"]?.int == 20 })
    }

    @Test func referencesOfARecordAreItsBacklinks() throws {
        let vault = try VaultCopy()
        try vault.write("sessions/2025/2025-06-21-other.md", try vault.read("sessions/2025/2025-06-21-other.md") + "\nAs on [[2024-12-10]].\n")
        let server = try Self.started(vault, open: Self.session)
        let found = server.request("textDocument/references", Self.at(vault, Self.session, line: 0, character: 0))?["result"]?.array ?? []
        #expect(found.compactMap { $0["uri"]?.string } == [vault.uri("sessions/2025/2025-06-21-other.md")])
        // "As on " is 6 characters; the link is 14.
        #expect(found.first?["range"]?["start"]?["character"]?.int == 6 && found.first?["range"]?["end"]?["character"]?.int == 20)
    }

    @Test func renameAGoalThenCheckIsClean() throws {
        let vault = try VaultCopy()
        try vault.write("sessions/2025/2025-06-21-other.md", try vault.read("sessions/2025/2025-06-21-other.md") + "\nMaya's [[maya-t/s-initial]].\n")
        let before = try Self.check(vault)
        let text = try vault.read(Self.trials)
        let server = try Self.started(vault, open: Self.trials)
        let line = Self.line(text, "- 15:02:23")
        let refused = server.request("textDocument/rename", Self.at(vault, Self.trials, line: line, character: 13, newName: "two-step"))
        #expect(refused?["error"]?["message"]?.string == "maya-t already has a goal two-step (clients/maya-t/goals/two-step.md); choose another name")
        let answer = server.request("textDocument/rename", Self.at(vault, Self.trials, line: line, character: 13, newName: "s-start"))
        let edit = try #require(answer?["result"])
        try Self.apply(edit, to: vault)
        #expect(!FileManager.default.fileExists(atPath: vault.root + "/" + Self.goal))
        #expect(FileManager.default.fileExists(atPath: vault.root + "/clients/maya-t/goals/s-start.md"))
        #expect(try vault.read("sessions/2025/2025-06-21-other.md").hasSuffix("\nMaya's [[maya-t/s-start]].\n"))
        #expect(try vault.read(Self.trials) == text.replacingOccurrences(of: " s-initial ", with: " s-start "))
        let after = try Self.check(vault)
        #expect(after.filter { $0.severity == .error }.isEmpty)
        #expect(after.count == before.count)
    }

    @Test func renameATagAcrossTheVault() throws {
        let vault = try VaultCopy()
        let text = try vault.read(Self.session)
        let server = try Self.started(vault, open: Self.session)
        // "tags: [integration, nature]": nature starts at character 20.
        let sessions = try FileManager.default.subpathsOfDirectory(atPath: vault.root + "/sessions").filter { $0.hasSuffix(".md") }
        func tagLines() throws -> [Substring] {
            try sessions.map { try vault.read("sessions/" + $0) }.flatMap { $0.split(separator: "\n").filter { $0.hasPrefix("tags:") } }
        }
        // Counted apart, before: the sessions whose tags line holds nature (four in ExampleVault).
        let natural = try tagLines().filter { $0.contains("nature") }.count
        #expect(natural >= 3)
        let line = Self.line(text, "tags:")
        let taken = server.request("textDocument/rename", Self.at(vault, Self.session, line: line, character: 22, newName: "integration"))
        #expect(taken?["error"]?["message"]?.string?.hasPrefix("the tag integration is already used") == true)
        let renamed = server.request("textDocument/rename", Self.at(vault, Self.session, line: line, character: 22, newName: "outdoors"))
        try Self.apply(try #require(renamed?["result"]), to: vault)
        let after = try tagLines()
        #expect(!after.contains { $0.contains("nature") })
        #expect(after.filter { $0.contains("outdoors") }.count == natural)
        #expect(try vault.read(Self.session) == text.replacingOccurrences(of: "tags: [integration, nature]", with: "tags: [integration, outdoors]"))
    }

    @Test func createGoalFileForAnUnknownGoal() throws {
        let vault = try VaultCopy()
        let text = try vault.read(Self.trials) + "- 15:20:00 blends + independent\n"
        try vault.write(Self.trials, text)
        #expect(try Self.check(vault).contains { $0.message.contains("no goal \"blends\"") })
        let server = try Self.started(vault, open: Self.trials)
        let line = Self.line(text, "- 15:20:00 blends")
        let actions = server.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(vault.uri(Self.trials))],
            "range": ["start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": 0]],
            "context": ["diagnostics": []],
        ])?["result"]?.array ?? []
        let create = try #require(actions.first { $0["title"]?.string == "Create goal file clients/maya-t/goals/blends.md" })
        try Self.apply(create["edit"]!, to: vault)
        let goal = VaultEntry(path: "clients/maya-t/goals/blends.md", bytes: Array(try vault.read("clients/maya-t/goals/blends.md").utf8))
        #expect(goal.kind == .goal && goal.diagnostics.isEmpty)
        #expect(!(try Self.check(vault)).contains { $0.message.contains("blends") })
    }

    @Test func fmtFixAsACodeActionTouchesOnlyItsLine() throws {
        let vault = try VaultCopy()
        let original = try vault.read(Self.session)
        let text = original.replacingOccurrences(of: "treatment: psilocybin", with: "treatment: Psilocybin")
        try vault.write(Self.session, text)
        let server = try Self.started(vault, open: Self.session)
        let actions = server.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(vault.uri(Self.session))],
            "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "context": ["diagnostics": []],
        ])?["result"]?.array ?? []
        let fix = try #require(actions.first { $0["kind"]?.string == "source.fixAll" })
        try Self.apply(fix["edit"]!, to: vault)
        // Every other byte is as it was: the file is the original again.
        #expect(try vault.read(Self.session) == original)
    }
}

/// The rest of the links work in the editor: what initialize advertises, hover and completion of
/// links, `today`, and the "mark reflections complete" action.
struct LinkEditingTests {
    static let session = NavigationTests.session

    @Test func initializeAdvertisesNavigation() {
        let server = ServerHarness()
        let capabilities = server.initialize()?["result"]?["capabilities"]
        #expect(capabilities?["definitionProvider"] == true && capabilities?["referencesProvider"] == true)
        #expect(capabilities?["renameProvider"]?["prepareProvider"] == true)
        #expect(capabilities?["codeActionProvider"]?["codeActionKinds"] == ["quickfix", "source.fixAll"])
    }

    @Test func hoverOnALinkShowsTheSessionItNamesOrThatItNamesNone() throws {
        let vault = try VaultCopy()
        let text = try vault.read("sessions/2025/2025-06-21-other.md") + "\nAs on [[2024-12-10]] and [[2024-12-11]].\n"
        let server = try NavigationTests.started(vault, open: "sessions/2025/2025-06-21-other.md", text)
        let last = text.split(separator: "\n", omittingEmptySubsequences: false).count - 2
        let at = { (character: Int) in
            server.request("textDocument/hover", NavigationTests.at(vault, "sessions/2025/2025-06-21-other.md", line: last, character: character))
        }
        let found = at(10)?["result"]
        #expect(found?["contents"]?["value"]?.string?.hasPrefix("**Psilocybin • Dec 10, 2024** (") == true)
        #expect(found?["contents"]?["value"]?.string?.hasSuffix("`sessions/2024/2024-12-10-psilocybin.md`") == true)
        // "As on " is 6 characters and the link 14: the range covers it.
        #expect(found?["range"] == ["start": ["line": .int(last), "character": 6], "end": ["line": .int(last), "character": 20]])
        #expect(at(30)?["result"]?["contents"]?["value"] == "[[2024-12-11]] names no record of the vault")
    }

    @Test func linksAndTodayAreCompleted() throws {
        let vault = try VaultCopy()
        let text = "---\ndate: \ntreatment: lsd\n---\n\nSee [[maya\n"
        let server = try NavigationTests.started(vault, open: "sessions/2025/2025-12-01-lsd.md", text)
        let labels = { (line: Int, character: Int) -> [String] in
            let answer = server.request("textDocument/completion", NavigationTests.at(vault, "sessions/2025/2025-12-01-lsd.md", line: line, character: character))
            return answer?["result"]?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
        }
        // After "[[maya": the client and its goals, nothing that does not start with maya.
        #expect(labels(5, 10) == ["maya-t/two-step", "maya-t/s-initial", "maya-t"])
        #expect(labels(1, 6).contains("today"))
    }

    @Test func markReflectionsCompleteChangesOnlyTheStatusValue() throws {
        let vault = try VaultCopy()
        let original = try vault.read(Self.session)
        let text = original.replacingOccurrences(of: "status: complete", with: "status: needs-reflection")
        #expect(text != original)
        let server = try NavigationTests.started(vault, open: Self.session, text)
        try vault.write(Self.session, text)
        let actions = server.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(vault.uri(Self.session))],
            "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "context": ["diagnostics": []],
        ])?["result"]?.array ?? []
        let mark = try #require(actions.first { $0["title"]?.string == "Mark reflections complete (status: complete)" })
        try NavigationTests.apply(mark["edit"]!, to: vault)
        #expect(try vault.read(Self.session) == original)
    }
}

extension LinkEditingTests {
    @Test func hoverOnADayInTheBodyListsItsRecords() throws {
        let vault = try VaultCopy()
        let text = try vault.read("sessions/2025/2025-06-21-other.md") + "\nSame as 2024-12-10, not 2024-12-11.\n"
        let server = try NavigationTests.started(vault, open: "sessions/2025/2025-06-21-other.md", text)
        let last = text.split(separator: "\n", omittingEmptySubsequences: false).count - 2
        let hover = { (character: Int) in
            server.request("textDocument/hover", NavigationTests.at(vault, "sessions/2025/2025-06-21-other.md", line: last, character: character))?["result"]
        }
        // "Same as " is 8 characters; the day is 10.
        let found = hover(12)
        #expect(found?["contents"]?["value"]?.string?.hasPrefix("**Psilocybin • Dec 10, 2024**") == true)
        #expect(found?["range"] == ["start": ["line": .int(last), "character": 8], "end": ["line": .int(last), "character": 18]])
        // A day with no record has no hover.
        #expect(hover(26) == .null)
    }
}

extension LinkEditingTests {
    @Test func aLinkThatNamesNothingIsPublishedAsCheckReportsIt() throws {
        let vault = try VaultCopy()
        let relative = "sessions/2025/2025-06-21-other.md"
        let text = try vault.read(relative) + "\nAs on [[2099-01-01]].\n"
        let server = try NavigationTests.started(vault, open: relative, text)
        let published = (server.diagnostics(for: vault.uri(relative)) ?? []).map(DiagnosticsTests.summary)
        let expected = try DiagnosticsTests.checkOnDisk(vault, relative, text)
        #expect(published == expected)
        // "As on [[" is 8 characters: the warning (severity 2) covers the target up to "]]".
        let last = text.split(separator: "\n", omittingEmptySubsequences: false).count - 2
        #expect(published.contains { $0[0] == .int(last) && $0[1] == 8 && $0[2] == 18 && $0[3] == 2 })
    }
}

extension LinkEditingTests {
    @Test func prepareRenameNamesTheGoalOrNothing() throws {
        let vault = try VaultCopy()
        let text = try vault.read(NavigationTests.trials)
        let server = try NavigationTests.started(vault, open: NavigationTests.trials)
        let line = NavigationTests.line(text, "- 15:02:23")
        let goal = server.request("textDocument/prepareRename", NavigationTests.at(vault, NavigationTests.trials, line: line, character: 13))?["result"]
        // "- 15:02:23 " is 11 characters; s-initial is 9.
        #expect(goal == ["range": ["start": ["line": .int(line), "character": 11], "end": ["line": .int(line), "character": 20]], "placeholder": "s-initial"])
        // The cue level at the line's end is not something rename changes.
        let cue = server.request("textDocument/prepareRename", NavigationTests.at(vault, NavigationTests.trials, line: line, character: 25))
        #expect(cue?["result"] == .null)
        let refused = server.request("textDocument/rename", NavigationTests.at(vault, NavigationTests.trials, line: line, character: 25, newName: "x"))
        #expect(refused?["error"]?["message"]?.string?.hasPrefix("nothing to rename here") == true)
    }
}
