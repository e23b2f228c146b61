import AfterflowKit
import Testing

/// Front matter of 100,000 keys reads correctly; its speed is measured by Benchmarks/run.sh
/// (`ONLY=wide`), never timed here.
@Suite struct LargeFrontMatterTests {
    static let keyCount = 100_000

    /// `---`, the session's keys, `key_0` … `key_{n-1}`, then `extra` lines, then `---` and a body.
    static func file(extra: [String] = []) -> String {
        var text = "---\ndate: 2024-12-10\ntreatment: lsd\n"
        text.reserveCapacity(keyCount * 24)
        for i in 0..<keyCount { text += "key_\(i): value \(i)\n" }
        for line in extra { text += line + "\n" }
        return text + "---\n## Intention\n\nTo see.\n"
    }

    @Test func aDuplicateAtTheEndOfAHundredThousandKeysIsFound() {
        let session = Session(parsing: Self.file(extra: ["key_7: again"]))
        // key_7 is on line 4 + 7 = 11; the duplicate follows the 100,000 keys and the first three lines.
        let line = 3 + Self.keyCount + 1
        let errors = session.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.description) == ["<input>:\(line):1: error: duplicate key 'key_7'; it is already set on line 11"])
    }

    @Test func everyDuplicateIsFoundOnceAndPointsAtTheFirst() {
        let session = Session(parsing: Self.file(extra: ["key_99999: b", "key_0: c", "key_99999: d"]))
        let messages = session.diagnostics.filter { $0.severity == .error }.map(\.message)
        let last = 3 + Self.keyCount
        #expect(messages == [
            "duplicate key 'key_99999'; it is already set on line \(last)",
            "duplicate key 'key_0'; it is already set on line 4",
            "duplicate key 'key_99999'; it is already set on line \(last)",
        ])
    }

    @Test func aHundredThousandDistinctKeysHaveNoProblemAndEditInPlace() throws {
        let document = Document(Self.file())
        #expect(Session(document: document).diagnostics.filter { $0.severity == .error }.isEmpty)
        let editor = SessionEditor(timeZone: .gmt)
        let edited = try editor.setting("key_99998", to: "changed", in: document)
        let frontMatter = try #require(edited.frontMatter)
        #expect(frontMatter.entries.count == Self.keyCount + 2)
        #expect(frontMatter["key_99998"]?.scalar?.text == "changed")
        #expect(edited.text(ofLine: 2 + Self.keyCount - 1) == "key_99998: changed")
        #expect(edited.bytes.count == document.bytes.count - "value 99998".utf8.count + "changed".utf8.count)
    }
}
