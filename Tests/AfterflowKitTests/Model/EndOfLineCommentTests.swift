@testable import AfterflowKit
import Foundation
import Testing

/// Comments are the user's text: `set`, the status and `updated` rewrites, and `fmt` keep them on
/// the line of their key, with the spaces before `#` as written.
@Suite struct EndOfLineCommentTests {
    let zone = TimeZone(identifier: "America/Los_Angeles")!
    var editor: SessionEditor { SessionEditor(timeZone: zone) }
    var formatter: SessionFormatter { SessionFormatter(timeZone: zone) }

    static let head = "---\nid: 0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D\ndate: 2024-07-14T10:00:00-07:00\ntreatment: lsd\n"
    static let body = "---\n## Intention\n\nTo see.\n"

    func file(_ lines: String) -> Document {
        Document(Self.head + lines + Self.body)
    }

    func frontMatter(_ document: Document) -> [String] {
        guard let frontMatter = document.frontMatter else { return [] }
        return ((frontMatter.openingLine + 1)..<frontMatter.closingLine).map { document.text(ofLine: $0) }
    }

    // MARK: - Reading

    @Test(arguments: [
        ("dose: 0.5 mg/kg  # first time at this dose", "  # first time at this dose"),
        ("dose: \"0.5 mg/kg\"\t# quoted", "\t# quoted"),
        ("dose: '0.5' # single", " # single"),
        ("tags: [a, b] # x", " # x"),
        ("tags: [] # none yet", " # none yet"),
        ("notes: | # x\n  text", " # x"),
        ("notes: >- # folded\n  text", " # folded"),
        ("dose:   # to decide", "   # to decide"),
        ("tags: # block\n  - a", " # block"),
    ])
    func theCommentAfterAValueIsReadWithTheSpacesBeforeIt(_ line: String, _ comment: String) throws {
        let document = file(line + "\n")
        let entry = try #require(document.frontMatter?.entries.last)
        #expect(entry.comment == comment)
        #expect(document.bytes == Array((Self.head + line + "\n" + Self.body).utf8))
    }

    @Test func aValueWithoutACommentHasNone() throws {
        let document = file("dose: 0.5#mg\nmusic: \"a # b\"\n")
        #expect(document.frontMatter?.entries.map(\.comment) == [nil, nil, nil, nil, nil])
        #expect(document.frontMatter?["dose"]?.scalar?.text == "0.5#mg")
    }

    // MARK: - set

    @Test(arguments: [
        ("dose: 0.5 mg/kg  # first time at this dose", "dose=1 mg/kg", "dose: 1 mg/kg  # first time at this dose"),
        ("dose: \"yes\" # quoted", "dose=2 g", "dose: 2 g # quoted"),
        ("mood_before: 5 # shaky", "mood_before=6", "mood_before: 6 # shaky"),
        ("tags: [a, b] # x", "tags=a,b,c", "tags: [a, b, c] # x"),
        ("dose: | # x\n  one", "dose=two", "dose: two # x"),
        ("dose:  # to decide", "dose=3 g", "dose: 3 g  # to decide"),
        ("facilitator: Maya # first time", "facilitator=Sam", "facilitator: Sam # first time"),
    ])
    func setKeepsTheCommentOnTheLineItChanges(_ line: String, _ change: String, _ expected: String) throws {
        let parts = change.split(separator: "=", maxSplits: 1).map(String.init)
        let edited = try editor.setting(parts[0], to: parts[1], in: file(line + "\n"))
        let lines = frontMatter(edited)
        #expect(lines.suffix(1) == [expected], "\(lines)")
        #expect(Session(document: edited).diagnostics.isEmpty, "\(Session(document: edited).diagnostics)")
    }

    @Test func settingAKeyToEmptyLeavesItsCommentAsALineInItsPlace() throws {
        let edited = try editor.setting("dose", to: "", in: file("dose: 0.5 mg/kg  # first time at this dose\nmood_before: 5\n"))
        #expect(frontMatter(edited).suffix(2) == ["# first time at this dose", "mood_before: 5"])
        #expect(Session(document: edited).dose == nil)
    }

