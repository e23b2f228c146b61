@testable import AfterflowKit
import Foundation
import Testing

/// `export fhir` writes the bundle an entry at a time (issue 25): the same bytes as the bundle's
/// text made whole, handed to its output as it goes.
@Suite struct FHIRBundleStreamTests {
    /// A bundle of 300 check-ins (two without an id, one sharing another's) from an index.
    static func bundle() throws -> (FHIRBundle, TemporaryVault) {
        let vault = try TemporaryVault()
        for index in 0..<300 {
            let id = index == 7 ? "" : index == 8 ? "id: \(UUID(uuidString: "00000000-0000-4000-8000-000000000009")!)\n"
                : "id: \(UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", index))!)\n"
            let minute = String(format: "%02d", index % 60)
            try vault.write("moods/2025/2025-03-\(String(format: "%02d", 1 + index / 60))-08\(minute).md",
                            "---\ntype: mood\n\(id)date: 2025-03-\(String(format: "%02d", 1 + index / 60))T08:\(minute):00\nscore: \(1 + index % 10)\nlabels: [calm, \"a \\\"quoted\\\" one\"]\nassociations: [work]\n---\n\nNote \(index): tab\there, \u{2028} and \"quotes\".\n")
        }
        let index = try IndexStore(vault: vault.vault)
        _ = try index.refresh()
        return (FHIRBundle(moods: try index.moodCheckIns(), assessments: try index.assessments(), timeZone: try vault.vault.timeZone), vault)
    }

    @Test("written an entry at a time, the bundle is byte for byte its whole text")
    func sameBytes() throws {
        let (bundle, vault) = try Self.bundle()
        var bytes: [UInt8] = []
        let output = ByteOutput.collecting { bytes.append(contentsOf: $0) }
        try bundle.write(to: output)
        try output.flush()
        #expect(String(decoding: bytes, as: UTF8.self) == bundle.text())
        _ = vault
    }

    @Test("the bundle reaches its output as it is written, not once at the end")
    func streams() throws {
        let (bundle, vault) = try Self.bundle()
        var handOvers = 0
        let output = ByteOutput(capacity: 4096) { _ in handOvers += 1 }
        try bundle.write(to: output)
        #expect(handOvers > 10)
        _ = vault
    }

    /// A vault whose check-ins the index hands over in an order of its own: three at one instant
    /// (two written in the vault's zone, one with an offset naming the same instant: 08:00-07:00
    /// is 07:00-08:00, Pacific daylight time on 2025-03-10), one without a date (left out), an id
    /// used twice, and two PHQ-9s, one at the very instant of the three check-ins.
    static func tiedVault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        func mood(_ name: String, id: String?, date: String?, score: Int) throws {
            try vault.write("moods/2025/\(name).md", "---\ntype: mood\n" + (id.map { "id: \($0)\n" } ?? "")
                            + (date.map { "date: \($0)\n" } ?? "") + "score: \(score)\n---\n\nNote of \(name).\n")
        }
        for index in 0..<60 {
            let minute = String(format: "%02d", index)
            try mood("2025-03-10-09\(minute)", id: String(format: "00000000-0000-4000-8000-%012d", index), date: "2025-03-10T09:\(minute):00", score: 1 + index % 10)
        }
        try mood("2025-03-10-0800-b", id: "00000000-0000-4000-8000-000000000001", date: "2025-03-10T08:00:00", score: 4)
        try mood("2025-03-10-0800-a", id: nil, date: "2025-03-10T08:00:00", score: 5)
        try mood("2025-03-10-0700", id: "00000000-0000-4000-8000-0000000000aa", date: "2025-03-10T07:00:00-08:00", score: 6)
        try mood("2025-03-10-undated", id: "00000000-0000-4000-8000-0000000000bb", date: nil, score: 7)
        let phq9 = "type: assessment\ninstrument: phq9\nitems: [1, 1, 1, 1, 1, 1, 1, 1, 1]\ntotal: 9\nband: mild\n"
        try vault.write("assessments/2025/2025-03-10-0800-phq9.md",
                        "---\n\(phq9)id: 00000000-0000-4000-8000-0000000000cc\ndate: 2025-03-10T08:00:00\n---\n")
        try vault.write("assessments/2025/2025-03-10-0930-phq9.md",
                        "---\n\(phq9)id: 00000000-0000-4000-8000-0000000000dd\ndate: 2025-03-10T09:30:00\n---\n")
        return vault
    }

    @Test("the check-ins read from the index one at a time give the bundle the whole list gives")
    func cursorSameBytes() throws {
        let vault = try Self.tiedVault()
        let index = try IndexStore(vault: vault.vault)
        _ = try index.refresh()
        let zone = try vault.vault.timeZone
        let whole = FHIRBundle(moods: try index.moodCheckIns(), assessments: try index.assessments(), timeZone: zone)
        let streamed = FHIRBundle(moods: [], assessments: try index.assessments(), timeZone: zone)
        var bytes: [UInt8] = []
        let output = ByteOutput.collecting { bytes.append(contentsOf: $0) }
        try streamed.write(to: output) { (visit) throws(VaultError) in try index.eachDatedMoodCheckIn(visit) }
        try output.flush()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == whole.text())
        // 63 dated check-ins and 2 assessments, after the Patient: 66 entries, one a line.
        #expect(text.split(separator: "\n").filter { $0.contains("\"fullUrl\"") }.count == 66)
        // The instant 08:00 PDT, in order of path: the assessment (`assessments/…` before
        // `moods/…`), the check-in with an offset, the two of the vault's zone; then 09:00.
        let order = ["2025-03-10-0800-phq9", "2025-03-10-0700", "2025-03-10-0800-a", "2025-03-10-0800-b", "2025-03-10-0900"]
        let firsts = order.map { name in text.range(of: "Note of \(name).")?.lowerBound ?? text.range(of: "00000000-0000-4000-8000-0000000000cc")!.lowerBound }
        #expect(firsts == firsts.sorted())
        // The ids for the log: the dated check-ins, newest first, as `moodCheckIns` lists them.
        #expect(try index.datedMoodIDs() == (try index.moodCheckIns()).filter { $0.date != nil }.map(\.id))
        #expect(try index.datedMoodIDs().count == 63)
    }

    @Test("the index's check-ins reach the output while the later ones are still unread")
    func cursorStreams() throws {
        let vault = try Self.tiedVault()
        let index = try IndexStore(vault: vault.vault)
        _ = try index.refresh()
        let bundle = FHIRBundle(moods: [], assessments: [], timeZone: try vault.vault.timeZone)
        var read = 0
        var readAtFirstHandOver: Int?
        let output = ByteOutput(capacity: 1024) { _ in readAtFirstHandOver = readAtFirstHandOver ?? read }
        try bundle.write(to: output) { (visit) throws(VaultError) in
            try index.eachDatedMoodCheckIn { (mood) throws(VaultError) in
                read += 1
                try visit(mood)
            }
        }
        try output.flush()
        #expect(read == 63)
        let first = try #require(readAtFirstHandOver)
        #expect(first < 20, "1 KB holds a few entries: the first goes out long before the 63rd check-in is read")
    }
}

