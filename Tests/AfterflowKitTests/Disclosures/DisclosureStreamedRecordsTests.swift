@testable import AfterflowKit
import Foundation
import Testing

/// A disclosure whose record ids are handed over one at a time as its line is written
/// (`DisclosureLog.record(_:records:)`, what `export fhir` logs): the same bytes as the line of
/// the entry holding every id, a log left as it was when the ids fail part-way, and a line cut
/// short by a kill that does not swallow the next one.
@Suite struct DisclosureStreamedRecordsTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    /// 2025-10-20 09:00 in Los Angeles (UTC-7 in October): 16:00 UTC.
    static let nine = Date(timeIntervalSince1970: 1_760_976_000)

    /// `n` distinct upper-case UUIDs, the last twelve digits counting from 1.
    static func ids(_ n: Int, from start: Int = 1) -> [String] {
        (start..<(start + n)).map { String(format: "6F1C2A3B-0000-4000-8000-%012d", $0) }
    }

    static func entry(records: [String], count: Int? = 2, recipient: String? = nil, ongoing: Bool = false,
                      logged: Date? = nil, clients: [String] = []) -> Disclosure {
        Disclosure(at: nine, command: "export fhir", what: "check-ins and assessments", count: count, clients: clients,
                   records: records, destination: DisclosureDestination(.file, "/tmp/out.json"), recipient: recipient,
                   purpose: "research", exempt: .authorized, by: "ann", ongoing: ongoing, logged: logged)
    }

    /// The bytes `DisclosureLine.write` gives for `entry` with `streamed` handed over after its records.
    static func streamedLine(_ entry: Disclosure, _ streamed: [String]) throws -> String {
        var bytes: [UInt8] = []
        let output = ByteOutput.collecting { bytes.append(contentsOf: $0) }
        try DisclosureLine.write(entry, records: { (add) throws(VaultError) in for id in streamed { try add(id) } },
                                 timeZone: zone, to: output)
        try output.flush()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// (records listed in the entry, records streamed after them). 70,000 ids of 36 characters
    /// are 70,000 × 39 bytes (quotes and comma) = 2.73 MB: the output's 64 KB buffer is handed
    /// over about 41 times in the middle of the list. An id with a quote and a backslash is
    /// escaped as the whole line escapes it. No id at all leaves the key out, as the line does.
    @Test(arguments: [([String](), [String]()), ([], ids(3)), (ids(1), ids(2, from: 2)), (ids(2), []),
                      ([], ids(70_000)), ([], ["a\"b\\c"])])
    func theStreamedLineIsTheLineOfTheEntryHoldingEveryID(listed: [String], streamed: [String]) throws {
        for entry in [Self.entry(records: listed), Self.entry(records: listed, count: nil, recipient: "Acme", ongoing: true,
                                                               logged: Self.nine.addingTimeInterval(60), clients: ["maya-t"])] {
            var whole = entry
            whole.records = listed + streamed
            let expected = DisclosureLine.disclosure(whole).text(timeZone: Self.zone) + "\n"
            #expect(try Self.streamedLine(entry, streamed) == expected)
        }
        let text = try Self.streamedLine(Self.entry(records: listed), streamed)
        #expect(text.contains("\"records\":") == !(listed + streamed).isEmpty)
        #expect(text.filter { $0 == "\n" }.count == 1 && text.hasSuffix("}\n"))
    }

    /// The log written with streamed ids holds the same bytes as the log written with the list,
    /// and reads back as the entry holding every id.
    @Test func theLogHoldsTheSameLineAsWithTheList() throws {
        let streamedVault = try TemporaryVault(), listedVault = try TemporaryVault()
        let ids = Self.ids(5_000)
        let entry = Self.entry(records: [])
        var whole = entry
        whole.records = ids
        let streamedLog = DisclosureLog(vault: try streamedVault.vault)
        try streamedLog.record(entry, records: { (add) throws(VaultError) in for id in ids { try add(id) } })
        try DisclosureLog(vault: try listedVault.vault).record(whole)
        let text = try streamedVault.read(".afterflow/disclosures.log")
        #expect(text == (try listedVault.read(".afterflow/disclosures.log")))
        #expect(try streamedLog.read().lines.map(\.line) == [.disclosure(whole)])
        #expect(try streamedVault.mode(".afterflow/disclosures.log") == 0o600)
    }

    /// Ids that fail part-way (the index could not be read) leave the log as it was, byte for
    /// byte, and the error says that nothing was sent.
    @Test func idsThatFailPartWayLeaveTheLogAsItWas() throws {
        let temp = try TemporaryVault()
        let log = DisclosureLog(vault: try temp.vault)
        try log.record(Self.entry(records: Self.ids(1)))
        let before = try temp.read(".afterflow/disclosures.log")
        // 3,000 ids of 39 bytes are 117 KB: more than one 64 KB buffer has reached the file
        // when the failure comes.
        let error = #expect(throws: VaultError.self) {
            try log.record(Self.entry(records: []), records: { (add) throws(VaultError) in
                for id in Self.ids(3_000) { try add(id) }
                throw VaultError(.io, "cannot read the index")
            })
        }
        #expect(error?.message == "cannot log the disclosure in .afterflow/disclosures.log, so nothing was sent: cannot read the index")
        #expect(try temp.read(".afterflow/disclosures.log") == before)
    }

    /// A line cut short by a kill while it was written stays a problem at its own line; the next
    /// line, streamed or not, starts on a line of its own and is read.
    @Test func aLineCutShortDoesNotSwallowTheNext() throws {
        let temp = try TemporaryVault()
        let log = DisclosureLog(vault: try temp.vault)
        let first = Self.entry(records: Self.ids(1))
        try log.record(first)
        let whole = try temp.read(".afterflow/disclosures.log")
        let cut = String(DisclosureLine.disclosure(Self.entry(records: Self.ids(40))).text(timeZone: Self.zone).prefix(300))
        try temp.write(".afterflow/disclosures.log", whole + cut)
        let second = Self.entry(records: [])
        try log.record(second, records: { (add) throws(VaultError) in for id in Self.ids(3) { try add(id) } })
        let outcome = DisclosureOutcome(id: second.id, at: Self.nine.addingTimeInterval(5), status: .done, bytes: 7, sha256: "ab")
        try temp.write(".afterflow/disclosures.log", try temp.read(".afterflow/disclosures.log") + String(cut.prefix(50)))
        try log.finish(outcome)
        var secondWhole = second
        secondWhole.records = Self.ids(3)
        let read = try log.read()
        // Line 1 the first entry, 2 the cut one, 3 the second entry, 4 the second cut, 5 the outcome.
        #expect(read.lines.map(\.number) == [1, 3, 5])
        #expect(read.lines.map(\.line) == [.disclosure(first), .disclosure(secondWhole), .outcome(outcome)])
        #expect(read.problems.map(\.location.line) == [2, 4])
    }
}
