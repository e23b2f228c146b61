import AfterflowKit
@testable import afterflow
import Foundation
import Testing

/// `list` on terminals of different widths, with wide characters: no line is wider than the
/// terminal, the intention is cut first and the other columns narrow after.
@Suite(.serialized)
struct ListWidthTests {
    /// Intentions of CJK, emoji (with ZWJ sequences and variation selectors), combining marks and
    /// a tab; and a file whose treatment is written in Japanese (listed as `?`, with an error).
    static let intentions = [
        "幻覚剤の体験について静かに考える時間を持ちたい。家族と自然とのつながりを感じる。",
        "🌿🌊 Sit with the ocean 🌊 and let 👩‍👩‍👧 the family stories ☀️ come and go 🌤️ freely today",
        "Cafe\u{301} au lait, e\u{301}te\u{301}, nai\u{308}ve: accents that combine\tand a tab in the middle",
        "한국어로 쓴 의도: 천천히, 부드럽게, 그리고 정직하게 느끼기",
        "Short",
    ]

    static func makeVault(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.initVault()
        for (index, intention) in intentions.enumerated() {
            let result = try sandbox.run(["new", "--vault", vault, "--date", "2024-0\(index + 1)-1\(index) 09:30", "--treatment", "psilocybin",
                                          "--mood-before", "\(index + 3)", "--intention", intention, "--remind", "none"])
            expectStatus(result, 0)
        }
        try sandbox.write(vault + "/sessions/2024/2024-08-01-other.md", """
            ---
            date: 2024-08-01T10:00:00-07:00
            treatment: 幻覚剤
            mood_before: 10
            mood_after: 10
            ---
            ## Intention

            ✨ 幻覚剤 ✨ 幻覚剤 ✨ 幻覚剤 ✨ 幻覚剤 ✨ 幻覚剤 ✨ 幻覚剤 ✨ 幻覚剤 ✨ 幻覚剤

            ## Reflections

            完了。

            """)
        return vault
    }

    /// The lines a terminal showed, without the blank line before the summary.
    static func lines(_ run: PseudoTerminal.Run) -> [String] {
        run.screen.components(separatedBy: "\n").filter { !$0.isEmpty }
    }

    @Test(arguments: [50, 60, 80, 120])
    func everyLineFitsTheTerminal(columns: Int) throws {
        guard PseudoTerminal.python != nil else { return }
        try withSandbox { sandbox in
            let vault = try Self.makeVault(sandbox)
            let run = try sandbox.runOnPseudoTerminal(["list", "--vault", vault], directory: ".", steps: [], columns: columns)
            #expect(run.status == 0, "\(run)")
            let lines = Self.lines(run)
            // 6 sessions, the summary (wrapped on narrow terminals) and the warning about the file with errors.
            #expect(lines.filter { $0.hasPrefix("2024-") }.count == 6, "\(run)")
            #expect(lines.contains { $0.hasPrefix("6 sessions") }, "\(run)")
            // Standard output's lines; the warning on standard error is wrapped by the terminal.
            for line in lines where !line.hasPrefix("warning:") {
                #expect(DisplayWidth.of(line) <= columns, "\(DisplayWidth.of(line)) columns of \(columns): \(line)")
            }
            // Wide terminals show the emoji and the time; the intention is cut, not wrapped.
            let rows = lines.filter { $0.hasPrefix("2024-") }
            if columns >= 80 {
                #expect(rows.contains { $0.hasPrefix("2024-03-12 09:30  Psilocybin  🌤️  5 →   ·    needs reflection  Cafe\u{301} au lait") }, "\(rows)")
            } else {
                #expect(rows.allSatisfy { !$0.contains("🌤️") && !$0.contains("09:30") }, "\(rows)")
            }
            #expect(rows.allSatisfy { !$0.contains("\t") })
        }
    }

