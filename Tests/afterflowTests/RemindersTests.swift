import Foundation
import Testing

/// The first `python3` on `PATH`, for reading the calendar with an independent parser.
let python3: String? = {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let candidate = "\(folder)/python3"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}()

@Suite("reminders")
struct RemindersTests {
    /// Two sessions with reminders (one with a comma and a long intention), one without, one complete.
    private func setUp(_ sandbox: Sandbox) throws -> [String] {
        _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
        var ids: [String] = []
        for (date, remind) in [("2024-12-10 14:30", "1d"), ("2024-12-11 09:00", "3h"), ("2024-12-12 09:00", "none")] {
            let made = try sandbox.run(["new", "--date", date, "--treatment", "mdma", "--mood-before", "5",
                                        "--intention", "Secret, private; words \\ here.", "--remind", remind, "--format", "json"],
                                       directory: "vault")
            ids.append(try #require((made.json as? [String: Any])?["id"] as? String, "\(made)"))
        }
        return ids
    }

    @Test("the list shows each pending reminder's id, time and whether it has come")
    func list() throws {
        try withSandbox { sandbox in
            let ids = try setUp(sandbox)
            let result = try sandbox.run(["reminders"], directory: "vault")
            expectStatus(result, 0)
            #expect(result.stdoutLines.count == 2)
            #expect(result.stdoutLines[0].hasPrefix(String(ids[1].prefix(8))), "the earliest first")
            #expect(result.stdoutLines[0].hasSuffix("in 3 hours"))
            #expect(result.stdoutLines[1].hasSuffix("in 1 day"))
            #expect(!result.stdout.contains("Secret"))
            let json = try sandbox.run(["reminders", "--format", "json"], directory: "vault")
            #expect((json.json as? [[String: Any]])?.map { $0["id"] as? String } == [ids[1], ids[0]])
        }
    }

    @Test("--ics -o FILE writes a calendar an independent parser reads: one event and alarm each, neutral text",
          .enabled(if: python3 != nil, "python3 is not installed, so there is no independent iCalendar parser to read the file back"))
    func icsReadBack() throws {
        try withSandbox { sandbox in
            let ids = try setUp(sandbox)
            let result = try sandbox.run(["reminders", "--ics", "-o", "../reminders.ics"], directory: "vault")
            expectStatus(result, 0)
            #expect(result.stderr == "Wrote 2 reminders to ../reminders.ics\n")
            #expect(try sandbox.mode("reminders.ics") == 0o600)
            let raw = try sandbox.readText("reminders.ics")
            #expect(raw.hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(!raw.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF line endings")
            #expect(raw.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 }, "folded at 75 octets")
            for secret in ["Secret", "private", "MDMA", "mdma", "sessions/"] { #expect(!raw.contains(secret)) }

            let events = try parseWithIcalendar(sandbox.path("reminders.ics"))
            #expect(events.count == 2)
            let byUID = Dictionary(uniqueKeysWithValues: events.map { ($0["uid"] as? String ?? "", $0) })
            for id in [ids[0], ids[1]] {
                let event = try #require(byUID["\(id)@afterflow"], "an event for \(id): \(events)")
                #expect(event["summary"] as? String == "Time to Reflect")
                #expect(event["description"] as? String == "Add thoughts about your recent session.\nOpen it with: afterflow open \(id)")
                #expect(event["alarms"] as? [String] == ["DISPLAY 0:00:00"])
                #expect((event["start"] as? String)?.hasSuffix("+00:00") == true, "DTSTART in UTC")
                let text = try sandbox.readText(sandbox.files(under: "vault/sessions").map { "vault/sessions/" + $0 }
                    .first { try sandbox.readText($0).contains(id) }!)
                let reminder = try #require(frontMatterValue(text, "reminder").flatMap(parseISODate))
                let start = try #require(parseISODate((event["start"] as? String ?? "").replacingOccurrences(of: "+00:00", with: "Z")))
                #expect(start == reminder)
            }

            // Written again after a change (--force, as the file is there now): the same UIDs, so
            // a calendar updates its events.
            expectStatus(try sandbox.run(["remind", String(ids[0].prefix(8)), "tomorrow"], directory: "vault"), 0)
            expectStatus(try sandbox.run(["reminders", "--ics", "-o", "../reminders.ics", "--force"], directory: "vault"), 0)
            let again = try parseWithIcalendar(sandbox.path("reminders.ics"))
            #expect(Set(again.compactMap { $0["uid"] as? String }) == Set(byUID.keys))
        }
    }

    @Test("--ics to standard output; -o without --ics is a usage error")
    func icsToStdout() throws {
        try withSandbox { sandbox in
            _ = try setUp(sandbox)
            let result = try sandbox.run(["reminders", "--ics"], directory: "vault")
            expectStatus(result, 0)
            #expect(result.stdout.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
            #expect(result.stdout.components(separatedBy: "BEGIN:VEVENT").count == 3)
            expectStatus(try sandbox.run(["reminders", "-o", "x.ics"], directory: "vault"), 64)
        }
    }

    /// The file's events as the Python `icalendar` package reads them.
    private func parseWithIcalendar(_ path: String) throws -> [[String: Any]] {
        let script = """
            import json, sys
            try:
                import icalendar
            except ImportError:
                sys.exit("the Python package icalendar is missing; run: pip install icalendar (make test installs it)")
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            assert str(cal['VERSION']) == '2.0' and str(cal['PRODID']).startswith('-//Afterflow//')
            events = []
            for event in cal.walk('VEVENT'):
                events.append({
                    'uid': str(event['UID']),
                    'summary': str(event['SUMMARY']),
                    'description': str(event['DESCRIPTION']),
                    'start': event.decoded('DTSTART').isoformat(),
                    'alarms': ['%s %s' % (alarm['ACTION'], alarm.decoded('TRIGGER')) for alarm in event.walk('VALARM')],
                })
            print(json.dumps(events))
            """
        let ran = try TestProgram.run(python3!, ["-c", script, path])
        let data = ran.output
        guard ran.succeeded else { throw CLIError(description: "python3 could not read the calendar: \(ran.errorText)") }
        return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }
}
