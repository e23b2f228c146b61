import AfterflowKit
import Foundation
import Testing

/// Which session takes a trial at a moment (#20, item 3), worked out by hand in Los Angeles
/// (UTC-7 in April 2025).
@Suite struct TrialSessionLifecycleTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!

    func session(_ date: String, end: String? = nil) -> TrialSession {
        TrialSession(document: Document("---\ntype: trials\nclient: 20A27F88-B36F-5EE2-9359-5199D6FBF1EA\ndate: \(date)\n"
                                        + (end.map { "end: \($0)\n" } ?? "") + "---\n## Trials\n\n"))
    }

    func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    func acceptance(_ date: String, end: String? = nil, now: String) -> TrialSessionLifecycle.Acceptance {
        TrialSessionLifecycle.acceptance(of: session(date, end: end), at: at(now), in: Self.zone)
    }

    @Test("open, started this morning: takes a trial in the evening")
    func today() {
        #expect(acceptance("2025-04-01T08:00:00", now: "2025-04-01T21:00:00-07:00") == .open)
    }

    @Test("ended: refused, with its end")
    func ended() {
        #expect(acceptance("2025-04-01T15:00:00", end: "2025-04-01T15:30:00", now: "2025-04-01T15:40:00-07:00")
                == .ended(LocalDate.parse("2025-04-01T15:30:00")!))
    }

    @Test("started at 23:30, at 00:20 the next day: 50 minutes, past midnight, open")
    func pastMidnight() {
        #expect(acceptance("2025-04-01T23:30:00", now: "2025-04-02T00:20:00-07:00") == .open)
    }

    @Test("started at 11:00, at 00:20 the next day: 13 h 20 min, refused")
    func yesterdayTooLong() {
        #expect(acceptance("2025-04-01T11:00:00", now: "2025-04-02T00:20:00-07:00") == .otherDay(LocalDate.parse("2025-04-01T11:00:00")!))
    }

    @Test("two days later: refused")
    func twoDaysLater() {
        #expect(acceptance("2025-04-01T15:00:00", now: "2025-04-03T09:00:00-07:00") == .otherDay(LocalDate.parse("2025-04-01T15:00:00")!))
    }

    @Test("today in the vault's zone, though another day in UTC (18:00 in Los Angeles is 01:00 UTC)")
    func vaultDay() {
        #expect(acceptance("2025-04-01T09:00:00", now: "2025-04-02T01:00:00Z") == .open)
    }

    @Test("the refusal of an ended session names trials start and the command given for on purpose")
    func refusalText() throws {
        let refusal = try #require(TrialSessionLifecycle.refusal(.ended(LocalDate.parse("2025-04-01T15:30:00")!), path: "clients/maya-t/sessions/2025/2025-04-01-1500.md",
                                                                 client: "maya-t", onPurpose: "afterflow trial maya-t s-initial + --session P"))
        #expect([refusal.message] + refusal.details == [
            "clients/maya-t/sessions/2025/2025-04-01-1500.md has ended (at 3:30 PM on Tue Apr 1, 2025); trials go into an open session started today, so nothing was written",
            "Start today's session with 'afterflow trials start maya-t'.",
            "Or add it to that session on purpose: afterflow trial maya-t s-initial + --session P",
        ])
    }

    @Test("active goals: baseline, active and maintenance, not mastered or on hold")
    func activeGoals() {
        let record = TrialFixture.record(client: TrialFixture.clientText, goals: [
            "a": TrialFixture.goal("a", ["phase: baseline"]), "b": TrialFixture.goal("b", ["phase: active"]),
            "c": TrialFixture.goal("c", ["phase: maintenance"]), "d": TrialFixture.goal("d", ["phase: mastered"]),
            "e": TrialFixture.goal("e", ["phase: on-hold"]),
        ], sessions: [:])
        #expect(TrialSessionLifecycle.activeGoals(of: record).map(\.short) == ["a", "b", "c"])
    }
}

/// The lines summaries, notes and progress leave out (#20, item 4).
@Suite struct LeftOutTrialsTests {
    /// One session, 2025-01-14: lines 9 s-initial + ind (kept), 10 "s-intial" (no such goal), 11
    /// s-initial + "prompted" (no such cue), 12 s-initial - minimal (kept). In the fixture's
    /// session text: 1 ---, 2 type, 3 client, 4 date, 5 ---, 6 blank, 7 ## Notes, 8 blank, 9 ## Trials,
    /// 10 blank, trials from 11: so the left-out lines are 12 and 13.
    func record() -> ClientRecord {
        TrialFixture.record(client: TrialFixture.clientText, goals: ["s-initial": TrialFixture.goal("s-initial", [])], sessions: [
            "2025/2025-01-14-1500.md": TrialFixture.session("2025-01-14T15:00:00", [
                "s-initial + independent", "s-intial + independent", "s-initial + prompted", "s-initial - minimal",
            ]),
        ])
    }

    @Test("the summary counts 2 trials, 1 success, and keeps the left-out lines' places")
    func summary() throws {
        let record = record()
        let session = try #require(record.sessions.first)
        let summary = TrialSummary(session: session.session, record: record, cues: .standard, path: session.path)
        #expect([summary.total, summary.successes] as [Int] == [2, 1])
        #expect(summary.leftOut.places.map(\.line) == [12, 13])
    }

    @Test("progress counts the day's 2 valid trials of s-initial (the unknown cue left out)")
    func progress() throws {
        let rows = GoalProgress.make(record: record(), cues: .standard, goal: "s-initial").first?.rows ?? []
        #expect(rows.map(\.trials) == [2])
    }

    @Test("the message names the count and the places, the path once")
    func message() {
        let left = LeftOutTrials.of(record(), cues: .standard)
        #expect(left.message == "left out 2 trial lines that 'afterflow check' rejects (a goal or cue level it does not know): clients/maya-t/sessions/2025/2025-01-14-1500.md:12, :13")
    }
}
