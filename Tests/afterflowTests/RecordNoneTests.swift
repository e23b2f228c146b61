import Foundation
import Testing

/// `record SESSION GOAL none`: a count, duration or abc goal observed all session in which the
/// behaviour did not occur; refused for other measures and beside an occurrence; what `summary`
/// and `check` make of it, through the binary.
@Suite("record none")
struct RecordNoneTests {
    @Test("none is one line for a count, a duration and an abc goal, with --at and --note")
    func written() throws {
        try RecordTests.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            #expect(try RecordTests.added(sandbox, vault, file, ["hitting", "none", "--at", "15:45:00", "--note", "watched all session"])
                == ["- 15:45:00 hitting none  watched all session"])
            #expect(try RecordTests.added(sandbox, vault, file, ["tantrum", "none", "--at", "15:45:00"]) == ["- 15:45:00 tantrum none"])
            #expect(try RecordTests.added(sandbox, vault, file, ["incidents", "None", "--at", "15:45:00"]) == ["- 15:45:00 incidents none"])
            expectStatus(try sandbox.run(["check"], directory: vault, environment: RecordTests.at), 0)
        }
    }

    @Test("none is refused for an interval goal, beside an occurrence and a second time; nothing is written")
    func refused() throws {
        try RecordTests.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            func refusal(_ words: [String]) throws -> RunResult {
                let before = try sandbox.readText(file)
                let result = try sandbox.run(["record", "maya-t"] + words, directory: vault, environment: RecordTests.at)
                #expect(try sandbox.readText(file) == before, "nothing written for \(words)")
                #expect(result.status == 64, "\(result)")
                return result
            }
            let interval = try refusal(["on-task", "none"])
            #expect(interval.stderr.contains("none (the behaviour did not occur) is for goals of measure count, duration or abc; on-task is a goal of measure: interval: score each interval - (not seen) instead"), "\(interval)")
            _ = try RecordTests.added(sandbox, vault, file, ["hitting", "--at", "15:05:00"])
            let beside = try refusal(["hitting", "none"])
            #expect(beside.stderr.contains("hitting has 1 occurrence in this session (the first at 15:05:00); none would say it did not occur"), "\(beside)")
            _ = try RecordTests.added(sandbox, vault, file, ["tantrum", "none"])
            let twice = try refusal(["tantrum", "none"])
            #expect(twice.stderr.contains("tantrum is marked none in this session already (at 15:30:00)"), "\(twice)")
        }
    }

    @Test("an occurrence after the goal's none is written all the same, and its status names the none")
    func occurrenceAfterNone() throws {
        try RecordTests.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            _ = try RecordTests.added(sandbox, vault, file, ["hitting", "none", "--at", "15:20:00"])
            let result = try sandbox.run(["record", "maya-t", "hitting", "--at", "15:25:00"], directory: vault, environment: RecordTests.at)
            expectStatus(result, 0)
            #expect(result.stdout == "15:25:00 hitting count\n  hitting: 1 this session; the none at 15:20:00 says it did not occur: remove that line\n", "\(result)")
            #expect(try sandbox.readText(file).hasSuffix("- 15:20:00 hitting none\n- 15:25:00 hitting count\n"))
        }
    }

    /// The session started at 15:00 and has no end: its observed time runs to its last line,
    /// the none at 15:45, so 45 min; 0 occurrences are 0 per minute and 0 per hour.
    @Test("summary: a count of 0 over the observed time, and the sentence that says it did not occur")
    func summary() throws {
        try RecordTests.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            _ = try RecordTests.added(sandbox, vault, file, ["hitting", "none", "--at", "15:45:00"])
            let result = try sandbox.run(["summary", "maya-t", "--format", "json"], directory: vault, environment: RecordTests.at)
            expectStatus(result, 0)
            let object = try #require(result.json as? [String: Any])
            let goal = try #require((object["behaviour"] as? [[String: Any]])?.first)
            #expect(goal["short"] as? String == "hitting" && goal["count"] as? Int == 0 && goal["observed_seconds"] as? Int == 2700, "\(goal)")
            #expect(goal["per_minute"] as? Double == 0 && goal["per_hour"] as? Double == 0, "\(goal)")
            #expect(goal["sentence"] as? String == "hitting did not occur in 45 min (0 per hour).")
            let event = try #require((object["events"] as? [[String: Any]])?.first)
            #expect(event["what"] as? String == "none" && event["measure"] as? String == "count", "\(event)")
        }
    }

    /// Lines written by hand: a count, its none, a second none, a none of an interval goal.
    /// "- 15:45:00 hitting " and "- 15:45:00 on-task " are 19 bytes: the word is at column 20.
    @Test("check reports the none beside an occurrence, the second none and the none of an interval goal at FILE:LINE:COLUMN")
    func checked() throws {
        try RecordTests.withSession { (sandbox: Sandbox, vault: String, file: String) throws in
            let lines = ["- 15:05:00 hitting count", "- 15:45:00 hitting none", "- 15:46:00 hitting none", "- 15:45:00 on-task none"]
            let text = try sandbox.readText(file).replacingOccurrences(of: "## Trials\n", with: "## Trials\n\n" + lines.joined(separator: "\n") + "\n")
            try sandbox.write(file, text)
            let numbers = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { lines.contains(String($0.element)) }.map { $0.offset + 1 }
            #expect(numbers.count == 4)
            let result = try sandbox.run(["check"], directory: vault, environment: RecordTests.at)
            #expect(result.status == 1, "\(result)")
            let path = String(file.dropFirst(vault.count + 1))
            let said = result.stdout + result.stderr
            #expect(said.contains("\(path):\(numbers[1]):20: warning: event line: hitting none, but 1 occurrence of hitting is logged in this session (line \(numbers[0])); remove one or the other"), "\(said)")
            #expect(said.contains("\(path):\(numbers[2]):20: warning: event line: hitting none, but 1 occurrence of hitting is logged in this session (line \(numbers[0])); remove one or the other"), "\(said)")
            #expect(said.contains("\(path):\(numbers[2]):20: warning: event line: hitting none again: line \(numbers[1]) already says hitting did not occur in this session; remove one of them"), "\(said)")
            #expect(said.contains("\(path):\(numbers[3]):20: error: event line: none is an event of measure: count, duration or abc, but on-task is a goal of measure: interval; write its lines as '- 15:10:10 on-task interval 1 +', or change the goal's measure"), "\(said)")
        }
    }
}
