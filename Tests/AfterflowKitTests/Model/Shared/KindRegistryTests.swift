@testable import AfterflowKit
import Foundation
import GRDB
import Testing

/// One sample document of a registered kind, canonical (as `fmt` writes it): where it stands,
/// where a copy of it stands (later by path, in the same kind's place), a word of the text
/// `search` reads of it, and its text (nil: the file at `path` in ExampleVault).
struct KindSample: Sendable {
    var path: String
    var copy: String
    var word: String
    var text: String? = nil
}

/// Every kind in the registry (`DocumentKind.allCases`) through the seams each kind supplies by
/// its descriptor: a round trip, a located problem, a duplicate id, an index row, a search hit.
/// A kind added later is covered by being registered: it must add its sample to `samples`, or
/// `everyKindHasASample` (and each test below) fails for it.
@Suite struct KindRegistryTests {
    static let samples: [DocumentKind: KindSample] = [
        .session: KindSample(path: "sessions/2025/2025-01-18-dmt.md", copy: "sessions/2025/2025-01-19-dmt.md", word: "candle"),
        .client: KindSample(path: "clients/maya-t/client.md", copy: "clients/maya-u/client.md", word: "referred"),
        .goal: KindSample(path: "clients/maya-t/goals/s-initial.md", copy: "clients/maya-t/goals/t-initial.md", word: "undistorted"),
        .trials: KindSample(path: "clients/maya-t/sessions/2025/2025-01-14-1500.md",
                            copy: "clients/maya-t/sessions/2025/2025-01-14-1501.md", word: "cheerful"),
        .mood: KindSample(path: "moods/2025/2025-09-23-2048.md", copy: "moods/2025/2025-09-23-2049.md", word: "sister"),
        .assessment: KindSample(path: "assessments/2025/2025-08-14-1910-phq9.md",
                                copy: "assessments/2025/2025-08-14-1911-phq9.md", word: "cannabis"),
    ]

    static let zone = TimeZone(identifier: "America/Los_Angeles")!

    static func sample(_ kind: DocumentKind) throws -> (sample: KindSample, text: String) {
        let sample = try #require(samples[kind], "the registered kind \(kind.rawValue) has no sample in KindRegistryTests.samples")
        if let text = sample.text { return (sample, text) }
        let bytes = Fixtures.exampleVaultBytes(sample.path)
        try #require(!bytes.isEmpty, "no ExampleVault/\(sample.path)")
        return (sample, String(decoding: bytes, as: UTF8.self))
    }

    /// The 1-based line of the sample's `id:`.
    static func idLine(_ text: String) throws -> Int {
        try #require(lines(text).firstIndex { $0.hasPrefix("id: ") }) + 1
    }

    /// The sample's lines, without their line endings (a sample may end its lines with CRLF).
    static func lines(_ text: String) -> [String] {
        // By scalars: in a Swift string "\r\n" is one character, not "\r" then "\n".
        rawLines(text).map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
    }

    /// The sample split at each newline byte, a CR before it kept.
    static func rawLines(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A vault holding the sample and a copy of it, indexed.
    static func indexed(_ kind: DocumentKind) throws -> (TemporaryVault, IndexStore, KindSample) {
        let (sample, text) = try sample(kind)
        let vault = try TemporaryVault()
        try vault.write(sample.path, text)
        try vault.write(sample.copy, text)
        let index = try IndexStore(vault: try vault.vault)
        _ = try index.refresh()
        return (vault, index, sample)
    }

    @Test func everyKindHasASample() {
        #expect(DocumentKind.allCases.filter { Self.samples[$0] == nil } == [])
    }

    @Test(arguments: DocumentKind.allCases)
    func isReadAsItsKind(_ kind: DocumentKind) throws {
        let (sample, text) = try Self.sample(kind)
        let content = DocumentContent(document: Document(bytes: Array(text.utf8)), path: sample.path)
        #expect(content.kind == kind && kind.descriptor.kind == kind)
    }

    @Test(arguments: DocumentKind.allCases)
    func roundTripsByteForByte(_ kind: DocumentKind) throws {
        let (sample, text) = try Self.sample(kind)
        let document = Document(bytes: Array(text.utf8))
        let content = DocumentContent(document: document, path: sample.path)
        // Read and written back unchanged, and already in the canonical form fmt writes.
        let canonical = kind.descriptor.formatted(content, timeZone: Self.zone)
        let formatted = try #require(canonical)
        #expect(document.bytes == Array(text.utf8) && formatted.bytes == document.bytes)
    }

    @Test(arguments: DocumentKind.allCases)
    func locatesAProblem(_ kind: DocumentKind) throws {
        let (sample, text) = try Self.sample(kind)
        let line = try Self.idLine(text)
        var lines = Self.rawLines(text)
        lines[line - 1] = "id: not-an-id" + (lines[line - 1].hasSuffix("\r") ? "\r" : "")
        let document = Document(bytes: Array(lines.joined(separator: "\n").utf8))
        let problems = DocumentContent(document: document, path: sample.path).diagnostics(of: document)
        #expect(problems.contains { $0.severity == .error && $0.location == SourceLocation(line: line, column: 5) && $0.message.contains("not-an-id") },
                "\(problems)")
    }

    @Test(arguments: DocumentKind.allCases)
    func findsADuplicateID(_ kind: DocumentKind) throws {
        let (vault, index, sample) = try Self.indexed(kind)
        let line = try Self.idLine(try vault.read(sample.path))
        let problems = try index.problems()
        #expect(problems.contains { $0.path == sample.copy && $0.location == SourceLocation(line: line, column: 5)
                    && $0.message.contains("is also the id of \(sample.path)") }, "\(problems)")
    }

    @Test(arguments: DocumentKind.allCases)
    func writesAnIndexRow(_ kind: DocumentKind) throws {
        let (vault, index, sample) = try Self.indexed(kind)
        let count = try withExtendedLifetime(vault) { try index.database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(kind.table) WHERE path = ? AND id IS NOT NULL", arguments: [sample.path])
        } }
        #expect(count == 1)
    }

    @Test(arguments: DocumentKind.allCases)
    func isFoundBySearch(_ kind: DocumentKind) throws {
        let (vault, index, sample) = try Self.indexed(kind)
        let query = try SearchQuery(sample.word)
        // The vault (its files, read for the hit's lines) stays until the search is done.
        let paths = try withExtendedLifetime(vault) {
            try index.search(query, includeDrafts: false, limit: 20).map(\.session.path) + index.searchDocuments(query, limit: 20).map(\.path)
        }
        #expect(paths.contains(sample.path), "\(paths)")
    }
}
