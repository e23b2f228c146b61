import Foundation
import Testing

/// What a test needs to know about a session file, read independently of afterflow.
struct SessionFacts: Sendable {
    var path: String
    var date: String
    var treatment: String
    var recordedStatus: String?
    /// The status the content implies: draft without an intention or mood before, then
    /// needs-reflection without reflections, else complete.
    var derivedStatus: String

    init(path: String, text: String) {
        self.path = path
        date = frontMatterValue(text, "date") ?? ""
        treatment = frontMatterValue(text, "treatment")?.lowercased() ?? ""
        recordedStatus = frontMatterValue(text, "status")
        let sections = bodySections(text)
        let intention = sections["intention"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let reflections = sections["reflections"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let mood = frontMatterValue(text, "mood_before").flatMap(Int.init).flatMap { (1...10).contains($0) ? $0 : nil }
        if intention.isEmpty || mood == nil {
            derivedStatus = "draft"
        } else {
            derivedStatus = reflections.isEmpty ? "needs-reflection" : "complete"
        }
    }
}

/// The `## ` sections of a session's body, by lower-cased title.
func bodySections(_ text: String) -> [String: String] {
    let lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
    guard lines.first == "---", let close = lines.dropFirst().firstIndex(of: "---") else { return [:] }
    var sections: [String: String] = [:]
    var current: String?
    var buffer: [String] = []
    func flush() {
        if let current { sections[current] = buffer.joined(separator: "\n") }
        buffer = []
    }
    for line in lines[(close + 1)...] {
        if line.hasPrefix("## ") || line.hasPrefix("# ") {
            flush()
            current = line.hasPrefix("## ") ? String(line.dropFirst(3)).lowercased() : nil
        } else {
            buffer.append(line)
        }
    }
    flush()
    return sections
}

/// The facts of every session file in the vault at `root` (sessions/ only, not drafts).
func sessionFacts(in root: String) throws -> [SessionFacts] {
    guard let enumerator = FileManager.default.enumerator(atPath: root + "/sessions") else { return [] }
    var facts: [SessionFacts] = []
    while let next = enumerator.nextObject() as? String {
        guard next.hasSuffix(".md") else { continue }
        let data = try #require(FileManager.default.contents(atPath: root + "/sessions/" + next))
        facts.append(SessionFacts(path: "sessions/" + next, text: String(decoding: data, as: UTF8.self)))
    }
    return facts
}

@Suite("list")
struct ListTests {
    @Test("list shows every session, newest first")
    func newestFirst() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let facts = try sessionFacts(in: vault)
            let result = try sandbox.run(["list", "--format", "json"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stderr == "")
            let rows = try #require(result.json as? [[String: Any]], "\(result)")
            let paths = rows.compactMap { $0["path"] as? String }
            #expect(Set(paths) == Set(facts.map(\.path)), "every session file, once")
            #expect(paths.count == facts.count)
            let dates = try rows.map { row -> Date in
                let text = try #require(row["date"] as? String)
                return try #require(parseISODate(text), "an ISO date: \(text)")
            }
            for index in dates.indices.dropFirst() {
                #expect(dates[index - 1] >= dates[index], "row \(index - 1) (\(paths[index - 1])) is not older than row \(index) (\(paths[index]))")
            }
            // The newest date of the files comes first.
            let newest = facts.compactMap { parseISODate($0.date) }.max()
            #expect(dates.first == newest)
        }
    }

    @Test("the table has one line a session, in the same order as the json")
    func table() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let table = try sandbox.run(["list"], directory: vault)
            expectStatus(table, 0)
            let json = try sandbox.run(["list", "--format", "json"], directory: vault)
            let rows = try #require(json.json as? [[String: Any]])
            #expect(table.stdoutLines.count == rows.count, "no summary line when not on a terminal")
            for (line, row) in zip(table.stdoutLines, rows) {
                let date = try #require(row["date"] as? String)
                let start = String(date.prefix(10)) + " " + String(date.dropFirst(11).prefix(5))
                #expect(line.hasPrefix(start), "\(line) starts with \(start)")
            }
            #expect(table.stdoutLines.contains(
                "2024-12-10 14:30  Psilocybin  🌤️  5 → ☀️  8  complete          To explore creativity and connection."))
        }
    }

    @Test("every line of the table is the session's date, treatment, moods, status and intention in columns")
    func tableColumns() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            // A session with a day and no time, no treatment and no moods, and a two-line intention.
            try sandbox.write(vault + "/sessions/2023/2023-01-05-note.md", """
                ---
                date: 2023-01-05
                ---
                # A note on a day

                ## Intention

                First line only.
                Not this one.
                """)
            let table = try sandbox.run(["list"], directory: vault)
            expectStatus(table, 0)
            let json = try sandbox.run(["list", "--format", "json"], directory: vault)
            let rows = try #require(json.json as? [[String: Any]])
            try #require(table.stdoutLines.count == rows.count)
            func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
            func mood(_ value: Any?) -> String {
                guard let value = value as? Int else { return "  ·  " }
                let emoji = value <= 2 ? "☁️" : value <= 4 ? "🌦️" : value <= 6 ? "🌤️" : value <= 8 ? "☀️" : "✨"
                return emoji + " " + (value < 10 ? " \(value)" : "\(value)")
            }
            for (line, row) in zip(table.stdoutLines, rows) {
                let date = try #require(row["date"] as? String)
                let day = date.count == 10 ? date : String(date.prefix(10)) + " " + String(date.dropFirst(11).prefix(5))
                let treatment = (row["treatment"] as? String).map { ["lsd", "dmt", "mdma"].contains($0) ? $0.uppercased() : $0.prefix(1).uppercased() + $0.dropFirst() } ?? "?"
                let head = padded(day, 16) + "  " + padded(treatment, 10) + "  " + mood(row["mood_before"]) + " → " + mood(row["mood_after"]) + "  "
                let intention = String((row["intention"] as? String ?? "").split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
                #expect(line.hasPrefix(head), "\(line) starts with \(head)")
                #expect(line.hasSuffix("  " + intention), "\(line) ends with \(intention)")
                let status = String(line.dropFirst(head.count).prefix(16))
                #expect(["draft", "needs reflection", "complete"].map { padded($0, 16) }.contains(status), "\(line)")
            }
            #expect(table.stdoutLines.contains("2023-01-05        ?             ·   →   ·    draft             First line only."))
        }
    }

    @Test("--format paths lists files that exist, in the json's order")
    func paths() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["list", "--format", "paths"], directory: vault)
            expectStatus(result, 0)
            #expect(!result.stdoutLines.isEmpty)
            for path in result.stdoutLines {
                #expect(!path.hasPrefix("/"), "vault-relative: \(path)")
                #expect(FileManager.default.fileExists(atPath: vault + "/" + path), "\(path) exists")
            }
            let json = try sandbox.run(["list", "--format", "json"], directory: vault)
            let rows = try #require(json.json as? [[String: Any]])
            #expect(result.stdoutLines == rows.compactMap { $0["path"] as? String })
        }
    }

    @Test("--status keeps the sessions whose content gives that status",
          arguments: ["needs-reflection", "complete", "draft"])
    func byStatus(status: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let facts = try sessionFacts(in: vault)
            let expected = Set(facts.filter { $0.derivedStatus == status }.map(\.path))
            let result = try sandbox.run(["list", "--status", status, "--format", "paths"], directory: vault)
            expectStatus(result, 0)
            #expect(Set(result.stdoutLines) == expected)
            #expect(result.stdoutLines.count == expected.count)
            if status == "needs-reflection" { #expect(!expected.isEmpty, "the sample has sessions that need reflection") }
            let json = try sandbox.run(["list", "--status", status, "--format", "json"], directory: vault)
            for row in try #require(json.json as? [[String: Any]]) {
                #expect(row["status"] as? String == status)
            }
        }
    }

    @Test("--treatment keeps that treatment's sessions", arguments: ["ketamine", "psilocybin", "KETAMINE"])
    func byTreatment(treatment: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let facts = try sessionFacts(in: vault)
            let expected = Set(facts.filter { $0.treatment == treatment.lowercased() }.map(\.path))
            #expect(expected.count >= 2)
            let result = try sandbox.run(["list", "--treatment", treatment, "--format", "paths"], directory: vault)
            expectStatus(result, 0)
            #expect(Set(result.stdoutLines) == expected)
            #expect(result.stdoutLines.count == expected.count)
        }
    }

    @Test("--limit 3 shows the three newest")
    func limit() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let all = try sandbox.run(["list", "--format", "paths"], directory: vault)
            let three = try sandbox.run(["list", "--format", "paths", "--limit", "3"], directory: vault)
            expectStatus(three, 0)
            #expect(three.stdoutLines == Array(all.stdoutLines.prefix(3)))
            let filtered = try sandbox.run(["list", "--treatment", "ketamine", "--limit", "1", "--format", "paths"], directory: vault)
            let allKetamine = try sandbox.run(["list", "--treatment", "ketamine", "--format", "paths"], directory: vault)
            #expect(filtered.stdoutLines == Array(allKetamine.stdoutLines.prefix(1)))
        }
    }

    @Test("bad filters are usage errors (64)",
          arguments: [
            (["--limit", "0"], "--limit must be at least 1"),
            (["--limit", "-1"], "--limit must be at least 1"),
            (["--limit=-1"], "--limit must be at least 1"),
            (["--status", "done"], "--status must be draft, needs-reflection or complete, found \"done\""),
            (["--treatment", "aspirin"], "--treatment must be one of"),
            (["--format", "xml"], "xml"),
          ])
    func badFilters(arguments: [String], message: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["list"] + arguments, directory: vault)
            expectStatus(result, 64)
            #expect(result.stderr.contains(message), "\(result)")
            #expect(result.stdout == "")
        }
    }

    @Test("nothing matching prints 'No sessions match.'")
    func noMatch() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["list", "--treatment", "other", "--status", "draft"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stdout == "No sessions match.\n")
        }
    }

    @Test("a broken file is reported on stderr and the others are still listed")
    func brokenFile() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = vault + "/sessions/2024/2024-12-10-psilocybin.md"
            let text = try sandbox.readText(path)
            try sandbox.write(path, text.replacingOccurrences(of: "dose: 3.5 g\n", with: "dose: \"3.5 g\n"))
            let result = try sandbox.run(["list", "--format", "paths"], directory: vault)
            expectStatus(result, 0)
            // It was read, and is listed with what could be read of it: the warning says it has errors.
            #expect(result.stderr == "warning: 1 file has errors; run 'afterflow check'\n")
            #expect(result.stdoutLines.count == exampleSessionPaths.count)
            #expect(result.stdoutLines.contains("sessions/2024/2024-12-10-psilocybin.md"), "\(result)")
        }
    }
}
