import AfterflowKit
import Testing

/// `VisibleText`: control characters in text from files are shown, never obeyed by a terminal.
struct VisibleTextTests {
    @Test func showsAnEscapeInCaretNotation() {
        #expect(VisibleText.escape("a\u{1B}]0;title\u{07}b") == "a^[]0;title^Gb")
    }

    @Test func showsAC1ControlAsItsCodePoint() {
        #expect(VisibleText.escape("x\u{9B}2Jy") == "x<U+009B>2Jy")
    }

    @Test func keepsTabsAndPlainText() {
        #expect(VisibleText.escape("a\tb café 🌿") == "a\tb café 🌿")
    }

    @Test func keepsLineFeedsAndCRLFOnlyWhenAskedForLines() {
        #expect(VisibleText.escape("a\r\nb\rc", lines: true) == "a\r\nb^Mc")
    }

    @Test func showsLineFeedsOnOneLine() {
        #expect("a\nb".visible() == "a^Jb")
    }

    @Test func replacesTheGivenControls() {
        #expect(VisibleText.escape("\u{01}hit\u{02}\u{03}", replacing: ["\u{01}": "[", "\u{02}": "]"]) == "[hit]^C")
    }

    @Test func needsEscapingSeesALoneCarriageReturnAtTheEnd() {
        #expect(VisibleText.needsEscaping(Array("line\r".utf8), lines: true))
    }

    @Test func appendCopiesCleanBytesAndEscapesOthers() {
        var output: [UInt8] = []
        for text in ["ok ", "\u{7F}"] {
            Array(text.utf8).withUnsafeBufferPointer { VisibleText.append($0, to: &output) }
        }
        #expect(String(decoding: output, as: UTF8.self) == "ok ^?")
    }
}

/// `TextTable`: columns lined up by display width, not by characters or bytes.
struct TextTableTests {
    @Test func alignsWideCharactersByColumns() {
        let lines = TextTable.lines([["幻覚", "1"], ["ab", "22"]], rightAligned: [1])
        #expect(lines == ["幻覚   1", "ab    22"])
    }

    @Test func showsControlsAndTrimsTrailingSpaces() {
        #expect(TextTable.lines([["a\u{1B}", ""], ["bbbb", "x"]]) == ["a^[", "bbbb  x"])
    }
}
