@testable import AfterflowKit
import Foundation
import Testing

/// `VaultCheck.check(files:)`, the path an editor's diagnostics and `check FILE` take, which asks
/// the index only about those files and reads only the files their problems depend on: its
/// problems are the whole vault's check's for the same files, the same diagnostics in the same
/// order, on every file of vaults that hold a problem of every check across files; and a problem
/// that depends on another file appears and goes as that other file changes.
@Suite struct VaultCheckFilesTests {
    /// A vault copied or generated into a temporary folder, removed afterwards.
    final class Folder {
        let root: String

        init() {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("afterflow-files-\(UUID().uuidString)").path
        }

        /// A copy of the repository's ExampleVault, without its index.
        static func exampleVault() throws -> Folder {
            let folder = Folder()
            try FileManager.default.copyItem(atPath: Fixtures.repository.appendingPathComponent("ExampleVault").path, toPath: folder.root)
            try? FileManager.default.removeItem(atPath: folder.root + "/.afterflow/index.sqlite")
            return folder
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func write(_ relative: String, _ text: String) throws {
            let url = URL(fileURLWithPath: root + "/" + relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func read(_ relative: String) throws -> String {
            try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
        }

        func edit(_ relative: String, _ change: (String) -> String) throws {
            let before = try read(relative)
            let after = change(before)
            try #require(after != before, "the edit of \(relative) changed nothing")
            try write(relative, after)
        }

        func remove(_ relative: String) throws {
            try FileManager.default.removeItem(atPath: root + "/" + relative)
        }

        /// The text's `id:` line given `id`.
        static func withID(_ text: String, _ id: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("id: ") ? "id: \(id)" : String($0) }.joined(separator: "\n")
        }

        static func id(of text: String) -> String? {
            text.split(separator: "\n").first { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
        }
    }

    /// The front end's clock the checks are given (the audit's warning of a note still unsigned a
    /// day after its session needs one): 2026-01-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    /// The vault's check, its index brought up to date.
    static func check(_ root: String) throws -> VaultCheck {
        let store = try IndexStore(vault: try Vault(root: root))
        var check = VaultCheck(store: store, readFailures: try store.refresh().readFailures)
        check.now = now
        return check
    }

    /// The paths the equality is asked of: every document the vault lists, its drafts, and paths
    /// the walk of the vault does not list (through a link to a folder, written with an empty part,
    /// missing, not a document) that the check of a few files must not see either.
    static func pathsToAsk(_ root: String, extra: [String] = []) throws -> [String] {
        let vault = try Vault(root: root)
        return VaultScanner.documentPaths(in: vault) + VaultScanner.draftPaths(in: vault) + extra
            + ["missing/nothing.md", ".afterflow/config.yml", "sessions//2025/2025-10-18-lsd.md"]
    }

    /// Requires the check of `files` alone to equal the whole vault's check kept to those files,
    /// with `unsaved` text in place of files in both.
    static func expectSame(_ check: VaultCheck, whole: [Diagnostic], files: Set<String>, unsaved: [String: String] = [:],
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let alone = try check.check(files: files, unsaved: unsaved)
        let kept = whole.filter { $0.path.map(files.contains) ?? false }
        #expect(alone.diagnostics == kept, "\(files.sorted())", sourceLocation: sourceLocation)
        #expect(alone.fileCount == files.count, sourceLocation: sourceLocation)
    }

    // MARK: - Equal to the whole vault's check

    /// The practice fixtures, one a problem of the checks across files (`PracticeCheckTests`), as
    /// vaults on disk with their settings.
    @Test(arguments: PracticeCheckTests.fixtures)
    func eachPracticeFixture(_ name: String) throws {
        let temp = try TemporaryVault()
        let source = Fixtures.directory.appendingPathComponent("practice").appendingPathComponent(name).path
        for path in try FileManager.default.subpathsOfDirectory(atPath: source).sorted() where path.hasSuffix(".md") {
            try temp.write(path, try String(contentsOfFile: source + "/" + path, encoding: .utf8))
        }
        if let config = FileManager.default.contents(atPath: source + "/config.yml") {
            // The fixture's settings in place of the new vault's (which hold nothing else it uses).
            try temp.write(".afterflow/config.yml", String(decoding: config, as: UTF8.self))
        }
        let check = try Self.check(temp.root)
        let whole = try check.check().diagnostics
        // Every fixture but `clean` has a problem, so the comparison is not of two empty lists.
        #expect(whole.isEmpty == (name == "clean"), "\(whole)")
        let paths = try Self.pathsToAsk(temp.root)
        for path in paths { try Self.expectSame(check, whole: whole, files: [path]) }
        try Self.expectSame(check, whole: whole, files: Set(paths))
    }

    /// ExampleVault with a problem of every check across files written into it (see `breakAll`),
    /// as the vault has it and with `audit: true` and `concurrent_97155: false`.
    @Test(arguments: [false, true])
    func exampleVaultWithEveryProblem(audited: Bool) throws {
        let folder = try Folder.exampleVault()
        try Self.breakAll(folder)
        if audited {
            try folder.edit(".afterflow/config.yml") { $0 + "audit: true\nconcurrent_97155: false\n" }
        }
        let check = try Self.check(folder.root)
        let whole = try check.check().diagnostics
        let messages = whole.map(\.description)
        // Each problem written in is found by the whole check (so each is compared below).
        var expected = [
            "trial line: no goal \"blends\"", "is not one of the vault's cue levels",
            "is not one of the vault's goal categories", "is the id of clients/sam-r/client.md, not of this folder's client",
            "nor of any other", "clients/zed-q/ has no client.md", "clients/xan-b/client.md is not a client's file",
            "a goal must be in its client's goals folder", "a trial session must be in its client's sessions folder",
            "a client's file must be clients/<short>/client.md", "event line: no goal \"kicking\"",
            "is also the id of sessions/2025/2025-09-20-psilocybin.md", "is also the id of clients/maya-t/goals/s-initial.md",
            "names no record of the vault", "items have no wording", "has no type, so it is read as a therapy session",
        ]
        if audited { expected += ["97155 overlaps the 97153 session clients/sam-r/sessions/2025/2025-03-10-0930.md", "audit: "] }
        for part in expected {
            #expect(messages.contains { $0.contains(part) }, "\(part)")
        }
        // The links that name records are not reported; the two that name nothing are.
        #expect(messages.filter { $0.contains("names no record") || $0.contains("the link to") }.count == 2, "\(messages)")
        // clients/yan-p has no client.md: the error is at its first trial session, not its untyped file.
        #expect(messages.contains { $0.hasPrefix("clients/yan-p/sessions/2025/2025-04-02-0900.md:") && $0.contains("has no client.md") })
        let paths = try Self.pathsToAsk(folder.root, extra: ["clients/alias/goals/two-step.md", "clients/alias/sessions/2025/2025-03-25-1500.md"])
        for path in paths { try Self.expectSame(check, whole: whole, files: [path]) }
        try Self.expectSame(check, whole: whole, files: Set(paths))
        var random = SeededRandom("exampleVaultWithEveryProblem")
        for _ in 0..<30 {
            try Self.expectSame(check, whole: whole, files: Set((0..<Int.random(in: 2...6, using: &random)).map { _ in paths.randomElement(using: &random)! }))
        }
    }

    /// Writes into the copy of ExampleVault a problem of each check across files, and files the
    /// walk of the vault treats apart (a link to a folder, a link to a goal file, a plain note in
    /// `goals/`, a draft).
    static func breakAll(_ folder: Folder) throws {
        let maya = "clients/maya-t", sam = "clients/sam-r", samID = "E2AE4ED1-45B4-51AF-ADA2-E883C6FD3003"
        // A trial line naming a goal Maya has not, and a cue the vault has not.
        try folder.edit("\(maya)/sessions/2025/2025-03-25-1500.md") { $0 + "- 15:06:00 blends + independent\n- 15:06:10 s-initial + lots\n" }
        // A goal with an unknown category and cue, stating Sam's id.
        try folder.edit("\(maya)/goals/two-step.md") {
            $0.replacingOccurrences(of: "category: language", with: "category: langauge").replacingOccurrences(of: "cue: minimal", with: "cue: minimall")
                .replacingOccurrences(of: "client: 34AB4857-25A3-5531-8AE9-B66C4720C05A", with: "client: \(samID)")
        }
        // A trial session stating an id no client has.
        try folder.edit("\(maya)/sessions/2025/2025-01-14-1500.md") {
            $0.replacingOccurrences(of: "client: 34AB4857-25A3-5531-8AE9-B66C4720C05A", with: "client: 00000000-0000-4000-8000-000000000001")
        }
        // A 97153 session from 09:30 to 10:15 beside Sam's 97155 of 09:00 to 09:45: 15 minutes overlap.
        let supervised = try folder.read("\(sam)/sessions/2025/2025-03-10-0900.md")
        try folder.write("\(sam)/sessions/2025/2025-03-10-0930.md", Folder.withID(supervised, "5E55A0B1-0000-4000-8000-000000000930")
            .replacingOccurrences(of: "2025-03-10T09:00:00-07:00", with: "2025-03-10T09:30:00-07:00")
            .replacingOccurrences(of: "2025-03-10T09:45:00-07:00", with: "2025-03-10T10:15:00-07:00")
            .replacingOccurrences(of: "service: 97155", with: "service: 97153"))
        // Event lines naming a goal Sam has not, and a count of a goal of another measure.
        try folder.edit("\(sam)/sessions/2025/2025-03-17-0900.md") { $0 + "- 09:50:00 kicking count\n- 09:51:00 tantrum count\n" }
        // Duplicate ids: a session with another session's, a check-in with a goal's.
        let psilocybin = try #require(Folder.id(of: try folder.read("sessions/2025/2025-09-20-psilocybin.md")))
        try folder.edit("sessions/2025/2025-10-18-lsd.md") { Folder.withID($0, psilocybin) }
        let sInitial = try #require(Folder.id(of: try folder.read("\(maya)/goals/s-initial.md")))
        try folder.edit("moods/2025/2025-10-19-2050.md") { Folder.withID($0, sInitial) }
        // A folder without client.md, with a goal and a session; one whose untyped file comes
        // before its first trial session; one whose client.md is a plain note.
        let client = "0D0D0D0D-0000-4000-8000-00000000000B"
        try folder.write("clients/zed-q/goals/pairs.md", "---\ntype: goal\nid: 0D0D0D0D-0000-4000-8000-00000000000A\nclient: \(client)\ntitle: Pairs\n---\n")
        try folder.write("clients/zed-q/sessions/2025/2025-04-01-1000.md", trials("0D0D0D0D-0000-4000-8000-00000000000C", client: client, day: "2025-04-01", goals: ["pairs", "nope"]))
        try folder.write("clients/yan-p/sessions/2025/2025-04-01-0900.md", "---\ndate: 2025-04-01T09:00:00-07:00\ntreatment: psilocybin\n---\n")
        try folder.write("clients/yan-p/sessions/2025/2025-04-02-0900.md", trials("0D0D0D0D-0000-4000-8000-00000000000D", client: client, day: "2025-04-02", goals: ["a"]))
        try folder.write("clients/yan-p/sessions/2025/2025-04-03-0900.md", trials("0D0D0D0D-0000-4000-8000-00000000000E", client: client, day: "2025-04-03", goals: ["b"]))
        try folder.write("clients/xan-b/client.md", "Notes about Xan, no front matter.\n")
        try folder.write("clients/xan-b/goals/g1.md", "---\ntype: goal\nid: 0D0D0D0D-0000-4000-8000-00000000000F\nclient: \(client)\ntitle: G1\n---\n")
        try folder.write("clients/xan-b/sessions/2025/2025-04-04-0900.md", trials("0D0D0D0D-0000-4000-8000-000000000010", client: client, day: "2025-04-04", goals: ["g1"]))
        // A plain note in Maya's goals/ (counted as a goal), a goal linked in from Sam's folder.
        try folder.write("\(maya)/goals/scratch.md", "scratch notes\n")
        try FileManager.default.createSymbolicLink(atPath: folder.root + "/\(maya)/goals/linked.md", withDestinationPath: "../../sam-r/goals/hitting.md")
        // A link to Maya's folder: the walk of the vault does not follow it.
        try FileManager.default.createSymbolicLink(atPath: folder.root + "/clients/alias", withDestinationPath: "maya-t")
        // Files of the practice outside their places.
        try folder.write("notes/goal.md", "---\ntype: goal\nid: 0D0D0D0D-0000-4000-8000-000000000011\ntitle: Loose\n---\n")
        try folder.write("notes/trial.md", trials("0D0D0D0D-0000-4000-8000-000000000012", client: client, day: "2025-04-05", goals: ["x"]))
        try folder.write("\(maya)/sessions/client.md", "---\ntype: client\nid: 0D0D0D0D-0000-4000-8000-000000000013\nname: Lost Client\n---\n")
        // A treatment the vault does not know, in a session and a draft; links naming nothing.
        try folder.edit("sessions/2025/2025-05-03-mdma.md") { $0.replacingOccurrences(of: "treatment: mdma", with: "treatment: mdmaa") }
        try folder.write(".afterflow/drafts/2026-01-01-psilocybin.md", "---\ndate: 2026-01-01T10:00:00-08:00\ntreatment: psilocibin\n---\n")
        try folder.edit("sessions/2024/2024-07-14-lsd.md") { $0 + "\nSee [[2031-01-01]] and [the note](../nowhere.md).\n" + resolvingLinks }
        try folder.write("notes/Été.md", "---\ntype: mood\nid: 0D0D0D0D-0000-4000-8000-000000000016\ndate: 2025-09-20T20:00:00-07:00\nscore: 6\n---\n")
        // The vault's own instrument (a warning), a malformed one, an answer with too few items,
        // an answer to an instrument nobody defines.
        try folder.write("instruments/calm4.md", calm)
        try folder.write("instruments/bad.md", "---\ntype: instrument\nid: bad\ntitle: Bad\ncitation: x\nlicence: unknown\nscale: five\n---\n\n## Items\n\n1.\n")
        try folder.write("assessments/2025/2025-09-21-0900-calm4.md", "---\ntype: assessment\nid: 0D0D0D0D-0000-4000-8000-000000000014\ndate: 2025-09-21T09:00:00-07:00\ninstrument: calm4\nitems: [1, 5, 5]\n---\n")
        try folder.write("assessments/2025/2025-09-22-0900-beck.md", "---\ntype: assessment\nid: 0D0D0D0D-0000-4000-8000-000000000015\ndate: 2025-09-22T09:00:00-07:00\ninstrument: beck\nitems: [1, 2]\n---\n")
    }

    /// Links that name records (a day, a client, a goal in another case, a trial session by its
    /// file's name and by client and day, a relative path, a file whose name is not ASCII).
    static let resolvingLinks = "[[2025-09-20]] [[maya-t]] [[MAYA-T/S-Initial]] [[2025-01-14-1500]] [[maya-t/2025-03-25]] [ok](../2025/2025-09-20-psilocybin.md) [[ÉTÉ]]\n"

    /// A trial session of `client` on `day` at 09:00 with one trial line for each of `goals`.
    static func trials(_ id: String, client: String, day: String, goals: [String]) -> String {
        "---\ntype: trials\nid: \(id)\nclient: \(client)\ndate: \(day)T09:00:00-07:00\n---\n## Trials\n\n"
            + goals.enumerated().map { "- 09:0\($0.offset + 1):00 \($0.element) + independent\n" }.joined()
    }

    /// Four items 1-5, item 4 without its wording (as in the instrument tests end to end).
    static let calm = "---\ntype: instrument\nid: calm4\ntitle: Calm-4\nmeasures: calm\ncitation: \"Our own, 2025\"\nlicence: CC0-1.0\nscale: 1-5\nscore: sum\n---\n\n## Items\n\n1. I feel calm\n2. I feel tense\n3. I slept well\n4.\n"

    /// Unsaved text in place of files, as an editor's server passes its open buffers: the whole
    /// vault's check with that text, kept to the buffers, against the check of the buffers alone.
    @Test func exampleVaultWithUnsavedText() throws {
        let folder = try Folder.exampleVault()
        try Self.breakAll(folder)
        let check = try Self.check(folder.root)
        let maya = "clients/maya-t", trial = "\(maya)/sessions/2025/2025-03-25-1500.md"
        let trialText = try folder.read(trial)
        let psilocybin = try #require(Folder.id(of: try folder.read("sessions/2025/2025-09-20-psilocybin.md")))
        let cases: [[String: String]] = [
            // The session's unknown goal made known by a goal not yet saved.
            [trial: trialText, "\(maya)/goals/blends.md": "---\ntype: goal\nid: 1D2E3F4A-5B6C-4D7E-8F90-A1B2C3D4E5F6\nclient: 34AB4857-25A3-5531-8AE9-B66C4720C05A\ntitle: Blends\n---\n"],
            // Maya's client.md with another id: every member of her folder states the old one.
            ["\(maya)/client.md": Folder.withID(try folder.read("\(maya)/client.md"), "0D0D0D0D-0000-4000-8000-0000000000AA"), trial: trialText + "- 15:07:00 two-step + independent\n"],
            // A session taking the id of the psilocybin session, and that session's own text.
            ["sessions/2025/2025-10-04-ketamine.md": Folder.withID(try folder.read("sessions/2025/2025-10-04-ketamine.md"), psilocybin),
             "sessions/2025/2025-09-20-psilocybin.md": try folder.read("sessions/2025/2025-09-20-psilocybin.md")],
            // A draft, and a client file emptied.
            [".afterflow/drafts/2026-01-01-psilocybin.md": "---\ndate: 2026-01-01T10:00:00-08:00\ntreatment: mdmaa\n---\n", "clients/sam-r/client.md": ""],
        ]
        for unsaved in cases {
            let whole = try check.check(unsaved: unsaved).diagnostics
            try Self.expectSame(check, whole: whole, files: Set(unsaved.keys), unsaved: unsaved)
        }
    }

    /// run.sh's generator (`afterflow-bench practice DIR 4 30 7`: four clients, thirty weeks),
    /// with problems of the checks across files written into files picked at random.
    @Test func generatedPractice() throws {
        let bench = try #require(BenchProgram.path, "afterflow-bench is built with the tests (swift build --build-tests)")
        let folder = Folder()
        let run = try TestProgram.run(bench, ["practice", folder.root, "4", "30", "7"], timeout: 600)
        try #require(run.succeeded, "\(run.errorText)")
        var random = SeededRandom("generatedPractice")
        let vault = try Vault(root: folder.root)
        let sessions = VaultScanner.documentPaths(in: vault).filter { $0.contains("/sessions/") }
        let goals = VaultScanner.documentPaths(in: vault).filter { $0.contains("/goals/") }
        try #require(sessions.count > 100 && goals.count >= 4)
        for path in (0..<6).map({ _ in sessions.randomElement(using: &random)! }) {
            try folder.edit(path) { $0 + "- 23:59:00 no-such-goal + independent\n" }
        }
        let lost = goals.randomElement(using: &random)!
        try folder.remove(lost)
        let taken = try #require(Folder.id(of: try folder.read(sessions[0])))
        try folder.edit(sessions.randomElement(using: &random)!) { Folder.withID($0, taken) }
        try folder.remove("clients/" + String(sessions.last!.split(separator: "/")[1]) + "/client.md")
        try folder.edit(".afterflow/config.yml") { $0 + "audit: true\nconcurrent_97155: false\n" }
        let check = try Self.check(folder.root)
        let whole = try check.check().diagnostics
        #expect(whole.contains { $0.message.contains("no goal \"no-such-goal\"") })
        #expect(whole.contains { $0.message.contains("has no client.md") })
        let paths = try Self.pathsToAsk(folder.root)
        for path in paths { try Self.expectSame(check, whole: whole, files: [path]) }
        for _ in 0..<20 {
            try Self.expectSame(check, whole: whole, files: Set((0..<Int.random(in: 2...8, using: &random)).map { _ in paths.randomElement(using: &random)! }))
        }
    }

    // MARK: - A problem that depends on another file

    /// The practice fixture `clean` (`VaultCheckTests.practice`): Maya's client.md, goals s-initial
    /// and two-step, a trial session of three lines naming them.
    static let client = VaultCheckTests.client, sInitial = VaultCheckTests.sInitial, twoStep = VaultCheckTests.twoStep
    static let trials = VaultCheckTests.trials, mayaID = "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34"

    /// The problems of `path` alone, as `path:line:col: severity: message`.
    static func alone(_ check: VaultCheck, _ path: String, unsaved: [String: String] = [:]) throws -> [String] {
        try check.check(files: [path], unsaved: unsaved).diagnostics.map(\.description)
    }

    @Test("a trial line's unknown goal goes when the goal file is created, and comes back when it is deleted, the index not refreshed")
    func goalCreatedAndDeleted() throws {
        try VaultCheckTests.practice([Self.trials: VaultCheckTests.text(Self.trials) + "- 15:04:00 blends + independent\n"]) { temp, check in
            // Line 12 is the line added after the fixture's 11; the goal's name starts at column 12,
            // after "- 15:04:00 " (11 bytes).
            let unknown = "\(Self.trials):12:12: error: trial line: no goal \"blends\" in clients/maya-t/goals/ (maya-t's goals are s-initial, two-step); fix the name, or add the goal as clients/maya-t/goals/blends.md"
            #expect(try Self.alone(check, Self.trials) == [unknown])
            let goal = "clients/maya-t/goals/blends.md"
            try temp.write(goal, "---\ntype: goal\nid: 1D2E3F4A-5B6C-4D7E-8F90-A1B2C3D4E5F6\nclient: \(Self.mayaID)\ntitle: Blends\n---\n")
            #expect(try Self.alone(check, Self.trials) == [])
            // The editor's path: the session's buffer, the goal on disk.
            let buffer = VaultCheckTests.text(Self.trials) + "- 15:04:00 blends + independent\n"
            #expect(try check.check(path: Self.trials, unsavedText: buffer) == [])
            try FileManager.default.removeItem(atPath: temp.root + "/" + goal)
            #expect(try Self.alone(check, Self.trials) == [unknown])
            #expect(try check.check(path: Self.trials, unsavedText: buffer).map(\.description) == [unknown])
        }
    }

    @Test("a duplicate id appears on a file when another file earlier by path takes its id, and goes when that file goes")
    func duplicateIDAddedInAnotherFile() throws {
        try VaultCheckTests.practice { temp, check in
            let sessionID = "5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E"
            // clients/maya-t/goals/ sorts before clients/maya-t/sessions/: the session is the duplicate,
            // at its id's value (line 3, after "id: ", column 5).
            let other = "clients/maya-t/goals/blends.md"
            let otherText = "---\ntype: goal\nid: \(sessionID)\nclient: \(Self.mayaID)\ntitle: Blends\n---\n"
            let duplicate = "\(Self.trials):3:5: error: id \(sessionID) is also the id of \(other); give this file a new id (delete the id line and run 'afterflow fmt')"
            #expect(try Self.alone(check, Self.trials) == [])
            // Another editor buffer, not saved.
            #expect(try Self.alone(check, Self.trials, unsaved: [other: otherText]) == [duplicate])
            // Saved: the index, refreshed as a front end refreshes it, holds the id twice.
            try temp.write(other, otherText)
            _ = try check.store.refresh()
            #expect(try Self.alone(check, Self.trials) == [duplicate])
            #expect(try Self.alone(check, other) == [])
            try FileManager.default.removeItem(atPath: temp.root + "/" + other)
            _ = try check.store.refresh()
            #expect(try Self.alone(check, Self.trials) == [])
        }
    }

    @Test("client.md deleted: the error is on the folder's first member by path only, and goes when the file is back")
    func clientFileDeletedAndRestored() throws {
        try VaultCheckTests.practice { temp, check in
            try FileManager.default.removeItem(atPath: temp.root + "/" + Self.client)
            // s-initial.md sorts before two-step.md and the session; its `client` value is at line 4,
            // after "client: " (8 bytes), column 9.
            #expect(try Self.alone(check, Self.sInitial) == [
                "\(Self.sInitial):4:9: error: clients/maya-t/ has no client.md, so nothing says whose goals and sessions these are; add clients/maya-t/client.md ('afterflow client add NAME --short maya-t') or move this file to its client's folder",
            ])
            #expect(try Self.alone(check, Self.twoStep) == [])
            #expect(try Self.alone(check, Self.trials) == [])
            try temp.write(Self.client, VaultCheckTests.text(Self.client))
            #expect(try Self.alone(check, Self.sInitial) == [])
        }
    }

