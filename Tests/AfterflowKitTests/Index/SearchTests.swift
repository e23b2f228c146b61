@testable import AfterflowKit
import Foundation
import Testing

/// Full-text search of every section, on `JournalFixture` (see its word list).
@Suite struct SearchTests {
    func hits(_ store: IndexStore, _ text: String, drafts: Bool = false, limit: Int = 20) throws -> [SearchHit] {
        try store.search(SearchQuery(text), includeDrafts: drafts, limit: limit)
    }

    @Test("the better match ranks first, even when it is older")
    func ranking() throws {
        let temp = try TemporaryVault()
        // Older: "tide" three times in a short reflection. Newer: once among many words.
        try temp.write("sessions/2024/2024-01-01-a.md", JournalFixture.session(
            id: "AAAA0000-0000-4000-8000-000000000001", date: "2024-01-01T10:00:00-08:00", treatment: "ketamine",
            extra: "mood_before: 5", intention: "Rest.", environment: "",
            reflections: "Tide, tide, tide: the tide turned."))
        try temp.write("sessions/2024/2024-06-01-b.md", JournalFixture.session(
            id: "BBBB0000-0000-4000-8000-000000000002", date: "2024-06-01T10:00:00-07:00", treatment: "ketamine",
            extra: "mood_before: 5", intention: "Rest.", environment: "",
            reflections: "We walked along the long grey beach for an hour, talking about work, family, money, the garden and the tide."))
        let store = try IndexStore(vault: try temp.vault)
        try store.refresh()
        let found = try hits(store, "tide")
        #expect(found.map(\.session.path) == ["sessions/2024/2024-01-01-a.md", "sessions/2024/2024-06-01-b.md"])
        #expect(found.count == 2 && found[0].rank < found[1].rank, "BM25: lower is better")
    }

    @Test("equal matches come newest first")
    func tiesNewestFirst() throws {
        let temp = try TemporaryVault()
        for (n, name, date) in [(1, "2024-03-01-a", "2024-03-01T10:00:00-08:00"), (2, "2024-09-01-b", "2024-09-01T10:00:00-07:00"),
                                (3, "2024-05-01-c", "2024-05-01T10:00:00-07:00")] {
            try temp.write("sessions/2024/\(name).md", JournalFixture.session(
                id: "CCCC0000-0000-4000-8000-00000000000\(n)", date: date, treatment: "ketamine",
                extra: "mood_before: 5", intention: "Rest by the water.", environment: "", reflections: ""))
        }
        let store = try IndexStore(vault: try temp.vault)
        try store.refresh()
        let found = try hits(store, "water")
        #expect(found.map(\.session.path) == ["sessions/2024/2024-09-01-b.md", "sessions/2024/2024-05-01-c.md", "sessions/2024/2024-03-01-a.md"])
        #expect(Set(found.map(\.rank)).count == 1, "the same relevance")
    }

    @Test("the hit names the section of the match, and the snippet marks the word", arguments: [
        ("lanterns", "sessions/2024/2024-02-29-mdma.md", "environment", "Living room lit by paper \u{1}lanterns\u{2}."),
        ("cello", "sessions/2024/2024-01-15-psilocybin.md", "music_notes", "Bach \u{1}cello\u{2} suites, then silence."),
        ("brother", "sessions/2024/2024-02-29-mdma.md", "intention", "Open my heart to my \u{1}brother\u{2}."),
        ("father", "sessions/2024/2024-02-29-mdma.md", "reflections", "We talked for hours about our \u{1}father\u{2}."),
        ("tide", "sessions/2023/2023-11-05-ketamine.md", "reflections", "The \u{1}tide\u{2} came in and out; I let it."),
        ("cafe", "sessions/2024/2024-05-20-ketamine.md", "intention", "Remember the \u{1}café\u{2} in Lisbon where I felt safe."),
        ("CAFÉ", "sessions/2024/2024-05-20-ketamine.md", "intention", "Remember the \u{1}café\u{2} in Lisbon where I felt safe."),
        ("\"calm ocean\"", "sessions/2025/2025-01-01-ketamine.md", "reflections", "\u{1}Calm ocean\u{2}, quiet mind."),
        ("gent*", "sessions/2025/2025-01-01-ketamine.md", "intention", "Begin the year \u{1}gently\u{2}."),
    ])
    func sectionAndSnippet(_ query: String, _ path: String, _ section: String, _ snippet: String) throws {
        let fixture = try JournalFixture.make()
        let found = try hits(fixture.store, query)
        #expect(found.map(\.session.path) == [path])
        let hit = try #require(found.first)
        #expect(hit.best?.section == section)
        #expect(hit.best?.snippet == snippet)
    }

