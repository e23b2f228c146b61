@testable import AfterflowKit
import Foundation
import Testing

/// What the full-screen logger shows, for a window's size.
@Suite struct LiveScreenContentTests {
    static let path = "clients/maya-t/sessions/2025/2025-01-14-1500.md"
    static let head = LiveTrialSessionTests.head
    static let start = LiveTrialSessionTests.start

    let temp: TemporaryVault

    init() throws { temp = try TemporaryVault() }

    func session(_ text: String = Self.head) throws -> LiveTrialSession {
        try temp.write(Self.path, text)
        let store = DocumentStore(vault: try temp.vault)
        return LiveTrialSession(store: store, path: Self.path, goals: LiveTrialSessionTests.goals, clientName: "Maya T.",
                                known: try store.read(Self.path).document, started: Self.start, neutral: false)
    }

    func at(_ seconds: Double) -> LiveMoment {
        LiveMoment(wall: Self.start.addingTimeInterval(seconds), monotonic: 1000 + seconds)
    }

    func lines(_ live: LiveTrialSession, at seconds: Double = 130, columns: Int = 80, rows: Int = 24, colors: Bool = false) -> [String] {
        LiveScreenContent(session: live, moment: at(seconds), colors: colors).lines(columns: columns, rows: rows, note: nil)
    }

    @Test func theScreenFillsTheWindowsRows() throws {
        #expect([24, 12, 4].map { lines(try! session(), rows: $0).count } == [24, 12, 4])
    }

    @Test func noLineIsWiderThanTheWindow() throws {
        #expect(lines(try session(), columns: 30).allSatisfy { DisplayWidth.of($0) <= 29 })
    }

    @Test func theTopLineHasTheTimerAndTheClock() throws {
        let top = lines(try session(), at: 61 * 60)[0]
        #expect(top.hasPrefix(" Maya T. ") && top.contains("1:01:00") && top.hasSuffix("16:01"))
    }

    @Test func theGoalsFigureIsShown() throws {
        let live = try session(Self.head + "- 15:01:00 s-initial + independent\n- 15:01:10 s-initial - independent\n")
        #expect(lines(live).contains { $0.trimmingCharacters(in: .whitespaces) == "1 of 2  ·  50 %" })
    }

    @Test func theCuePickerCountsDownAfterATrial() throws {
        var live = try session()
        live.log(success: true, at: at(130))
        #expect(lines(live, at: 131).contains { $0.trimmingCharacters(in: .whitespaces) == "cue: independent in 2" })
    }

    @Test func theCueOfTheTrialIsMarkedInThePicker() throws {
        var live = try session()
        live.log(success: true, at: at(130))
        #expect(lines(live).contains { $0.contains("[1 independent]  2 minimal  3 moderate (o)  4 maximal (a)") })
    }

    @Test func withoutColoursNoEscapeIsWritten() throws {
        var live = try session()
        live.log(success: true, at: at(130))
        #expect(!lines(live).joined().contains("\u{1B}"))
    }

    @Test func aShortWindowKeepsTheFigureAndThePicker() throws {
        var live = try session(Self.head + "- 15:01:00 s-initial + independent\n")
        live.log(success: false, at: at(130))
        let shown = lines(live, rows: 10).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(shown.contains("1 of 2  ·  50 %") && shown.contains("cue: independent in 3"))
    }
}
