@testable import AfterflowKit
import Foundation

/// A hand-made vault of ten journal sessions, two drafts and a plain note, with every answer the
/// index tests expect worked out by hand from the texts below. Time zone: America/Los_Angeles.
///
/// | path (stem)              | date as written            | treatment | before→after | status           | tags (style)               | other keys          |
/// |--------------------------|----------------------------|-----------|--------------|------------------|----------------------------|---------------------|
/// | 2023-11-05-ketamine      | 2023-11-05T10:00:00-08:00  | ketamine  | 4→7 (+3)     | complete         | grief, integration (flow)  |                     |
/// | 2024-01-15-psilocybin    | 2024-01-15 (a day)         | psilocybin| 3→8 (+5)     | complete         | grief, nature (block)      | facilitator: Maya   |
/// | 2024-02-29-mdma          | 2024-02-29T19:00:00-08:00  | mdma      | 5→9 (+4)     | complete         | connection (flow)          | facilitator: Sam, intensity: 4 |
/// | 2024-05-20-ketamine      | 2024-05-20T09:30:00-07:00  | ketamine  | 6→6 (0)      | complete         | Nature (flow)              |                     |
/// | 2024-06-01-lsd           | 2024-06-01T21:00:00Z       | lsd       | 5→–          | needs-reflection |                            |                     |
/// | 2024-12-10-psilocybin    | 2024-12-10 14:30 (local)   | psilocybin| 5→8 (+3)     | complete         | integration, nature (block)| facilitator: Maya, intensity: 7 |
/// | 2024-12-31-ayahuasca     | 2024-12-31T23:30:00-08:00  | ayahuasca | 2→7 (+5)     | complete         | grief, ceremony (flow)     |                     |
/// | 2025-01-01-ketamine      | 2025-01-01T00:15:00-08:00  | ketamine  | 4→7 (+3)     | complete         |                            |                     |
/// | 2025-03-09-cannabis      | 2025-03-09 (a day; DST)    | cannabis  | 6→–          | needs-reflection |                            |                     |
/// | 2025-04-02-other         | 2025-04-02T08:00:00-07:00  | other     | –→6          | draft            |                            |                     |
/// | drafts/2025-04-10-psilocybin | 2025-04-10T10:00:00-07:00 | psilocybin | 5→–      | needs-reflection | grief (flow)               |                     |
/// | drafts/2025-04-12-mdma   | 2025-04-12T10:00:00-07:00  | mdma      | –→–          | draft            |                            |                     |
///
/// Words of the intention (I), environment (E), music notes (M) and reflections (R) that tests
/// look for: grief I1 I7 R7 · ocean R6 R7 R8 I(draft 04-10) · calm R4 R6 R8 · creat… R2 I5 I6 ·
/// café I4 · felt R2 I4 R6 R7 · held R2 R6 · room E1 E3 E4 E8 · lanterns E3 · cello M2 ·
/// brother I3 · father R3 · retreat I(draft 04-10).
enum JournalFixture {
    static let timeZone = "America/Los_Angeles"

    /// `sessions/2024/2024-12-10-psilocybin.md` from `2024-12-10-psilocybin`.
    static func s(_ stem: String) -> String { "sessions/\(stem.prefix(4))/\(stem).md" }
    /// `.afterflow/drafts/2025-04-10-psilocybin.md` from `2025-04-10-psilocybin`.
    static func d(_ stem: String) -> String { ".afterflow/drafts/\(stem).md" }

    /// Paths from stems: `2024-12-10-psilocybin` is in `sessions/2024/`, `draft:2025-04-12-mdma`
    /// in the drafts folder.
    static func paths(_ stems: [String]) -> [String] {
        stems.map { $0.hasPrefix("draft:") ? d(String($0.dropFirst(6))) : s($0) }
    }

    /// Journal sessions, newest first.
    static let newest: [String] = [
        s("2025-04-02-other"), s("2025-03-09-cannabis"), s("2025-01-01-ketamine"), s("2024-12-31-ayahuasca"),
        s("2024-12-10-psilocybin"), s("2024-06-01-lsd"), s("2024-05-20-ketamine"), s("2024-02-29-mdma"),
        s("2024-01-15-psilocybin"), s("2023-11-05-ketamine"),
    ]
    static let drafts = [d("2025-04-12-mdma"), d("2025-04-10-psilocybin")]
    static let note = "notes/reading-list.md"

