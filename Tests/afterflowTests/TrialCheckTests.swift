import Foundation
import Testing

/// A small practice: Maya's and Sam's folders, with a goal each and one session of Maya's.
struct Practice {
    static let maya = "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34"
    static let sam = "1B2C3D4E-5F60-4A7B-8C9D-0E1F2A3B4C5D"
    static let sessionPath = "clients/maya-t/sessions/2025/2025-01-14-1500.md"

    static let files: [String: String] = [
        "clients/maya-t/client.md": "---\ntype: client\nid: \(maya)\nname: Maya Thompson\nborn: 2017-03-02\n---\n# Maya Thompson\n\n## Notes\n\nLikes dinosaurs.\n",
        "clients/sam-k/client.md": "---\ntype: client\nid: \(sam)\nname: Sam Kim\n---\n",
        "clients/maya-t/goals/s-initial.md": """
            ---
            type: goal
            id: 0B2D4F60-1A3C-4E5F-8A9B-0C1D2E3F4A5B
            client: \(maya)
            title: Produce /s/ in word-initial position
            category: articulation
            cue: minimal
            mastery: 80% x 3
            ---
            A correct response is /s/ without distortion at the start of a word.

            """,
        "clients/maya-t/goals/two-step.md": "---\ntype: goal\nid: 7A1E0B2D-4F60-4A3C-8E5F-9A9B0C1D2E3F\nclient: \(maya)\ntitle: Follow two-step directions\ncategory: language\n---\n",
        "clients/sam-k/goals/fluency.md": "---\ntype: goal\nid: 2C3D4E5F-6071-4A8B-9CAD-BE0F1A2B3C4D\nclient: \(sam)\ntitle: Easy onsets\ncategory: fluency\n---\n",
        sessionPath: session(trials: [
            "- 15:02:10 s-initial + independent",
            "- 15:02:31 s-initial - minimal  said /th/ for /s/",
            "- 15:03:40 two-step + moderate",
        ]),
    ]

    /// Lines: 1 `---` … 6 `---`, 7 `## Trials`, 8 blank, trials from line 9.
    static func session(trials: [String], id: String? = "5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E") -> String {
        "---\ntype: trials\n\(id.map { "id: \($0)\n" } ?? "")client: \(maya)\ndate: 2025-01-14T15:00:00\n---\n## Trials\n\n"
            + trials.map { $0 + "\n" }.joined() + "\n## Notes\n\nS: tired after school.\n"
    }

    /// Makes a vault holding the practice, changed by `changes` (nil removes a file).
    static func make(in sandbox: Sandbox, _ changes: [String: String?] = [:]) throws -> String {
        let root = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
        var all = files.mapValues { Optional($0) }
        for (path, text) in changes { all[path] = text }
        for (path, text) in all {
            if let text { try sandbox.write(root + "/" + path, text) }
        }
        return root
    }
}