    @Test("every section is searched, in every session", arguments: [
        ("ocean", ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin"]),
        ("room", ["2025-01-01-ketamine", "2024-05-20-ketamine", "2024-02-29-mdma", "2023-11-05-ketamine"]),
        ("felt", ["2024-12-31-ayahuasca", "2024-12-10-psilocybin", "2024-05-20-ketamine", "2024-01-15-psilocybin"]),
        ("creat*", ["2024-12-10-psilocybin", "2024-06-01-lsd", "2024-01-15-psilocybin"]),
        ("held OR lanterns", ["2024-12-10-psilocybin", "2024-02-29-mdma", "2024-01-15-psilocybin"]),
        ("mescaline", []),
    ])
    func matches(_ query: String, _ stems: [String]) throws {
        let fixture = try JournalFixture.make()
        let found = try hits(fixture.store, query)
        #expect(Set(found.map(\.session.path)) == Set(JournalFixture.paths(stems)))
        #expect(found.count == stems.count)
        #expect(found.allSatisfy { $0.best.map { $0.snippet.contains("\u{1}") && $0.snippet.contains("\u{2}") } == true })
    }

    @Test("drafts are searched only when asked")
    func drafts() throws {
        let fixture = try JournalFixture.make()
        #expect(try hits(fixture.store, "retreat").isEmpty)
        let withDrafts = try hits(fixture.store, "retreat", drafts: true)
        #expect(withDrafts.map(\.session.path) == [".afterflow/drafts/2025-04-10-psilocybin.md"])
        #expect(withDrafts.first?.session.isDraft == true)
        #expect(try hits(fixture.store, "ocean", drafts: true).count == 4)
        #expect(try hits(fixture.store, "ocean").count == 3)
    }

    @Test("the limit keeps the best hits", arguments: [1, 2, 3, 4, 10])
    func limit(_ limit: Int) throws {
        let fixture = try JournalFixture.make()
        let all = try hits(fixture.store, "room")
        let some = try hits(fixture.store, "room", limit: limit)
        #expect(some.map(\.session.path) == Array(all.prefix(limit)).map(\.session.path))
    }

    /// Hostile input either has no words (an `.invalid` error before any SQL runs) or is searched
    /// for its words; never an FTS5 syntax error. nil: no words.
    static let hostile: [(String, [String]?)] = [
        ("\"", nil), ("*", nil), ("^", nil), ("\"\"", nil), ("-", nil), ("()", nil), ("   ", nil), ("'", nil), (":", nil),
        ("NEAR(", []), ("NEAR(ocean calm)", []), ("OR", []), ("OR OR", []), ("OR ocean", []), ("NOT", []),
        ("AND", ["2024-12-10-psilocybin", "2024-01-15-psilocybin", "2023-11-05-ketamine"]),
        ("ocean OR", ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin"]),
        ("-ocean", ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin"]),
        ("+ocean", ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin"]),
        ("(ocean)", ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin"]),
        ("ocean:", ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin"]),
        ("'ocean'", ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin"]),
        ("***ocean***", ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin"]),
        ("^ocean", ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin"]),
        ("ocean OR OR calm", ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin"]),
        ("ocean -calm", ["2025-01-01-ketamine", "2024-12-10-psilocybin"]),
        ("ocean\"calm\"", ["2025-01-01-ketamine", "2024-12-10-psilocybin"]),
        ("\"calm ocean", ["2025-01-01-ketamine"]),
        ("calm*\"", ["2025-01-01-ketamine", "2024-12-10-psilocybin", "2024-05-20-ketamine"]),
        ("ocean AND calm", ["2024-12-10-psilocybin"]), ("ocean NOT calm", []), ("col:val", []), ("reflections:ocean", []),
        ("{intention}: grief", []), ("oce*an", []), ("café*", ["2024-05-20-ketamine"]), ("NEAR", []),
    ]

    @Test("hostile input never breaks the query", arguments: hostile)
    func hostileInput(_ text: String, _ stems: [String]?) throws {
        let fixture = try JournalFixture.make()
        guard let stems else {
            let error = try #require(throws: VaultError.self) { try SearchQuery(text) }
            #expect(error.kind == .invalid)
            #expect(error.message.hasSuffix("has no words to look for"))
            var filter = SessionFilter()
            filter.search = text
            if !text.allSatisfy(\.isWhitespace) {
                #expect(throws: VaultError.self) { try fixture.store.sessions(filter) }
            }
            return
        }
        let found = try hits(fixture.store, text)
        #expect(Set(found.map(\.session.path)) == Set(JournalFixture.paths(stems)))
        #expect(found.count == stems.count)
        var filter = SessionFilter()
        filter.search = text
        #expect(throws: Never.self) { try fixture.store.sessions(filter) }
    }

    @Test("the FTS5 query SearchQuery builds", arguments: [
        ("calm ocean", "\"calm\" \"ocean\""),
        ("\"felt held\" grief", "\"felt held\" \"grief\""),
        ("creat* OR paint", "\"creat\"* OR \"paint\""),
        ("a OR", "\"a\""),
        ("OR a", "\"OR\" \"a\""),
        ("-x", "\"x\""),
        // A word with a sign inside is a phrase of its parts, as the index splits it.
        ("col:val", "\"col val\""),
        ("NEAR(", "\"NEAR\""),
        ("don't*", "\"don t\"*"),
        ("Café", "\"Café\""),
    ])
    func ftsQuery(_ text: String, _ expected: String) throws {
        let query = try SearchQuery(text)
        #expect(query.ftsQuery() == expected)
        #expect(query.ftsQuery(columns: ["intention", "reflections"]) == "{intention reflections} : (\(expected))")
    }
}

/// The line a hit prints is the line its snippet is from (#10), found in one pass (#9 item 16).
@Suite struct SearchMatcherTests {
    static let file = """
        ---
        date: 2024-03-02T10:00:00-08:00
        treatment: ketamine
        mood_before: 5
        ---
        # Ketamine

        ## Intention

        I don't want to rush.

        ## Reflections

        Line one: it's fine, no rush, don t worry.
        The tide came in.
        I didn't sleep; I don't know why. The tide again.
        """

    func lines(_ query: String) throws -> [SearchLine] {
        SearchMatcher(terms: try SearchQuery(query).terms).lines(in: Document(Self.file))
    }

    @Test func aWordWithASignInsideIsAPhraseAndItsLineIsTheSnippetsLine() throws {
        let found = try lines("don't")
        #expect(found.map(\.line) == [10, 14, 16])
        #expect(found.map(\.snippet) == ["I \u{1}don't\u{2} want to rush.", "Line one: it's fine, no rush, \u{1}don t\u{2} worry.",
                                         "I didn't sleep; I \u{1}don't\u{2} know why. The tide again."])
        #expect(found.first?.section == "intention")
    }

    @Test func theBestLineHoldsTheMostTermsAndAllListsEveryOne() throws {
        let matcher = SearchMatcher(terms: try SearchQuery("tide know").terms)
        let document = Document(Self.file)
        #expect(matcher.lines(in: document).map(\.line) == [15, 16])
        #expect(matcher.bestLine(in: document)?.line == 16)
        #expect(matcher.bestLine(in: document)?.snippet == "I didn't sleep; I don't \u{1}know\u{2} why. The \u{1}tide\u{2} again.")
    }

    @Test func aPhraseOverALineBreakFallsBackToItsWords() throws {
        let found = try lines("\"came in. I didn't\"")
        #expect(try lines("\"came in\"").map(\.line) == [15])
        #expect(Set(found.map(\.line)).isSuperset(of: [15, 16]))
    }

    @Test func aLongLineIsCutAroundItsFirstMatch() throws {
        let long = String(repeating: "calm water ", count: 200) + "zebra crossing " + String(repeating: "slow light ", count: 200)
        let document = Document("---\ntreatment: lsd\n---\n## Reflections\n\n" + long + "\n")
        let line = try #require(SearchMatcher(terms: try SearchQuery("zebra").terms).bestLine(in: document))
        #expect(line.line == 6)
        #expect(line.snippet.hasPrefix("…"))
        #expect(line.snippet.hasSuffix("…"))
        #expect(line.snippet.contains("\u{1}zebra\u{2} crossing"))
        #expect(line.snippet.count <= 125)
    }

    /// A 1 MB section with a common word on every line: every line found, in one pass (SQLite's
    /// snippet() was quadratic here); the time at 4 MB is a benchmark figure, not asserted.
    @Test func aHugeSectionIsSearchedLineByLine() throws {
        let line = "the grief moved through my body like a tide and then calm came slowly over the water\n"
        let body = String(repeating: line, count: 1_000_000 / line.utf8.count)
        let document = Document("---\ntreatment: lsd\n---\n## Reflections\n\n" + body)
        let found = SearchMatcher(terms: try SearchQuery("grief").terms).lines(in: document)
        #expect(found.count == 1_000_000 / line.utf8.count)
        #expect(found.first?.line == 6)
    }
}
