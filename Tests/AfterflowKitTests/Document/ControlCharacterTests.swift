@testable import AfterflowKit
import Foundation
import Testing

/// A control character (other than tab, LF, CR) in a value or a section is an error at its exact
/// place, naming the field; what is not a value (a key's comment) is not checked.
@Suite struct ControlCharacterTests {
    static let head = "---\ndate: 2024-12-10\ntreatment: lsd\n"

    func errors(_ text: String) -> [String] {
        Session(parsing: text).diagnostics.filter { $0.severity == .error }.map { "\($0.location): \($0.message)" }
    }

    @Test(arguments: [
        ("dose: \"a\\0b\"", "4:9", "dose", "U+0000"),
        ("dose: \"\\x07\"", "4:8", "dose", "U+0007"),
        ("dose: \"ok\\u009Bx\"", "4:10", "dose", "U+009B"),
        ("dose: \"\\N\"", "4:8", "dose", "U+0085"),
        ("tags: [a, \"b\\e\"]", "4:13", "tags", "U+001B"),
        ("mine: |\n  one\n  t\u{7F}wo", "6:4", "mine", "U+007F"),
        ("mine:\n  - a\n  - b\u{1}", "6:6", "mine", "U+0001"),
        ("mine: x\u{C}", "4:8", "mine", "U+000C"),
    ])
    func aControlCharacterInAValueIsLocated(_ lines: String, _ place: String, _ field: String, _ code: String) {
        #expect(errors(Self.head + lines + "\n---\n") == ["\(place): \(field) contains a control character, \(code), where text was expected; remove it"])
    }

    @Test func tabsLineBreaksAndCarriageReturnsAreText() {
        #expect(errors(Self.head + "dose: \"a\\tb\\r\\nc\"\nmine: |\n  a\tb\r\n---\n## Intention\n\nOne\ttwo.\r\n").isEmpty)
    }

    @Test func aCommentIsNotAValueAndOnlyTheFirstInAFieldIsReported() {
        #expect(errors(Self.head + "dose: 3 g # a\u{1B}b\n# \u{0}\n---\n## Environment\n\nA\u{1}\nB\u{2}\n").map { String($0.prefix(40)) }
                == ["9:2: environment contains a control char"])
    }

    @Test func textOutsideTheSessionsSectionsIsTheUsers() {
        #expect(errors(Self.head + "---\n# Title\u{1}\n\n## Notes\n\nMine\u{0}.\n").isEmpty)
    }

    @Test func theIndexKeepsAFileWithANulAsAFileWithAnError() throws {
        let vault = try TemporaryVault()
        try vault.write("sessions/a.md", Self.head + "---\n## Intention\n\nBefore\u{0}after.\n")
        let store = try IndexStore(vault: vault.vault)
        _ = try store.refresh()
        let problems = try store.problems().filter { $0.severity == .error }
        #expect(problems.map(\.description) == ["sessions/a.md:7:7: error: intention contains a control character, U+0000, where text was expected; remove it"])
    }
}
