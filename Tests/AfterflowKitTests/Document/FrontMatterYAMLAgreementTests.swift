@testable import AfterflowKit
import Foundation
import Testing
import Yams

/// Where our front-matter reader and an independent YAML reader (Yams, on libyaml, which reads
/// these as PyYAML does) must agree: whitespace inside block scalars, and a plain scalar that goes
/// on after a comment, which is not YAML.
@Suite struct FrontMatterYAMLAgreementTests {
    static func ours(_ yaml: String) -> Document { Document("---\n" + yaml + "---\n") }

    @Test("spaces beyond a block's indentation on a line of spaces only are content, as YAML reads them",
          arguments: [
              "k: |\n  first\n    \n  second\n",
              "k: >\n  first\n    \n  second\n",
              "k: |\n  first\n     \n\n  second\n",
              "k: |-\n  a\n   \n  b\n",
              "k: >\n  one\n  two\n      \n  three\n",
          ])
    func whitespaceLinesInBlocks(_ yaml: String) throws {
        let theirs = try #require(try Yams.load(yaml: yaml) as? [String: Any])["k"] as? String
        let document = Self.ours(yaml)
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics)")
        #expect(document.frontMatter?["k"]?.scalar?.text == theirs)
    }

    @Test("a plain value that goes on after a comment is an error, as YAML readers reject it",
          arguments: [
              ("k: one\n  two # a note\n  three\n", 4, 3),
              ("k: one\n  # a note\n  two three\n", 4, 3),
              ("k:\n  one # a note\n  two\n", 4, 3),
          ])
    func plainAfterComment(_ yaml: String, _ line: Int, _ column: Int) throws {
        #expect(throws: (any Error).self) { try Yams.load(yaml: yaml) }
        let errors = Self.ours(yaml).diagnostics.filter { $0.severity == .error }
        #expect(errors.map { "\($0.location.line):\($0.location.column)" } == ["\(line):\(column)"], "\(errors)")
        #expect(errors.first?.message.hasPrefix("a plain value cannot go on after the comment on line ") == true, "\(errors)")
    }

    @Test("a comment after a plain value, followed by the next key, is still fine")
    func commentThenKey() {
        let document = Self.ours("k: one\n  two\n  # a note\nnext: x\n")
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics)")
        #expect(document.frontMatter?["k"]?.scalar?.text == "one two")
    }

    @Test("an indented key is reported as indentation, naming the key it falls under")
    func indentedKey() {
        let errors = Self.ours("treatment: psilocybin\n  dose: 2 g\n").diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["this key is indented, so YAML reads it as inside 'treatment', which already has a value; start it at the beginning of the line"])
    }
}