@Suite("check and fmt on clients, goals and trial sessions")
struct TrialCheckTests {
    @Test("a sound practice has no problems")
    func clean() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox)
            let result = try sandbox.run(["check"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stdout == "Checked 6 files: no problems.\n")
            #expect(result.stderr == "")
        }
    }

    @Test("check reports an unknown goal and cue, a malformed time and a goal of another client, with path:line:col")
    func problems() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox, [
                Practice.sessionPath: Practice.session(trials: [
                    "- 15:02:10 s-initial + independent",
                    "- 15:02:31 s-intial - minimal  said /th/ for /s/",
                    "- 15:03:40 two-step + prompted",
                    "- 15:3:50 two-step + moderate",
                ]),
                "clients/maya-t/goals/two-step.md":
                    "---\ntype: goal\nid: 7A1E0B2D-4F60-4A3C-8E5F-9A9B0C1D2E3F\nclient: \(Practice.sam)\ntitle: Follow two-step directions\n---\n",
            ])
            let result = try sandbox.run(["check"], directory: vault)
            expectStatus(result, 1)
            #expect(result.stderr == "")
            let errors = result.stdoutLines.filter { $0.contains(": error: ") }
            let session = Practice.sessionPath
            #expect(errors == [
                "clients/maya-t/goals/two-step.md:4:9: error: client \(Practice.sam) is the id of clients/sam-k/client.md, not of this folder's client (clients/maya-t/client.md, id \(Practice.maya)): a goal of another client; move the file to clients/sam-k/goals/, or write \(Practice.maya)",
                "\(session):10:12: error: trial line: no goal \"s-intial\" in clients/maya-t/goals/ (maya-t's goals are s-initial, two-step); did you mean \"s-initial\"?",
                "\(session):11:23: error: trial line: cue level \"prompted\" is not one of the vault's cue levels (independent, minimal, moderate, maximal); write one of them, or add it to cue_levels in .afterflow/config.yml",
                "\(session):12:3: error: trial line: expected a time of day like 15:02:10 (hours 00-23, minutes and seconds 00-59), found \"15:3:50\"",
            ], "\(result)")
            // Each with its line and a caret under the column.
            let index = try #require(result.stdoutLines.firstIndex(of: errors[1]))
            #expect(result.stdoutLines[index + 1] == "    - 15:02:31 s-intial - minimal  said /th/ for /s/")
            #expect(result.stdoutLines[index + 2] == String(repeating: " ", count: 4 + 11) + "^")
            #expect(result.stdoutLines.last == "Checked 6 files: 4 errors, 0 warnings in 2 files.")

            let json = try sandbox.run(["check", "--format", "json"], directory: vault)
            expectStatus(json, 1)
            let items = try #require(json.json as? [[String: Any]], "\(json)")
            #expect(items.map { "\($0["path"] as? String ?? ""):\($0["line"] as? Int ?? 0):\($0["column"] as? Int ?? 0)" } == [
                "clients/maya-t/goals/two-step.md:4:9", "\(session):10:12", "\(session):11:23", "\(session):12:3",
            ])
        }
    }

    @Test("the vault's own cue levels and categories are the ones check expects")
    func ownLevels() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox, [
                Practice.sessionPath: Practice.session(trials: ["- 15:02:10 s-initial + gestural", "- 15:02:31 s-initial - minimal"]),
                "clients/sam-k/goals/fluency.md": "---\ntype: goal\nid: 2C3D4E5F-6071-4A8B-9CAD-BE0F1A2B3C4D\nclient: \(Practice.sam)\ntitle: Eat with a spoon\ncategory: Feeding\n---\n",
            ])
            try sandbox.write(vault + "/.afterflow/config.yml", """
                version: 1
                time_zone: America/Los_Angeles
                cue_levels: [independent, gestural, verbal, model, partial-physical, full-physical]
                goal_categories: [feeding]

                """)
            let result = try sandbox.run(["check"], directory: vault)
            expectStatus(result, 1)
            #expect(result.stdoutLines.filter { $0.contains(": error: ") } == [
                "clients/maya-t/goals/s-initial.md:7:6: error: cue \"minimal\" is not one of the vault's cue levels (independent, gestural, verbal, model, partial-physical, full-physical); write one of them, or add it to cue_levels in .afterflow/config.yml",
                "\(Practice.sessionPath):10:24: error: trial line: cue level \"minimal\" is not one of the vault's cue levels (independent, gestural, verbal, model, partial-physical, full-physical); write one of them, or add it to cue_levels in .afterflow/config.yml",
            ], "\(result)")
        }
    }

    @Test("files outside their client's folder, and a folder without client.md")
    func placement() throws {
        try withSandbox { sandbox in
            let vault = try Practice.make(in: sandbox, [
                "clients/sam-k/client.md": nil,
                "sessions/2025/stray.md": Practice.session(trials: [], id: nil),
            ])
            let result = try sandbox.run(["check"], directory: vault)
            expectStatus(result, 1)
            #expect(result.stdoutLines.filter { $0.contains(": error: ") || $0.contains(": warning: ") } == [
                "clients/sam-k/goals/fluency.md:4:9: error: clients/sam-k/ has no client.md, so nothing says whose goals and sessions these are; add clients/sam-k/client.md ('afterflow client add NAME --short sam-k') or move this file to its client's folder",
                "sessions/2025/stray.md:1:1: warning: id is missing; 'afterflow fmt' adds one",
                "sessions/2025/stray.md:2:7: error: a trial session must be in its client's sessions folder, clients/<short>/sessions/YYYY/YYYY-MM-DD-HHMM.md, found it at sessions/2025/stray.md; move it there (a client's files are read from the client's folder)",
            ], "\(result)")
        }
    }

    @Test("fmt gives clients, goals and trial sessions an id and canonical trial lines, and changes no other line")
    func format() throws {
        try withSandbox { sandbox in
            let hand = "---\ntype: trials\nclient: \(Practice.maya)   # Maya\ndate: 2025-01-14T15:00:00\nroom: 2\n---\n## Trials\n\nWarm-up first.\n  * 15:02   s-initial  +  Independent\n- 15:02:31 s-initial - minimal  said /th/\n-   15:03:40\ttwo-step + moderate   \n\n## Notes\n\n- keep: this list is not trials\n"
            let vault = try Practice.make(in: sandbox, [
                Practice.sessionPath: hand,
                "clients/sam-k/client.md": "---\ntype: client\n# no id yet\nname: Sam Kim\n---\n",
                // A goal names its client by id: Sam has none yet.
                "clients/sam-k/goals/fluency.md": nil,
            ])
            let unchanged = "clients/maya-t/goals/s-initial.md"
            let before = try sandbox.readText(vault + "/" + unchanged)

            let check = try sandbox.run(["fmt", "--check"], directory: vault)
            expectStatus(check, 1)
            #expect(check.stdoutLines == ["clients/maya-t/sessions/2025/2025-01-14-1500.md", "clients/sam-k/client.md"])
            #expect(try sandbox.readText(vault + "/" + Practice.sessionPath) == hand)

            let result = try sandbox.run(["fmt"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stderr == "Formatted 2 files.\n")
            let session = try sandbox.readText(vault + "/" + Practice.sessionPath)
            let lines = session.components(separatedBy: "\n")
            #expect(lines[1] == "type: trials")
            let id = try #require(lines[2].hasPrefix("id: ") ? String(lines[2].dropFirst(4)) : nil, "\(session)")
            #expect(UUID(uuidString: id) != nil && id == id.uppercased())
            #expect(session == hand
                .replacingOccurrences(of: "type: trials\n", with: "type: trials\nid: \(id)\n")
                .replacingOccurrences(of: "  * 15:02   s-initial  +  Independent\n", with: "- 15:02:00 s-initial + independent\n")
                .replacingOccurrences(of: "-   15:03:40\ttwo-step + moderate   \n", with: "- 15:03:40 two-step + moderate\n"))
            let client = try sandbox.readText(vault + "/clients/sam-k/client.md")
            #expect(client.hasPrefix("---\ntype: client\nid: "))
            #expect(client.hasSuffix("\n# no id yet\nname: Sam Kim\n---\n"))
            #expect(try sandbox.readText(vault + "/" + unchanged) == before)

            let again = try sandbox.run(["fmt", "--check"], directory: vault)
            expectStatus(again, 0)
            #expect(again.stdout == "")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("fmt leaves a trial session with errors alone and says why")
    func formatRefusesErrors() throws {
        try withSandbox { sandbox in
            let broken = Practice.session(trials: ["  * 15:02   s-initial  +  independent", "- 15:61:00 s-initial + minimal"], id: nil)
            let vault = try Practice.make(in: sandbox, [Practice.sessionPath: broken])
            let result = try sandbox.run(["fmt"], directory: vault)
            expectStatus(result, 1)
            #expect(try sandbox.readText(vault + "/" + Practice.sessionPath) == broken)
            #expect(result.stderr.contains("\(Practice.sessionPath):9:3: error: trial line: expected a time of day like 15:02:10 (hours 00-23, minutes and seconds 00-59), found \"15:61:00\""), "\(result)")
            #expect(result.stderr.contains("error: 1 file has errors and was left alone; fix it first"), "\(result)")
        }
    }

    @Test("fmt PATH formats one goal file")
    func formatByPath() throws {
        try withSandbox { sandbox in
            let goal = "clients/maya-t/goals/two-step.md"
            let vault = try Practice.make(in: sandbox, [
                goal: "---\ntype: goal\nclient: \(Practice.maya)\ntitle: Follow two-step directions\n---\n",
                "clients/sam-k/client.md": "---\ntype: client\nname: Sam Kim\n---\n",
            ])
            let result = try sandbox.run(["fmt", goal], directory: vault)
            expectStatus(result, 0)
            #expect(result.stdoutLines == ["  " + goal])
            #expect(try sandbox.readText(vault + "/" + goal).hasPrefix("---\ntype: goal\nid: "))
            // The other file was not named, and stays as it was.
            #expect(try sandbox.readText(vault + "/clients/sam-k/client.md") == "---\ntype: client\nname: Sam Kim\n---\n")
            let fromFolder = try sandbox.run(["fmt", "--check", "goals/two-step.md"], directory: vault + "/clients/maya-t")
            expectStatus(fromFolder, 0)
        }
    }
}
