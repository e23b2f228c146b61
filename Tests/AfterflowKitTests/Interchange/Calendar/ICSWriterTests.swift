@testable import AfterflowKit
import Foundation
import Testing

@Suite struct ICSWriterTests {
    @Test(arguments: [
        ("plain", "plain"), ("a,b;c\\d", "a\\,b\\;c\\\\d"), ("one\ntwo", "one\\ntwo"), ("one\r\ntwo", "one\\ntwo"),
    ])
    func textIsEscaped(_ text: String, _ expected: String) {
        #expect(ICSWriter.escape(text) == expected)
    }

    @Test(arguments: [10, 75, 76, 150, 300])
    func longLinesFoldAtSeventyFiveOctets(_ length: Int) {
        let line = "DESCRIPTION:" + String(repeating: "x", count: length)
        let folded = ICSWriter.fold(line).components(separatedBy: "\r\n")
        #expect(folded.allSatisfy { $0.utf8.count <= 75 })
        #expect(folded.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(folded.first! + folded.dropFirst().map { String($0.dropFirst()) }.joined() == line)
    }

    @Test func foldingNeverSplitsACharacter() {
        let line = "SUMMARY:" + String(repeating: "é☀️", count: 40)
        let folded = ICSWriter.fold(line).components(separatedBy: "\r\n")
        #expect(folded.allSatisfy { $0.utf8.count <= 75 })
        #expect(folded.first! + folded.dropFirst().map { String($0.dropFirst()) }.joined() == line)
    }

    @Test func oneEventAndAlarmPerReminderInUTC() throws {
        let temp = try TemporaryVault()
        let text = sessionText(id: "AAAAAAAA-0000-4000-8000-000000000001", intention: "Private words.")
            .replacingOccurrences(of: "status: needs-reflection\n", with: "status: needs-reflection\nreminder: 2024-12-11T09:00:00-08:00\nupdated: 2024-12-10T15:00:00-08:00\n")
        try temp.write("sessions/2024/a.md", text)
        try temp.write("sessions/2024/b.md", sessionText(id: "BBBBBBBB-0000-4000-8000-000000000002"))
        let reminders = PendingReminder.all(in: VaultCatalog(vault: try temp.vault))
        #expect(reminders.count == 1)
        let calendar = ICSWriter(now: Date(timeIntervalSince1970: 1_733_871_600)).calendar(reminders)
        #expect(calendar.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!calendar.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF only")
        let lines = calendar.components(separatedBy: "\r\n")
        for expected in [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Afterflow//Afterflow reminders//EN", "BEGIN:VEVENT",
            "UID:AAAAAAAA-0000-4000-8000-000000000001@afterflow", "DTSTAMP:20241210T230000Z", "DTSTART:20241211T170000Z",
            "SUMMARY:Time to Reflect", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=START:PT0S", "END:VALARM", "END:VEVENT",
        ] {
            #expect(lines.contains(expected), "\(expected)")
        }
        #expect(!calendar.contains("Private"))
        #expect(!calendar.lowercased().contains("psilocybin"))
    }
}