    @Test("client.md given another id: each member states the old one, another client's when another client.md holds it")
    func clientIDChanged() throws {
        try VaultCheckTests.practice { temp, check in
            let newID = "0D0D0D0D-0000-4000-8000-0000000000AA"
            try temp.write(Self.client, VaultCheckTests.text(Self.client).replacingOccurrences(of: Self.mayaID, with: newID))
            #expect(try Self.alone(check, Self.twoStep) == [
                "\(Self.twoStep):4:9: error: client \(Self.mayaID) is not the id of this folder's client (clients/maya-t/client.md, id \(newID)) nor of any other: a goal of another client; write \(newID), or move the file to its client's goals/ folder",
            ])
            try temp.write("clients/sam-k/client.md", "---\ntype: client\nid: \(Self.mayaID)\nname: Sam Kim\n---\n")
            #expect(try Self.alone(check, Self.trials) == [
                "\(Self.trials):4:9: error: client \(Self.mayaID) is the id of clients/sam-k/client.md, not of this folder's client (clients/maya-t/client.md, id \(newID)): a trial session of another client; move the file to clients/sam-k/sessions/, or write \(newID)",
            ])
        }
    }

    @Test("with concurrent_97155: false, a 97153 session written beside a 97155 one makes the overlap warning appear on the 97155 session")
    func overlapCreated() throws {
        let supervised = VaultCheckTests.text(Self.trials)
            .replacingOccurrences(of: "date: 2025-01-14T15:00:00", with: "date: 2025-01-14T15:00:00\nend: 2025-01-14T15:30:00\nservice: 97155")
        try VaultCheckTests.practice([Self.trials: supervised]) { temp, _ in
            try temp.write(".afterflow/config.yml", try temp.read(".afterflow/config.yml") + "concurrent_97155: false\n")
            let check = try Self.check(temp.root)
            #expect(try Self.alone(check, Self.trials) == [])
            let technician = "clients/maya-t/sessions/2025/2025-01-14-1520.md"
            try temp.write(technician, "---\ntype: trials\nid: 0D0D0D0D-0000-4000-8000-0000000000BB\nclient: \(Self.mayaID)\ndate: 2025-01-14T15:20:00\nend: 2025-01-14T16:00:00\nservice: 97153\n---\n")
            // From the later start (15:20, told as 3:20 PM) to the earlier end (15:30): 10 minutes, at `service`'s value
            // (line 7, after "service: ", column 10).
            let found = try Self.alone(check, Self.trials)
            #expect(found == [
                "\(Self.trials):7:10: warning: 97155 overlaps the 97153 session \(technician) from 3:20 PM to 3:30 PM (10 minutes); the vault's payer does not pay 97155 and 97153 of one client for the same time (concurrent_97155: false): bill that time once, or correct the times",
            ], "\(found)")
            #expect(try Self.alone(check, technician) == [])
        }
    }
}
