@testable import AfterflowKit
import PropertyBased
import Testing
import Yams

/// The writer's output is read back to the same strings by our reader and by Yams, an
/// independent YAML reader.
@Suite struct YAMLWriterTests {
    static let traps = [
        "yes", "No", "ON", "off", "y", "n", "true", "False", "null", "Null", "~", "", " ", "10:00", "190:20:30", "1e3",
        "1E3", ".5", "0.5", "+1", "-1.5", "1_000", "0x1F", "0o17", "0b101", ".inf", "-.Inf", ".NaN", "2024-12-10",
        "2024-12-10 14:30:00", "2024-12-10T14:30:00Z", "<<", "=", "- item", "? key", "key: value", "a #b", "#tag",
        "&anchor", "*alias", "!tag", "|", ">", "'q", "\"q", "%x", "@x", "`x", "[a]", "{a}", "a,b", "trailing ",
        " leading", "tab\tinside", "line\nbreak", "café", "3.5 g", "100 µg", "0.5 mg/kg",
    ]

    @Test(arguments: traps)
    func trapsSurviveOurReader(_ text: String) {
        let document = Document("---\nk: \(YAMLWriter.scalar(text))\n---\n")
        #expect(document.diagnostics.isEmpty)
        #expect(document.frontMatter?["k"]?.scalar?.text ?? "" == text)
    }

    @Test(arguments: traps)
    func trapsSurviveYams(_ text: String) throws {
        let loaded = try Yams.load(yaml: "k: \(YAMLWriter.scalar(text))\n") as? [String: Any]
        #expect(loaded?["k"] as? String == text)
    }

    @Test(arguments: ["3.5 g", "integration", "https://open.spotify.com/playlist/abc", "spotify:playlist:37i9", "Maya"])
    func ordinaryTextStaysPlain(_ text: String) {
        #expect(YAMLWriter.scalar(text) == text)
    }

    @Test func flowListsQuoteWhatBracketsWouldBreak() throws {
        let written = YAMLWriter.flowList(["a", "b, c", "[d]", "no"])
        #expect(written == "[a, \"b, c\", \"[d]\", \"no\"]")
        let loaded = try Yams.load(yaml: "k: \(written)\n") as? [String: Any]
        #expect(loaded?["k"] as? [String] == ["a", "b, c", "[d]", "no"])
    }

    static let alphabet: [Character] = Array("aZ09 :#-'\"[]{},&*!|>%@`.\t\n\\éµ😀_+~?=")

    @Test func randomStringsRoundTripThroughBothReaders() async {
        let strings = Gen.element(of: Self.alphabet).array(of: 0...14).map { String($0.compactMap { $0 }) }
        await propertyCheck(count: 400, input: strings) { text in
            let line = "k: \(YAMLWriter.scalar(text))"
            let ours = Document("---\n\(line)\n---\n").frontMatter?["k"]?.scalar?.text ?? ""
            #expect(ours == text)
            let theirs = (try? Yams.load(yaml: line + "\n") as? [String: Any])?["k"] as? String
            #expect(theirs == text)
        }
    }
}
