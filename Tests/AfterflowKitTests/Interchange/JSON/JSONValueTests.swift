@testable import AfterflowKit
import Foundation
import Testing

/// The JSON strings `list --format json`, `show --format json` and `export json` write.
@Suite struct JSONStringTests {
    func written(_ text: String) -> String {
        var out = ""
        JSONValue.writeString(text, into: &out)
        return out
    }

    @Test("every kind of text reads back the same with an independent JSON reader", arguments: [
        "plain", "", "quote \" and backslash \\ and slash /", "tab\tnew line\ncarriage\r",
        "controls \u{0}\u{1}\u{1F}\u{7F} end", "line separators \u{2028} and \u{2029}", "accents é, emoji 🌤️, CJK 海",
        "\u{2027}\u{202A} near the separators", "\"", "\\", "e\u{301}\"",
    ])
    func roundTrip(_ text: String) throws {
        let data = Data(("[" + written(text) + "]").utf8)
        let read = try #require(try JSONSerialization.jsonObject(with: data) as? [String])
        #expect(read == [text])
    }

    @Test("control characters and line separators are escaped, the rest is written as it is")
    func escapes() {
        #expect(written("a\"b\\c\nd\te\r\u{1}\u{1F}") == #""a\"b\\c\nd\te\r\u0001\u001f""#)
        #expect(written("x\u{2028}y\u{2029}z") == #""x\u2028y\u2029z""#)
        #expect(written("é 🌤️ \u{2027}") == "\"é 🌤️ \u{2027}\"")
    }
}
