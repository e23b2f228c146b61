@testable import AfterflowLSP
import Testing

struct TextDocumentTests {
    private func position(_ line: Int, _ character: Int) -> Position { Position(line: line, character: character) }

    @Test func anEmojiCountsTwoCodeUnits() {
        let document = TextDocument(text: "a😀b", version: 1)
        #expect(document.text[document.index(of: position(0, 3))...] == "b")
    }

    @Test func aCJKCharacterCountsOneCodeUnit() {
        let document = TextDocument(text: "日本語x", version: 1)
        #expect(document.text[document.index(of: position(0, 3))...] == "x")
    }

    @Test func thePositionOfAnIndexAfterAnEmojiCountsItTwice() {
        let document = TextDocument(text: "x\n🎵 mood", version: 1)
        let index = document.text.firstIndex(of: "m")!
        #expect(document.position(of: index) == position(1, 3))
    }

    @Test func aLibraryColumnInBytesBecomesCodeUnits() {
        // "日本" is 6 bytes and 2 code units; "😀" 4 bytes and 2 code units: byte column 11 is "x".
        let document = TextDocument(text: "---\n日本😀x", version: 1)
        #expect(document.position(line: 2, utf8Column: 11) == position(1, 4))
    }

    @Test func aCharacterPastTheLineEndIsTheLineEnd() {
        let document = TextDocument(text: "ab\r\ncd", version: 1)
        #expect(document.position(of: document.index(of: position(0, 40))) == position(0, 2))
    }

    @Test func aPositionInsideASurrogatePairIsTheCharactersStart() {
        let document = TextDocument(text: "😀z", version: 1)
        #expect(document.index(of: position(0, 1)) == document.text.startIndex)
    }

    @Test func linesEndAtCRLFAndCR() {
        let document = TextDocument(text: "a\r\nb\rc\nd", version: 1)
        #expect((0..<document.lineCount).map { String(document.line($0)) } == ["a", "b", "c", "d"])
    }

    @Test func anIncrementalChangeReplacesItsRange() {
        var document = TextDocument(text: "treatment: 🍄 psilocybn\nnext", version: 1)
        // "psilocybn" starts at code unit 14 (the mushroom takes two); insert "i" before its "n".
        document.apply("i", in: TextRange(start: position(0, 22), end: position(0, 22)), version: 2)
        #expect(document.text == "treatment: 🍄 psilocybin\nnext")
    }

    @Test func anIncrementalChangeAcrossLinesJoinsThem() {
        var document = TextDocument(text: "one\ntwo\nthree", version: 1)
        document.apply("-", in: TextRange(start: position(0, 3), end: position(2, 0)), version: 2)
        #expect(document.text == "one-three")
    }

    @Test func aChangeWithoutRangeReplacesTheWholeText() {
        var document = TextDocument(text: "old", version: 1)
        document.apply("new\ntext", in: nil, version: 5)
        #expect(document.text == "new\ntext" && document.version == 5 && document.lineCount == 2)
    }

    @Test func aWordRangeEndsAtTheNextSpaceAfterCJK() {
        let document = TextDocument(text: "tags: [日本, x]", version: 1)
        // Byte column 8 is "日" (after "tags: ["), which runs two code units to the comma.
        #expect(document.wordRange(line: 1, utf8Column: 8) == TextRange(start: position(0, 7), end: position(0, 9)))
    }
}
