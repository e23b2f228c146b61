@testable import AfterflowKit
import Testing

/// `DisplayWidth` against widths that terminals following Unicode draw.
struct DisplayWidthTests {
    @Test(arguments: [
        ("", 0),
        ("To explore creativity", 21),
        ("café", 4),                          // precomposed é
        ("cafe\u{301}", 4),                   // e + combining acute: one column
        ("幻覚剤の体験", 12),                  // CJK ideographs and kana: Wide
        ("한국어", 6),                         // Hangul syllables: Wide
        ("\u{1100}\u{1161}\u{11A8}", 2),      // conjoining jamo: one syllable
        ("ＡＢＣ", 6),                         // Fullwidth forms
        ("ｱｲｳ", 3),                           // Halfwidth katakana
        ("🌿", 2),                             // emoji presentation
        ("☀", 1),                              // text presentation by default
        ("☀️", 2),                             // + VS16: emoji presentation
        ("☀︎", 1),                             // + VS15: text presentation
        ("✨", 2),
        ("👍🏽", 2),                            // skin tone modifier
        ("👩‍👩‍👧", 2),                          // ZWJ sequence: one picture
        ("🏳️‍🌈", 2),
        ("🇳🇿", 2),                            // flag
        ("1️⃣", 2),                             // keycap
        ("a\u{200B}b", 2),                    // zero width space
        ("\u{FE0F}", 0),                      // a variation selector alone
        ("\u{301}", 0),                       // a combining mark alone
        ("कि", 2),                             // letter + spacing vowel sign
        ("🌤️  5 → ☀️  8", 13),                  // the list's mood column
    ])
    func widths(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func prefixNeverCutsACluster() {
        let (cut, width) = DisplayWidth.prefix("ab幻覚👩‍👩‍👧c", fitting: 5)
        #expect(cut == "ab幻")
        #expect(width == 4)
        #expect(DisplayWidth.prefix("ab幻覚👩‍👩‍👧c", fitting: 8) == ("ab幻覚👩‍👩‍👧", 8))
        #expect(DisplayWidth.prefix("abc", fitting: 10) == ("abc", 3))
        #expect(DisplayWidth.prefix("幻", fitting: 1) == ("", 0))
    }

    @Test func wideRangesAreSortedAndApart() {
        let ranges = DisplayWidth.wideRanges
        #expect(!ranges.isEmpty)
        for (a, b) in zip(ranges, ranges.dropFirst()) {
            #expect(a.upperBound + 1 < b.lowerBound, "\(a) and \(b)")
        }
    }
}

extension DisplayWidthTests {
    @Test func wrapBreaksAtSpaces() {
        #expect(DisplayWidth.wrap("22 sessions: 17 complete, 4 need reflection, 1 draft", columns: 30)
                == ["22 sessions: 17 complete, 4", "need reflection, 1 draft"])
        #expect(DisplayWidth.wrap("幻覚剤 幻覚剤", columns: 8) == ["幻覚剤", "幻覚剤"])
        #expect(DisplayWidth.wrap("short", columns: 80) == ["short"])
        #expect(DisplayWidth.wrap("", columns: 80) == [""])
    }
}

extension DisplayWidthTests {
    @Test func fitFindsBothCuts() {
        let text = "ab幻覚cd"
        let whole = DisplayWidth.fit(text, columns: 8)
        #expect(whole.whole && whole.width == 8)
        let cut = DisplayWidth.fit(text, columns: 6)
        #expect(!cut.whole)
        #expect(cut.bytes == "ab幻覚".utf8.count && cut.width == 6)
        #expect(cut.bytesBeforeLast == "ab幻".utf8.count, "5 columns before the ellipsis, and 覚 would make 6")
        #expect(DisplayWidth.of("\u{AD}") == 1)
        #expect(DisplayWidth.of("\u{85}") == 0)
    }
}
