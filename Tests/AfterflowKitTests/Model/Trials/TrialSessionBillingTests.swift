@testable import AfterflowKit
import Testing

/// A trial session's keys for billing: service, place, participants, provider and pauses, and the
/// minutes billed (end less start less pauses).
@Suite struct TrialSessionBillingTests {
    static func session(_ keys: [String], date: String = "2025-03-03T09:00:00", end: String? = "2025-03-03T09:45:00") -> TrialSession {
        let lines = ["---", "type: trials", "id: 5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E", "client: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34",
                     "date: \(date)"] + (end.map { ["end: \($0)"] } ?? []) + keys + ["---", "", "## Trials", ""]
        return TrialSession(document: Document(lines.joined(separator: "\n")))
    }

    static func problems(_ session: TrialSession) -> [String] {
        session.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    @Test("every key read")
    func keys() {
        let s = Self.session(["service: 97153", "place: 03 School", "participants: [client, Teacher]", "provider: J. Doe, BCBA"])
        #expect(Self.problems(s).isEmpty, "\(Self.problems(s))")
        #expect(s.service == "97153")
        #expect(s.place == PlaceOfService(code: "03", name: "School"))
        #expect(s.participants == ["client", "teacher"])
        #expect(s.provider == "J. Doe, BCBA")
    }

    @Test("a place written as its code alone takes the code set's name")
    func placeCode() {
        #expect(Self.session(["place: 12"]).place?.text == "12 Home")
        #expect(Self.session(["place: '11'"]).place?.text == "11 Office")
        // A code afterflow does not name keeps the name written.
        #expect(Self.session(["place: 53 Community mental health center"]).place?.text == "53 Community mental health center")
    }

    @Test("minutes billed: 09:00 to 09:45 less a pause of 5 and one of 2 min 30 s is 37 (37 min 30 s, seconds dropped)")
    func minutes() {
        let s = Self.session(["pauses: [09:10-09:15, 09:30:00-09:32:30]"])
        #expect(Self.problems(s).isEmpty, "\(Self.problems(s))")
        // 45 × 60 = 2700 s; pauses 300 + 150 = 450 s; 2250 s = 37.5 min → 37.
        #expect(s.billableMinutes == 37)
        #expect(s.minutes == 45)
        // No pauses: the whole 45.
        #expect(Self.session([]).billableMinutes == 45)
        // No end: none.
        #expect(Self.session([], end: nil).billableMinutes == nil)
    }

    @Test("a pause after midnight, in a session that ran past it")
    func pastMidnight() {
        // 23:30 to 00:30 is 60 min; the pause 00:05-00:10 is on the next day: 5 min off → 55.
        let s = Self.session(["pauses: [00:05-00:10]"], date: "2025-03-03T23:30:00", end: "2025-03-04T00:30:00")
        #expect(Self.problems(s).isEmpty, "\(Self.problems(s))")
        #expect(s.billableMinutes == 55)
    }

    @Test("bad values, each at its value", arguments: [
        ("service: 9715", "7:10: service must be a CPT code of five digits or letters, like 97153 or 92507, found \"9715\""),
        ("place: School", "7:8: place must be a two-digit place-of-service code and its name, like 11 Office, 03 School or 12 Home, found \"School\""),
        ("pauses: [9:10-9:15]", "7:10: each of pauses must be a start and an end time, like 15:20-15:25, found \"9:10-9:15\""),
        ("pauses: [09:40-09:50]", "7:10: pause 09:40:00-09:50:00 goes past the session's end (9:45 AM); a pause is within the session"),
        ("pauses: [09:10-09:20, 09:15-09:25]", "7:23: pause 09:15:00-09:25:00 overlaps the pause before it; write each break once, in order"),
    ])
    func badValues(_ line: String, _ expected: String) {
        #expect(Self.problems(Self.session([line])) == [expected])
    }
}
