@testable import AfterflowKit
import Foundation
import Testing

@Suite struct DocumentTests {
    static let validNames = Fixtures.names(in: "valid")

    @Test(arguments: validNames)
    func validFixturesParseWithoutProblemsAndRoundTrip(_ name: String) {
        let bytes = Fixtures.bytes("valid", name)
        let entry = VaultEntry(path: name, bytes: bytes)
        #expect(entry.diagnostics.isEmpty, "\(entry.diagnostics)")
        #expect(entry.document.bytes == bytes)
        // Replacing every line with its own text is an identity edit.
        let document = entry.document
        let same = document.replacingLines(0..<document.lines.count, with: (0..<document.lines.count).map { document.text(ofLine: $0) })
        if document.lines.last?.isTerminated ?? true {
            #expect(same.bytes == bytes)
        }
    }

    @Test func exampleVaultHasEnoughFilesToMatter() {
        #expect(Fixtures.exampleVaultFiles.count >= 15)
    }

    @Test(arguments: Fixtures.exampleVaultFiles)
    func exampleVaultFilesAreValidAndRoundTrip(_ path: String) {
        let bytes = Fixtures.exampleVaultBytes(path)
        let entry = VaultEntry(path: path, bytes: bytes)
        if entry.isPlainNote { return }
        #expect(entry.diagnostics.isEmpty, "\(entry.diagnostics)")
        #expect(entry.document.bytes == bytes)
        #expect(entry.session?.recordedStatus == entry.session?.status)
    }

    @Test func bomAndCRLFAreDetectedAndKept() throws {
        let bytes = Fixtures.bytes("valid", "bom-crlf.md")
        let document = Document(bytes: bytes)
        #expect(document.hasBOM)
        #expect(document.lineEnding == .crlf)
        #expect(document.text(ofLine: 0) == "---")
        let session = Session(document: document)
        #expect(session.intention == "To explore creativity and connection.")
        let edited = try SessionEditor(timeZone: TimeZone(identifier: "America/Los_Angeles")!)
            .setting("mood_after", to: "9", in: document)
        #expect(edited.bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        let text = String(decoding: edited.bytes, as: UTF8.self)
        #expect(text.contains("mood_after: 9\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func headingsInsideCodeFencesAreNotSections() {
        let session = Session(document: Document(bytes: Fixtures.bytes("valid", "code-fence-heading.md")))
        #expect(session.intention.contains("not a heading: inside a code fence"))
        #expect(session.reflections == "")
        #expect(session.status == .needsReflection)
    }

    @Test func sectionsMatchCaseInsensitivelyAndKeepInnerBlankLines() {
        let session = Session(parsing: "---\ndate: 2024-12-10\ntreatment: dmt\nmood_before: 5\n---\n## INTENTION\n\nOne.\n\nTwo.\n\n## reflections ##\n\n  indented\n")
        #expect(session.intention == "One.\n\nTwo.")
        #expect(session.reflections == "  indented")
        #expect(session.status == .complete)
    }

    @Test func invalidUTF8IsLocated() {
        var bytes = Array("---\ndate: 2024-12-10\n".utf8)
        bytes += [0x61, 0xC3, 0x28]
        let document = Document(bytes: bytes)
        #expect(document.diagnostics.first?.location == SourceLocation(line: 3, column: 2))
    }
}