    /// At 80 columns the intention has 17: eight CJK characters (16 columns) and the ellipsis; a
    /// wide character that would take the 17th column leaves it empty.
    @Test func wideCharactersAreCountedAsTwoColumns() throws {
        guard PseudoTerminal.python != nil else { return }
        try withSandbox { sandbox in
            let vault = try Self.makeVault(sandbox)
            let run = try sandbox.runOnPseudoTerminal(["list", "--vault", vault], directory: ".", steps: [], columns: 80)
            let rows = Self.lines(run)
            #expect(rows.contains("2024-01-10 09:30  Psilocybin  🌦️  3 →   ·    needs reflection  幻覚剤の体験につ…"), "\(run)")
            #expect(rows.contains("2024-08-01 10:00  ?           ✨ 10 → ✨ 10  complete          ✨ 幻覚剤 ✨ 幻…"), "\(run)")
            #expect(rows.contains("2024-04-13 09:30  Psilocybin  🌤️  6 →   ·    needs reflection  한국어로 쓴 의도…"), "\(run)")
            #expect(rows.contains("2024-05-14 09:30  Psilocybin  ☀️  7 →   ·    needs reflection  Short"), "\(run)")
        }
    }

    /// At 50 columns every column has narrowed and the intention keeps 9.
    @Test func fiftyColumns() throws {
        guard PseudoTerminal.python != nil else { return }
        try withSandbox { sandbox in
            let vault = try Self.makeVault(sandbox)
            let run = try sandbox.runOnPseudoTerminal(["list", "--vault", vault], directory: ".", steps: [], columns: 50)
            let rows = Self.lines(run)
            #expect(rows.contains("2024-01-10 Psilocybin  3 →  · to reflect 幻覚剤の…"), "\(run)")
            #expect(rows.contains("2024-02-11 Psilocybin  4 →  · to reflect 🌿🌊 Sit…"), "\(run)")
            #expect(rows.contains("2024-05-14 Psilocybin  7 →  · to reflect Short"), "\(run)")
            #expect(rows.contains("6 sessions: 1 complete, 5 need reflection"), "\(run)")
        }
    }

    /// `COLUMNS` is the width when it is set, whatever the terminal's size.
    @Test func columnsOverridesTheTerminalSize() throws {
        guard PseudoTerminal.python != nil else { return }
        try withSandbox { sandbox in
            let vault = try Self.makeVault(sandbox)
            let run = try sandbox.runOnPseudoTerminal(["list", "--vault", vault], directory: ".", environment: ["COLUMNS": "60"],
                                                      steps: [], columns: 120)
            let rows = Self.lines(run).filter { $0.hasPrefix("2024-") }
            #expect(rows.count == 6, "\(run)")
            #expect(rows.allSatisfy { DisplayWidth.of($0) <= 60 }, "\(run)")
            #expect(rows.contains { DisplayWidth.of($0) == 60 }, "\(run)")
        }
    }

    /// Piped, lines are whole whatever the width, and tabs are kept.
    @Test func pipedLinesAreWhole() throws {
        try withSandbox { sandbox in
            let vault = try Self.makeVault(sandbox)
            let result = try sandbox.run(["list", "--vault", vault], environment: ["COLUMNS": "50"])
            expectStatus(result, 0)
            for intention in Self.intentions {
                #expect(result.stdoutLines.contains { $0.hasSuffix("  " + intention) }, "\(result)")
            }
        }
    }

    @Test func layoutSteps() {
        #expect(ListingLayout(width: 200) == .full)
        #expect(ListingLayout(width: 75) == .full)
        #expect(ListingLayout(width: 75).used == 63)
        #expect(ListingLayout(width: 74).moodEmoji == false)
        #expect(ListingLayout(width: 74).shortStatus == false)
        #expect(ListingLayout(width: 68).shortStatus == true)
        #expect(ListingLayout(width: 68).dateWidth == 16)
        #expect(ListingLayout(width: 62).dateWidth == 10)
        #expect(ListingLayout(width: 62).gap == 2)
        #expect(ListingLayout(width: 56).gap == 1)
        #expect(ListingLayout(width: 50).used == 41)
        #expect(ListingLayout(width: 50).cutsWholeLines == false)
        #expect(ListingLayout(width: 42).cutsWholeLines == true)
        // Each width from 50 up leaves the intention at least 9 columns.
        for width in 50...200 {
            #expect(width - ListingLayout(width: width).used >= 9, "\(width)")
        }
    }
}
