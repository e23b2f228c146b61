@testable import AfterflowKit
import Foundation
import PropertyBased
import Testing

/// Whatever a file holds, reading it never crashes, keeps its bytes, and locates every problem
/// inside the file.
@Suite struct ParserRobustnessTests {
    /// Fragments that exercise the YAML reader's edges, joined at random.
    static let fragments = [
        "---\n", "---", "...\n", "\r\n", "\n", " ", "  ", "\t", "key: ", "k:", "- ", "-", "[", "]", "{", "}", ",",
        "\"", "'", "\\", "\\u12", "|", ">", "|-", ">+2", "#", " #", ": ", "&a", "*a", "!t", "~", "null", "é", "😀",
        "\u{FEFF}", "date: 2024-12-10", "treatment: lsd", "mood_before: 5", "## Intention", "## Reflections", "# T",
        "```", "~~~", "text", "tags:\n  - a\n", "dose: |\n  x\n",
    ]

    @Test func arbitraryTextNeverCrashesTheReader() async {
        let text = Gen.element(of: Self.fragments).array(of: 0...40).map { $0.compactMap { $0 }.joined() }
        await propertyCheck(count: 2000, input: text) { text in
            let bytes = Array(text.utf8)
            let entry = VaultEntry(path: "x.md", bytes: bytes)
            #expect(entry.document.bytes == bytes)
            let lineCount = max(1, entry.document.lines.count)
            for diagnostic in entry.diagnostics {
                #expect(diagnostic.location.line >= 1 && diagnostic.location.line <= lineCount, "\(diagnostic)")
                #expect(diagnostic.location.column >= 1)
            }
            if let session = entry.session, let formatted = SessionFormatter(timeZone: .gmt).format(session) {
                #expect(Session(document: formatted).diagnostics.filter { $0.severity == .error }.isEmpty)
            }
        }
    }

    @Test func arbitraryBytesNeverCrashTheReader() async {
        let bytes = Gen.uint8(in: 0...255).array(of: 0...300)
        await propertyCheck(count: 1000, input: bytes) { bytes in
            let prefixed = Array("---\nk: ".utf8) + bytes
            let entry = VaultEntry(path: "x.md", bytes: prefixed)
            #expect(entry.document.bytes == prefixed)
            _ = entry.session?.status
        }
    }
}
