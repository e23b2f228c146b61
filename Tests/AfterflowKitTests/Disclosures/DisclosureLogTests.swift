@testable import AfterflowKit
import Foundation
import Testing

/// The disclosure log: lines appended whole and owner-only, read back as written, joined into
/// the accounting, chosen by client, time and exemption; an unreadable line located.
@Suite struct DisclosureLogTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    /// 2025-10-20 09:00 in Los Angeles (UTC-7 in October): 16:00 UTC.
    static let nine = Date(timeIntervalSince1970: 1_760_976_000)

    static func entry(_ command: String, at: Date = nine, clients: [String] = [], exempt: DisclosureExemption? = nil,
                      ongoing: Bool = false) -> Disclosure {
        Disclosure(at: at, command: command, what: "sessions", count: 2, clients: clients,
                   records: ["6F1C2A3B-0000-4000-8000-000000000001"], destination: DisclosureDestination(.file, "/tmp/out.csv"),
                   purpose: "payer review", exempt: exempt, by: "ann", ongoing: ongoing)
    }

    @Test func aDisclosureIsOneJSONLineWithItsTimeInTheVaultsZone() throws {
        let temp = try TemporaryVault(timeZone: "America/Los_Angeles")
        let log = DisclosureLog(vault: try temp.vault)
        let entry = Self.entry("export csv", clients: ["maya-t"])
        try log.record(entry)
        let text = try temp.read(".afterflow/disclosures.log")
        #expect(text == """
            {"at":"2025-10-20T09:00:00-07:00","disclosure":"\(entry.id.uuidString)","command":"export csv","what":"sessions","count":2,\
            "clients":["maya-t"],"records":["6F1C2A3B-0000-4000-8000-000000000001"],"to":"file","destination":"/tmp/out.csv",\
            "purpose":"payer review","by":"ann"}

            """)
        #expect(try temp.mode(".afterflow/disclosures.log") == 0o600)
        let read = try log.read()
        #expect(read.problems.isEmpty)
        #expect(read.lines.map(\.line) == [.disclosure(entry)])
        #expect(read.lines.map(\.number) == [1])
    }

    /// A vault made before the log was has a `.afterflow/.gitignore` without it: the log's first
    /// line adds it there, once, keeping the file's other bytes and its line ending.
    @Test(arguments: [("index.sqlite*\nlock\n", "index.sqlite*\nlock\ndisclosures.log\n"),
                      ("index.sqlite*\r\nlock", "index.sqlite*\r\nlock\r\ndisclosures.log\r\n"),
                      ("lock\ndisclosures.log\n", "lock\ndisclosures.log\n"),
                      ("# mine\n/disclosures.log\n", "# mine\n/disclosures.log\n")])
    func theFirstLineKeepsTheLogOutOfGitInAnOlderVault(before: String, after: String) throws {
        let temp = try TemporaryVault()
        try temp.write(".afterflow/.gitignore", before)
        let log = DisclosureLog(vault: try temp.vault)
        try log.record(Self.entry("export csv"))
        try log.record(Self.entry("export json"))
        #expect(try temp.read(".afterflow/.gitignore") == after)
    }

    @Test func linesAreAppendedAndAWidenedModeIsPutBack() throws {
        let temp = try TemporaryVault()
        let log = DisclosureLog(vault: try temp.vault)
        try log.record(Self.entry("export json"))
        chmod(log.path, 0o644)
        let first = Self.entry("export html")
        try log.record(first)
        try log.finish(DisclosureOutcome(id: first.id, at: Self.nine.addingTimeInterval(2), status: .done, bytes: 10, sha256: "ab"))
        #expect(try temp.mode(".afterflow/disclosures.log") == 0o600)
        let lines = try temp.read(".afterflow/disclosures.log").split(separator: "\n", omittingEmptySubsequences: false)
        // Three lines, each ending in a line feed: four parts, the last empty.
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[0].contains("\"command\":\"export json\"") && lines[1].contains("\"command\":\"export html\""))
        #expect(lines[2].hasPrefix("{\"at\":\"") && lines[2].contains("\"outcome\":\"done\",\"disclosure\":\"\(first.id.uuidString)\",\"bytes\":10,\"sha256\":\"ab\""))
    }

    @Test func aLogThatIsNotAPlainFileStopsTheDisclosure() throws {
        let temp = try TemporaryVault()
        try FileManager.default.createDirectory(atPath: temp.root + "/.afterflow/disclosures.log", withIntermediateDirectories: false)
        let log = DisclosureLog(vault: try temp.vault)
        #expect {
            try log.record(Self.entry("export csv"))
        } throws: { error in
            "\(error)".contains("cannot log the disclosure in .afterflow/disclosures.log, so nothing was sent")
        }
    }

    @Test func theAccountingJoinsOutcomesAndSaysHowEachEnded() throws {
        let done = Self.entry("export csv"), failed = Self.entry("export pdf"), killed = Self.entry("export json")
        let served = Self.entry("serve", ongoing: true)
        let lines: [(number: Int, line: DisclosureLine)] = [
            (1, .disclosure(done)), (2, .disclosure(failed)), (3, .outcome(DisclosureOutcome(id: done.id, at: Self.nine, status: .done))),
            (4, .disclosure(killed)), (5, .outcome(DisclosureOutcome(id: failed.id, at: Self.nine, status: .failed))),
            (6, .disclosure(served)), (7, .outcome(DisclosureOutcome(id: UUID(), at: Self.nine, status: .done))),
        ]
        let accounting = DisclosureAccounting(lines: lines)
        #expect(accounting.items.map(\.disclosure.command) == ["export csv", "export pdf", "export json", "serve"])
        #expect(accounting.items.map(\.status) == [.done, .failed, .unfinished, .started])
        // Line 7's outcome names a disclosure the log does not hold.
        #expect(accounting.problems.map(\.location) == [SourceLocation(line: 7, column: 1)])
        #expect(accounting.problems.first?.severity == .warning)
    }

    @Test func theAccountingChoosesByClientTimeAndExemption() {
        let day = TimeInterval(86_400)
        let maya = Self.entry("export progress", at: Self.nine.addingTimeInterval(-10 * day), clients: ["maya-t"])
        let both = Self.entry("export trials csv", at: Self.nine.addingTimeInterval(-2 * day), clients: ["leo-o", "maya-t"])
        let exempt = Self.entry("export progress", at: Self.nine.addingTimeInterval(-1 * day), clients: ["maya-t"], exempt: .treatment)
        let journal = Self.entry("export csv", at: Self.nine)
        let accounting = DisclosureAccounting(lines: [maya, both, exempt, journal].enumerated().map { ($0.offset + 1, .disclosure($0.element)) })
        #expect(accounting.items(.init()).map(\.disclosure.id) == [maya.id, both.id, journal.id])
        #expect(accounting.items(.init(client: "maya-t")).map(\.disclosure.id) == [maya.id, both.id])
        #expect(accounting.items(.init(client: "maya-t", includeExempt: true)).map(\.disclosure.id) == [maya.id, both.id, exempt.id])
        #expect(accounting.items(.init(client: "leo-o")).map(\.disclosure.id) == [both.id])
        // Since is inclusive, before exclusive: from 2 days back up to (not at) nine o'clock.
        let window = DisclosureAccounting.Filter(since: Self.nine.addingTimeInterval(-2 * day), before: Self.nine, includeExempt: true)
        #expect(accounting.items(window).map(\.disclosure.id) == [both.id, exempt.id])
    }

    @Test func theAccountingReachesBackSixYears() {
        // 2025-10-20 09:00 in Los Angeles, six years back: 2019-10-20 09:00 (UTC-7 then too).
        let since = DisclosureAccounting.defaultSince(now: Self.nine, timeZone: Self.zone)
        #expect(DisclosureLine.timestamp(since, timeZone: Self.zone) == "2019-10-20T09:00:00-07:00")
    }

    @Test func anUnreadableLineIsAnErrorAtItsLineAndTheRestIsRead() throws {
        let temp = try TemporaryVault()
        let log = DisclosureLog(vault: try temp.vault)
        let entry = Self.entry("export csv")
        try log.record(entry)
        let good = try temp.read(".afterflow/disclosures.log")
        try temp.write(".afterflow/disclosures.log", good + "not json\n{\"at\":\"yesterday\"}\n" + good.replacingOccurrences(of: "\"to\":\"file\"", with: "\"to\":\"fax\""))
        let read = try log.read()
        #expect(read.lines.map(\.line) == [.disclosure(entry)])
        #expect(read.problems.map(\.location) == [SourceLocation(line: 2, column: 1), SourceLocation(line: 3, column: 1), SourceLocation(line: 4, column: 1)])
        #expect(read.problems.map(\.message) == [
            "expected one JSON object on the line, found \"not json\"",
            "expected \"at\" with a time like 2025-10-20T09:00:00-07:00",
            "expected \"to\" to be one of file, standard output, serve, backup, git, outside",
        ])
        #expect(read.problems.allSatisfy { $0.path == ".afterflow/disclosures.log" && $0.severity == .error })
    }

    @Test func theCSVGuardsThePurposeAndTheJSONAddsTheOutcome() throws {
        var entry = Self.entry("export csv", clients: ["leo-o", "maya-t"])
        entry.purpose = "=HYPERLINK(\"x\")"
        let item = DisclosureAccounting.Item(disclosure: entry, outcome: DisclosureOutcome(id: entry.id, at: Self.nine.addingTimeInterval(1), status: .done, bytes: 42, sha256: "ff"))
        let csv = DisclosureAccounting.csv([item], timeZone: Self.zone).split(separator: "\n").map(String.init)
        #expect(csv == [
            "at,command,what,count,clients,records,to,destination,purpose,exempt,by,status,bytes,sha256,recipient,logged",
            "2025-10-20T09:00:00-07:00,export csv,sessions,2,leo-o maya-t,6F1C2A3B-0000-4000-8000-000000000001,file,/tmp/out.csv,\"'=HYPERLINK(\"\"x\"\")\",\"\",ann,done,42,ff,\"\",\"\"",
        ])
        let json = DisclosureAccounting.json([item], timeZone: Self.zone).serialized()
        #expect(json.hasSuffix(",\"status\":\"done\",\"finished\":\"2025-10-20T09:00:01-07:00\",\"bytes\":42,\"sha256\":\"ff\"}]"))
    }
}
