@testable import AfterflowKit
import Foundation
import Testing

/// One filter on the fixture and the paths it must give, in order, worked out by hand from the
/// table in `JournalFixture`. `since` and `until` are read with `IndexFilterTests.now`.
struct FilterCase: Sendable, CustomTestStringConvertible {
    var name: String
    var filter = SessionFilter()
    var since: String?
    var until: String?
    /// `--where` conditions, parsed by the test.
    var conditions: [String]
    var expected: [String]

    var testDescription: String { name }

    init(_ name: String, since: String? = nil, until: String? = nil, where conditions: [String] = [], _ stems: [String],
         _ configure: (inout SessionFilter) -> Void = { _ in }) {
        self.name = name
        self.conditions = conditions
        self.since = since
        self.until = until
        expected = JournalFixture.paths(stems)
        configure(&filter)
    }
}

@Suite struct IndexFilterTests {
    /// Wednesday 2 April 2025, 18:00 in Los Angeles (PDT): the fixture's newest session is today.
    static let now = Date(timeIntervalSince1970: 1_743_642_000)

    static let treatmentCases = [
        FilterCase("ketamine", ["2025-01-01-ketamine", "2024-05-20-ketamine", "2023-11-05-ketamine"]) { $0.treatments = [.ketamine] },
        FilterCase("ketamine or psilocybin", ["2025-01-01-ketamine", "2024-12-10-psilocybin", "2024-05-20-ketamine",
                                              "2024-01-15-psilocybin", "2023-11-05-ketamine"]) { $0.treatments = [.ketamine, .psilocybin] },
        FilterCase("mdma leaves out the mdma draft", ["2024-02-29-mdma"]) { $0.treatments = [.mdma] },
        FilterCase("other, cannabis, lsd", ["2025-04-02-other", "2025-03-09-cannabis", "2024-06-01-lsd"]) { $0.treatments = [.other, .cannabis, .lsd] },
        FilterCase("mescaline: none", []) { $0.treatments = [.mescaline] },
    ]

