import AfterflowKit
import Testing

/// One fixture per diagnostic: `Fixtures/diagnostics/NAME.md` and the exact problems it must
/// produce, one `line:col: severity: message` a line, in `NAME.expected`.
@Suite struct DiagnosticFixtureTests {
    static let names = Fixtures.names(in: "diagnostics").map { String($0.dropLast(3)) }

    @Test func everyDiagnosticKindHasAFixture() {
        #expect(Self.names.count >= 30)
    }

    @Test(arguments: names)
    func producesExactlyTheExpectedProblems(_ name: String) {
        let session = Session(document: Document(bytes: Fixtures.bytes("diagnostics", "\(name).md")))
        let actual = session.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
        let expected = Fixtures.text("diagnostics", "\(name).expected")
            .split(separator: "\n").map(String.init)
        #expect(actual == expected)
    }

    @Test(arguments: names.filter { $0 != "missing-front-matter" })
    func theVaultNamesTheFileInEachProblem(_ name: String) {
        let entry = VaultEntry(path: "\(name).md", bytes: Fixtures.bytes("diagnostics", "\(name).md"))
        #expect(!entry.diagnostics.isEmpty)
        #expect(entry.diagnostics.allSatisfy { $0.path == "\(name).md" })
    }

    @Test func aFileWithoutFrontMatterIsAPlainNoteToTheVault() {
        let entry = VaultEntry(path: "note.md", bytes: Fixtures.bytes("diagnostics", "missing-front-matter.md"))
        #expect(entry.isPlainNote)
        #expect(entry.diagnostics.isEmpty)
    }

    @Test(arguments: names)
    func aFileWithProblemsStillRoundTrips(_ name: String) {
        let bytes = Fixtures.bytes("diagnostics", "\(name).md")
        #expect(Document(bytes: bytes).bytes == bytes)
    }
}