    static let files: [(String, String)] = [
        (s("2023-11-05-ketamine"), session(
            id: "A1000000-0000-4000-8000-000000000001", date: "2023-11-05T10:00:00-08:00", treatment: "ketamine",
            extra: "administration: intramuscular\nmood_before: 4\nmood_after: 7\nstatus: complete\ntags: [grief, integration]",
            intention: "Let the grief move through me.", environment: "Clinic room, a heavy blanket.",
            reflections: "The tide came in and out; I let it.")),
        (s("2024-01-15-psilocybin"), session(
            id: "B2000000-0000-4000-8000-000000000002", date: "2024-01-15", treatment: "psilocybin",
            extra: "administration: oral\nmood_before: 3\nmood_after: 8\nstatus: complete\ntags:\n  - grief\n  - nature\nfacilitator: Maya",
            intention: "Walk with the forest and listen.", environment: "Cabin by the lake.",
            music: "Bach cello suites, then silence.", reflections: "Felt held by the trees. Creativity returned.")),
        (s("2024-02-29-mdma"), session(
            id: "C3000000-0000-4000-8000-000000000003", date: "2024-02-29T19:00:00-08:00", treatment: "mdma",
            extra: "mood_before: 5\nmood_after: 9\nstatus: complete\ntags: [connection]\nfacilitator: Sam\nintensity: 4",
            intention: "Open my heart to my brother.", environment: "Living room lit by paper lanterns.",
            reflections: "We talked for hours about our father.")),
        (s("2024-05-20-ketamine"), session(
            id: "D4000000-0000-4000-8000-000000000004", date: "2024-05-20T09:30:00-07:00", treatment: "ketamine",
            extra: "administration: nasal\nmood_before: 6\nmood_after: 6\nstatus: complete\ntags: [Nature]",
            intention: "Remember the café in Lisbon where I felt safe.", environment: "Clinic room.",
            reflections: "Calm, but flat.")),
        (s("2024-06-01-lsd"), session(
            id: "E5000000-0000-4000-8000-000000000005", date: "2024-06-01T21:00:00Z", treatment: "lsd",
            extra: "mood_before: 5\nstatus: needs-reflection",
            intention: "Explore creative blocks.", environment: "Studio.", reflections: "")),
        (s("2024-12-10-psilocybin"), session(
            id: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34", date: "2024-12-10 14:30", treatment: "psilocybin",
            extra: "dose: 3.5 g\nmood_before: 5\nmood_after: 8\nstatus: complete\ntags:\n- integration\n- nature\nfacilitator: Maya\nintensity: 7",
            intention: "To explore creativity and connection.", environment: "Home, candles, eyeshade.",
            music: "Ambient playlist, low volume.", reflections: "Felt held and calm. The ocean music helped.")),
        (s("2024-12-31-ayahuasca"), session(
            id: "6F1C9B00-0000-4000-8000-000000000007", date: "2024-12-31T23:30:00-08:00", treatment: "ayahuasca",
            extra: "mood_before: 2\nmood_after: 7\nstatus: complete\ntags: [grief, ceremony]",
            intention: "Ask what the grief wants.", environment: "Ceremony house.",
            reflections: "The ocean of grief felt smaller.")),
        (s("2025-01-01-ketamine"), session(
            id: "88000000-0000-4000-8000-000000000008", date: "2025-01-01T00:15:00-08:00", treatment: "ketamine",
            extra: "mood_before: 4\nmood_after: 7\nstatus: complete",
            intention: "Begin the year gently.", environment: "Clinic room.", reflections: "Calm ocean, quiet mind.")),
        (s("2025-03-09-cannabis"), session(
            id: "99000000-0000-4000-8000-000000000009", date: "2025-03-09", treatment: "cannabis",
            extra: "mood_before: 6\nstatus: needs-reflection",
            intention: "Notice the body.", environment: "Garden.", reflections: "")),
        (s("2025-04-02-other"), session(
            id: "1A000000-0000-4000-8000-000000000010", date: "2025-04-02T08:00:00-07:00", treatment: "other",
            extra: "mood_after: 6\nstatus: draft",
            intention: "Try breathwork.", environment: "", reflections: "")),
        (d("2025-04-10-psilocybin"), session(
            id: "DD100000-0000-4000-8000-000000000011", date: "2025-04-10T10:00:00-07:00", treatment: "psilocybin",
            extra: "mood_before: 5\nstatus: needs-reflection\ntags: [grief]",
            intention: "Prepare for the ocean retreat.", environment: "", reflections: "")),
        (d("2025-04-12-mdma"), session(
            id: "DD200000-0000-4000-8000-000000000012", date: "2025-04-12T10:00:00-07:00", treatment: "mdma",
            extra: "status: draft", intention: "", environment: "", reflections: "")),
        (note, "# Books\n\n- The Body Keeps the Score\n"),
    ]

    /// A session file: front matter, then the four sections in order.
    static func session(id: String, date: String, treatment: String, extra: String, intention: String,
                        environment: String, music: String = "", reflections: String) -> String {
        func section(_ title: String, _ text: String) -> String { "## \(title)\n\n" + (text.isEmpty ? "" : text + "\n\n") }
        return "---\nid: \(id)\ndate: \(date)\ntreatment: \(treatment)\n\(extra)\n---\n"
            + section("Intention", intention) + section("Environment", environment)
            + section("Music", music) + section("Reflections", reflections)
    }

    /// A temporary vault holding the fixture, and its index, refreshed once.
    static func make() throws -> Fixture {
        let temp = try TemporaryVault(timeZone: timeZone)
        for (path, text) in files { try temp.write(path, text) }
        let store = try IndexStore(vault: try temp.vault)
        try store.refresh()
        return Fixture(temp: temp, store: store)
    }
}

/// A vault and its index; the vault's folder goes when this does.
final class Fixture {
    let temp: TemporaryVault
    let store: IndexStore

    init(temp: TemporaryVault, store: IndexStore) {
        self.temp = temp
        self.store = store
    }
}

extension IndexStore {
    /// The paths `filter` selects, in its order (through the listing `afterflow list` reads).
    func paths(_ filter: SessionFilter) throws -> [String] {
        var paths: [String] = []
        try listing(filter) { paths.append(String(decoding: $0.path, as: UTF8.self)) }
        return paths
    }

    /// Every session and draft the index holds, by path.
    func allPaths() throws -> [String] {
        var filter = SessionFilter()
        filter.includeDrafts = true
        return try paths(filter).sorted()
    }
}