    static let statusCases = [
        FilterCase("complete", ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin", "2024-05-20-ketamine",
                                "2024-02-29-mdma", "2024-01-15-psilocybin", "2023-11-05-ketamine"]) { $0.statuses = [.complete] },
        FilterCase("needs-reflection", ["2025-03-09-cannabis", "2024-06-01-lsd"]) { $0.statuses = [.needsReflection] },
        // Asking for drafts brings in the drafts folder's files of that status (not the 04-10 one).
        FilterCase("draft", ["draft:2025-04-12-mdma", "2025-04-02-other"]) { $0.statuses = [.draft] },
        FilterCase("draft or needs-reflection", ["draft:2025-04-12-mdma", "draft:2025-04-10-psilocybin", "2025-04-02-other",
                                                 "2025-03-09-cannabis", "2024-06-01-lsd"]) { $0.statuses = [.needsReflection, .draft] },
    ]

    static let dateCases = [
        FilterCase("since 2024-12", since: "2024-12", ["2025-04-02-other", "2025-03-09-cannabis", "2025-01-01-ketamine",
                                                       "2024-12-31-ayahuasca", "2024-12-10-psilocybin"]),
        // 2024-12-31 23:30 PST is 2025-01-01 07:30 UTC: still 2024 in the vault's zone.
        FilterCase("until 2024", until: "2024", ["2024-12-31-ayahuasca", "2024-12-10-psilocybin", "2024-06-01-lsd",
                                                 "2024-05-20-ketamine", "2024-02-29-mdma", "2024-01-15-psilocybin"] + ["2023-11-05-ketamine"]),
        FilterCase("until 2023", until: "2023", ["2023-11-05-ketamine"]),
        FilterCase("since 2025", since: "2025", ["2025-04-02-other", "2025-03-09-cannabis", "2025-01-01-ketamine"]),
        FilterCase("the local 14:30 day", since: "2024-12-10", until: "2024-12-10", ["2024-12-10-psilocybin"]),
        FilterCase("a date-only day", since: "2024-01-15", until: "2024-01-15", ["2024-01-15-psilocybin"]),
        FilterCase("a date-only day on which clocks sprang forward", since: "2025-03-09", until: "2025-03-09", ["2025-03-09-cannabis"]),
        FilterCase("new year's eve, 23:30", since: "2024-12-31", until: "2024-12-31", ["2024-12-31-ayahuasca"]),
        FilterCase("new year's day, 00:15", since: "2025-01-01", until: "2025-01-01", ["2025-01-01-ketamine"]),
        FilterCase("February to May 2024", since: "2024-02", until: "2024-05", ["2024-05-20-ketamine", "2024-02-29-mdma"]),
        FilterCase("today", since: "today", until: "today", ["2025-04-02-other"]),
        FilterCase("yesterday alone", since: "yesterday", until: "yesterday", []),
        FilterCase("since yesterday", since: "yesterday", ["2025-04-02-other"]),
        FilterCase("2025 until yesterday", since: "2025", until: "yesterday", ["2025-03-09-cannabis", "2025-01-01-ketamine"]),
        FilterCase("this month", since: "this-month", ["2025-04-02-other"]),
        FilterCase("last month", since: "last-month", until: "last-month", ["2025-03-09-cannabis"]),
        FilterCase("this year", since: "this-year", ["2025-04-02-other", "2025-03-09-cannabis", "2025-01-01-ketamine"]),
        FilterCase("last year", since: "last-year", until: "last-year", ["2024-12-31-ayahuasca", "2024-12-10-psilocybin", "2024-06-01-lsd",
                                                                          "2024-05-20-ketamine", "2024-02-29-mdma", "2024-01-15-psilocybin"]),
        FilterCase("this week (from Monday 31 March)", since: "this-week", ["2025-04-02-other"]),
        FilterCase("last week", since: "last-week", until: "last-week", []),
        FilterCase("since 4w (5 March)", since: "4w", ["2025-04-02-other", "2025-03-09-cannabis"]),
        FilterCase("since 24d (9 March, midnight)", since: "24d", ["2025-04-02-other", "2025-03-09-cannabis"]),
        FilterCase("since 23d (10 March)", since: "23d", ["2025-04-02-other"]),
        FilterCase("2025 until 24d", since: "2025", until: "24d", ["2025-03-09-cannabis", "2025-01-01-ketamine"]),
    ]

    static let searchCases = [
        FilterCase("a word", ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin"]) { $0.search = "ocean" },
        FilterCase("two words, both needed", ["2025-01-01-ketamine", "2024-12-10-psilocybin"]) { $0.search = "calm ocean" },
        FilterCase("a phrase", ["2025-01-01-ketamine"]) { $0.search = "\"calm ocean\"" },
        FilterCase("a prefix", ["2024-12-10-psilocybin", "2024-06-01-lsd", "2024-01-15-psilocybin"]) { $0.search = "creat*" },
        FilterCase("OR", ["2024-12-10-psilocybin", "2024-05-20-ketamine", "2024-01-15-psilocybin"]) { $0.search = "held OR safe" },
        FilterCase("accented query, accented text", ["2024-05-20-ketamine"]) { $0.search = "Café" },
        FilterCase("plain query, accented text", ["2024-05-20-ketamine"]) { $0.search = "cafe" },
        FilterCase("upper case", ["2024-12-31-ayahuasca", "2023-11-05-ketamine"]) { $0.search = "GRIEF" },
        FilterCase("tags are not text", ["2024-12-31-ayahuasca", "2023-11-05-ketamine"]) { $0.search = "grief" },
        FilterCase("the environment is not searched", []) { $0.search = "lanterns" },
        FilterCase("the music notes are not searched", []) { $0.search = "cello" },
        FilterCase("a draft's words, without drafts", []) { $0.search = "retreat" },
        FilterCase("a draft's words, with drafts", ["draft:2025-04-10-psilocybin"]) { $0.search = "retreat"; $0.includeDrafts = true },
        FilterCase("a blank search is no filter", JournalFixture.newest.map(stem)) { $0.search = "   " },
    ]

    static let whereCases = [
        FilterCase("unknown key =", where: ["facilitator=Maya"], ["2024-12-10-psilocybin", "2024-01-15-psilocybin"]),
        FilterCase("= ignores case", where: ["facilitator=maya"], ["2024-12-10-psilocybin", "2024-01-15-psilocybin"]),
        FilterCase("unknown key != keeps sessions without the key", where: ["facilitator!=Maya"], ["2025-04-02-other", "2025-03-09-cannabis", "2025-01-01-ketamine",
            "2024-12-31-ayahuasca", "2024-06-01-lsd", "2024-05-20-ketamine", "2024-02-29-mdma", "2023-11-05-ketamine"]),
        FilterCase("mood_after>7", where: ["mood_after>7"], ["2024-12-10-psilocybin", "2024-02-29-mdma", "2024-01-15-psilocybin"]),
        FilterCase("mood_after>=7", where: ["mood_after>=7"], ["2025-01-01-ketamine", "2024-12-31-ayahuasca", "2024-12-10-psilocybin", "2024-02-29-mdma",
                                     "2024-01-15-psilocybin", "2023-11-05-ketamine"]),
        FilterCase("mood_after<7 skips sessions without it", where: ["mood_after<7"], ["2025-04-02-other", "2024-05-20-ketamine"]),
        FilterCase("mood_after<=6", where: ["mood_after<=6"], ["2025-04-02-other", "2024-05-20-ketamine"]),
        FilterCase("mood-after>8 (a hyphen)", where: ["mood-after>8"], ["2024-02-29-mdma"]),
        FilterCase("mood_before=5", where: ["mood_before=5"], ["2024-12-10-psilocybin", "2024-06-01-lsd", "2024-02-29-mdma"]),
        FilterCase("mood_before!=5", where: ["mood_before!=5"], ["2025-04-02-other", "2025-03-09-cannabis", "2025-01-01-ketamine", "2024-12-31-ayahuasca",
                                      "2024-05-20-ketamine", "2024-01-15-psilocybin", "2023-11-05-ketamine"]),
        FilterCase("unknown numeric key >", where: ["intensity>6"], ["2024-12-10-psilocybin"]),
        FilterCase("unknown numeric key <=", where: ["intensity<=4"], ["2024-02-29-mdma"]),
        FilterCase("unknown numeric key >=", where: ["intensity>=4"], ["2024-12-10-psilocybin", "2024-02-29-mdma"]),
        FilterCase("a list holds the value", where: ["tags=grief"], ["2024-12-31-ayahuasca", "2024-01-15-psilocybin", "2023-11-05-ketamine"]),
        FilterCase("a list holds the value, any case", where: ["tags=NATURE"], ["2024-12-10-psilocybin", "2024-05-20-ketamine", "2024-01-15-psilocybin"]),
        FilterCase("a list lacks the value", where: ["tags!=grief"], ["2025-04-02-other", "2025-03-09-cannabis", "2025-01-01-ketamine", "2024-12-10-psilocybin",
                                              "2024-06-01-lsd", "2024-05-20-ketamine", "2024-02-29-mdma"]),
        FilterCase("a known key", where: ["treatment=ketamine"], ["2025-01-01-ketamine", "2024-05-20-ketamine", "2023-11-05-ketamine"]),
        FilterCase("a value with a space", where: ["dose=3.5 g"], ["2024-12-10-psilocybin"]),
        FilterCase("two conditions", where: ["mood_after>7", "facilitator=Maya"], ["2024-12-10-psilocybin", "2024-01-15-psilocybin"]),
    ]

    static let tagCases = [
        FilterCase("grief", ["2024-12-31-ayahuasca", "2024-01-15-psilocybin", "2023-11-05-ketamine"]) { $0.tags = ["grief"] },
        FilterCase("grief and nature (block list)", ["2024-01-15-psilocybin"]) { $0.tags = ["grief", "nature"] },
        FilterCase("nature, any case", ["2024-12-10-psilocybin", "2024-05-20-ketamine", "2024-01-15-psilocybin"]) { $0.tags = ["nature"] },
        FilterCase("Integration", ["2024-12-10-psilocybin", "2023-11-05-ketamine"]) { $0.tags = ["Integration"] },
        FilterCase("grief and connection: none", []) { $0.tags = ["grief", "connection"] },
        FilterCase("grief with drafts", ["draft:2025-04-10-psilocybin", "2024-12-31-ayahuasca", "2024-01-15-psilocybin",
                                         "2023-11-05-ketamine"]) { $0.tags = ["grief"]; $0.includeDrafts = true },
    ]

    static let sortAndLimitCases = [
        FilterCase("newest", JournalFixture.newest.map(stem)) { $0.sort = .newest },
        FilterCase("oldest", JournalFixture.newest.reversed().map(stem)) { $0.sort = .oldest },
        // Lifts: +5 12-31 and 01-15 (newest first), +4, +3 ×3 (newest first), 0, then no lift, newest first.
        FilterCase("mood-lift", ["2024-12-31-ayahuasca", "2024-01-15-psilocybin", "2024-02-29-mdma", "2025-01-01-ketamine",
                                 "2024-12-10-psilocybin", "2023-11-05-ketamine", "2024-05-20-ketamine", "2025-04-02-other",
                                 "2025-03-09-cannabis", "2024-06-01-lsd"]) { $0.sort = .moodLift },
        FilterCase("with drafts", ["draft:2025-04-12-mdma", "draft:2025-04-10-psilocybin"] + JournalFixture.newest.map(stem)) { $0.includeDrafts = true },
        FilterCase("mdma with drafts", ["draft:2025-04-12-mdma", "2024-02-29-mdma"]) { $0.treatments = [.mdma]; $0.includeDrafts = true },
        FilterCase("newest, 3", ["2025-04-02-other", "2025-03-09-cannabis", "2025-01-01-ketamine"]) { $0.limit = 3 },
        FilterCase("oldest, 2", ["2023-11-05-ketamine", "2024-01-15-psilocybin"]) { $0.sort = .oldest; $0.limit = 2 },
        FilterCase("mood-lift, 4", ["2024-12-31-ayahuasca", "2024-01-15-psilocybin", "2024-02-29-mdma", "2025-01-01-ketamine"]) { $0.sort = .moodLift; $0.limit = 4 },
        FilterCase("a limit above the count", JournalFixture.newest.map(stem)) { $0.limit = 50 },
        FilterCase("ketamine, 1", ["2025-01-01-ketamine"]) { $0.treatments = [.ketamine]; $0.limit = 1 },
        FilterCase("ketamine since 2024", since: "2024", ["2025-01-01-ketamine", "2024-05-20-ketamine"]) { $0.treatments = [.ketamine] },
        FilterCase("grief tag, ayahuasca", ["2024-12-31-ayahuasca"]) { $0.tags = ["grief"]; $0.treatments = [.ayahuasca] },
        FilterCase("ocean, mood_before<4", where: ["mood_before<4"], ["2024-12-31-ayahuasca"]) { $0.search = "ocean" },
        FilterCase("complete, nature, oldest", ["2024-01-15-psilocybin", "2024-05-20-ketamine", "2024-12-10-psilocybin"]) {
            $0.statuses = [.complete]; $0.tags = ["nature"]; $0.sort = .oldest
        },
    ]

    static func stem(_ path: String) -> String {
        let name = String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".md", with: "")
        return path.hasPrefix(".afterflow/drafts/") ? "draft:" + name : name
    }

    func check(_ test: FilterCase) throws {
        let fixture = try JournalFixture.make()
        var filter = test.filter
        for text in test.conditions { filter.conditions.append(try #require(KeyCondition(parsing: text), "\(text)")) }
        let zone = try #require(TimeZone(identifier: JournalFixture.timeZone))
        if let since = test.since { filter.since = try #require(QueryDate(since, now: Self.now, timeZone: zone)).start }
        if let until = test.until { filter.until = try #require(QueryDate(until, now: Self.now, timeZone: zone)).end }
        #expect(try fixture.store.paths(filter) == test.expected)
    }

    @Test(arguments: treatmentCases) func treatment(_ test: FilterCase) throws { try check(test) }
    @Test(arguments: statusCases) func status(_ test: FilterCase) throws { try check(test) }
    @Test(arguments: dateCases) func sinceAndUntil(_ test: FilterCase) throws { try check(test) }
    @Test(arguments: searchCases) func search(_ test: FilterCase) throws { try check(test) }
    @Test(arguments: whereCases) func whereCondition(_ test: FilterCase) throws { try check(test) }
    @Test(arguments: tagCases) func tag(_ test: FilterCase) throws { try check(test) }
    @Test(arguments: sortAndLimitCases) func sortLimitAndCombinations(_ test: FilterCase) throws { try check(test) }

    @Test("a numeric comparison never matches a value that is not a number",
          arguments: ["facilitator<1", "facilitator<=0", "facilitator>-1"])
    func numericComparisonOnText(_ condition: String) throws {
        // `KeyCondition.sql()` casts the value to REAL, and `CAST('Maya' AS REAL)` is 0: the two
        // sessions with `facilitator: Maya` match although Maya is not a number.
        let fixture = try JournalFixture.make()
        var filter = SessionFilter()
        filter.conditions = [try #require(KeyCondition(parsing: condition))]
        let paths = try fixture.store.paths(filter)
        #expect(paths == [])
    }

    @Test("a day means the same to --since/--until, references and statistics",
          arguments: ["2024-05-31", "2024-06-01"])
    func oneDayEverywhere(_ day: String) throws {
        // 2024-06-01T03:00:00Z is 31 May, 20:00 in Los Angeles. The filter reads days in the vault's
        // time zone (31 May), while references by day and the statistics use the `day` column, the
        // date as written (1 June): `list --since 2024-06-01 --until 2024-06-01` leaves it out,
        // `show 2024-06-01` finds it and `stats` counts it in 2024-06.
        let temp = try TemporaryVault(timeZone: JournalFixture.timeZone)
        try temp.write("sessions/2024/utc.md", sessionText(id: "C1000000-0000-4000-8000-000000000001", date: "2024-06-01T03:00:00Z"))
        let store = try IndexStore(vault: try temp.vault)
        try store.refresh()
        let zone = try #require(TimeZone(identifier: JournalFixture.timeZone))
        let period = try #require(QueryDate(day, now: Self.now, timeZone: zone))
        var filter = SessionFilter()
        filter.since = period.start
        filter.until = period.end
        let byFilter = try store.paths(filter) == ["sessions/2024/utc.md"]
        let byReference = try store.candidates(onDay: try #require(LocalDate.parse(day))).map(\.path) == ["sessions/2024/utc.md"]
        let byStatistics = try store.statistics(SessionFilter()).perMonth.map(\.month) == [String(day.prefix(7))]
        #expect(byFilter == byReference, "filter \(byFilter), reference \(byReference)")
        #expect(byFilter == byStatistics, "filter \(byFilter), statistics \(byStatistics)")
    }

    @Test("KEY OP VALUE is read with the first operator in the text", arguments: [
        ("mood_after>6", "mood_after", KeyCondition.Operator.greater, "6"),
        ("mood-after >= 7", "mood_after", .greaterOrEqual, "7"),
        ("facilitator!=Maya", "facilitator", .notEqual, "Maya"),
        ("a=b>c", "a", .equal, "b>c"),
        ("k<=-2.5", "k", .lessOrEqual, "-2.5"),
        ("k<3", "k", .less, "3"),
        (" dose = 3.5 g ", "dose", .equal, "3.5 g"),
        ("note=", "note", .equal, ""),
    ])
    func parsing(_ text: String, _ key: String, _ op: KeyCondition.Operator, _ value: String) throws {
        let condition = try #require(KeyCondition(parsing: text))
        #expect(condition.key == key)
        #expect(condition.op == op)
        #expect(condition.value == value)
    }

    @Test("conditions without a key, an operator or a number are refused",
          arguments: ["=x", "novalue", "k>abc", "k<", " >3", "mood_after>>7"])
    func refused(_ text: String) {
        #expect(KeyCondition(parsing: text) == nil)
    }

    @Test("a session row carries the file's fields")
    func fields() throws {
        let fixture = try JournalFixture.make()
        let store = fixture.store
        var filter = SessionFilter()
        filter.search = "\"creativity and connection\""
        let row = try #require(try store.sessions(filter).first)
        #expect(row.path == "sessions/2024/2024-12-10-psilocybin.md")
        #expect(row.id == "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34")
        #expect(row.dateText == "2024-12-10T14:30:00-08:00")
        #expect(row.time == 1_733_869_800)  // 2024-12-10T22:30:00Z
        #expect(row.treatment == .psilocybin)
        #expect(row.dose == "3.5 g")
        #expect(row.moodBefore == 5 && row.moodAfter == 8 && row.moodLift == 3)
        #expect(row.status == .complete)
        #expect(row.tags == ["integration", "nature"])
        #expect(row.keysJSON.contains("\"facilitator\":\"Maya\""))
        #expect(row.intention.hasPrefix("To explore creativity and connection."))
        #expect(row.environment.hasPrefix("Home, candles, eyeshade."))
        #expect(row.reflections.hasPrefix("Felt held and calm."))
        filter.search = nil
        filter.treatments = [.psilocybin]
        filter.sort = .oldest
        let day = try #require(try store.sessions(filter).first)
        #expect(day.dateText == "2024-01-15")
        #expect(day.time == 1_705_305_600)  // 2024-01-15T08:00:00Z, midnight in Los Angeles
    }
}