    @Test func aBlockListKeepsTheCommentsOfItemsThatStay() throws {
        let original = file("tags: # chosen later\n  - a # the first\n  # between\n  - b\nmood_before: 5\n")
        let edited = try editor.setting("tags", to: "a,b,c", in: original)
        #expect(frontMatter(edited).suffix(6) == ["tags: # chosen later", "  - a # the first", "  # between", "  - b", "  - c", "mood_before: 5"])
        let same = try editor.setting("tags", to: "a,b", in: original)
        #expect(same.bytes == original.bytes)
    }

    @Test func theCommentsOfItemsThatGoBecomeLinesAboveTheKey() throws {
        let edited = try editor.setting("tags", to: "c", in: file("tags:\n  - a # the first\n  - b\nmood_before: 5\n"))
        #expect(frontMatter(edited).suffix(4) == ["# the first", "tags:", "  - c", "mood_before: 5"])
    }

    @Test func statusUpdatedAndReminderRewritesKeepComments() throws {
        let original = file("mood_before: 5 # ok\nstatus: draft # set by hand\nreminder: 2030-01-01 # later\nupdated: 2024-07-14T10:00:00-07:00   # last\n")
        let now = Date(timeIntervalSince1970: 1_735_689_600)
        let finished = editor.finishing(original, now: now)
        #expect(frontMatter(finished).suffix(4) == [
            "mood_before: 5 # ok", "status: needs-reflection # set by hand", "reminder: 2030-01-01 # later",
            "updated: 2024-12-31T16:00:00-08:00   # last",
        ])
        let reflected = try editor.addingReflection("Calm.", typedAt: now, prepend: false, to: original, now: now)
        #expect(frontMatter(reflected).suffix(4) == [
            "mood_before: 5 # ok", "status: complete # set by hand", "# later", "updated: 2024-12-31T16:00:00-08:00   # last",
        ])
    }

    // MARK: - fmt

    @Test func fmtKeepsCommentsOnTheirKeysLines() throws {
        let original = file("""
            administration: IV # in clinic
            dose: 0.5 mg/kg  # first time at this dose
            tags: [a, b] # x
            mood_before: "5"\t# quoted on purpose
            notes: | # mine
              kept
            dose_unit:   # to decide

            """)
        let formatted = try #require(formatter.format(Session(document: original)))
        #expect(frontMatter(formatted) == [
            "id: 0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D",
            "date: 2024-07-14T10:00:00-07:00",
            "treatment: lsd",
            "administration: intravenous # in clinic",
            "dose: 0.5 mg/kg  # first time at this dose",
            "mood_before: 5\t# quoted on purpose",
            "status: needs-reflection",
            "tags: [a, b] # x",
            "notes: | # mine",
            "  kept",
            "dose_unit:   # to decide",
        ])
        let again = try #require(formatter.format(Session(document: formatted)))
        #expect(again.bytes == formatted.bytes)
    }

    @Test func fmtKeepsTheCommentOfAKeyItRemoves() throws {
        let original = file("dose:  # none today\nmusic: ''  # silence\ntags: [] # later\n")
        let formatted = try #require(formatter.format(Session(document: original)))
        #expect(frontMatter(formatted).suffix(4) == ["# none today", "status: draft", "# silence", "# later"])
        let again = try #require(formatter.format(Session(document: formatted)))
        #expect(again.bytes == formatted.bytes)
    }

    @Test func fmtTurnsABlockListWithCommentsIntoAFlowListWithTheCommentsAbove() throws {
        let original = file("tags: # topics\n  - a # the first\n  - b\n")
        let formatted = try #require(formatter.format(Session(document: original)))
        #expect(frontMatter(formatted).suffix(3) == ["status: draft", "# the first", "tags: [a, b] # topics"])
        let again = try #require(formatter.format(Session(document: formatted)))
        #expect(again.bytes == formatted.bytes)
    }
}
