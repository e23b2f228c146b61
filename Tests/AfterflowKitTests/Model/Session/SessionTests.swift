@testable import AfterflowKit
import Foundation
import Testing

@Suite struct SessionTests {
    let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    @Test func canonicalFixtureReadsEveryField() throws {
        let session = Session(document: Document(bytes: Fixtures.bytes("valid", "canonical.md")))
        #expect(session.id == UUID(uuidString: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34"))
        #expect(session.date == LocalDate(year: 2024, month: 12, day: 10, time: .init(hour: 14, minute: 30, second: 0), offset: -8 * 3600))
        #expect(session.treatment == .psilocybin)
        #expect(session.administration == .oral)
        #expect(session.dose == "3.5 g")
        #expect(session.moodBefore == 5)
        #expect(session.moodAfter == 8)
        #expect(session.moodLift == 3)
        #expect(session.recordedStatus == .complete)
        #expect(session.status == .complete)
        #expect(session.reminder?.canonical(in: losAngeles) == "2024-12-10T17:30:00-08:00")
        #expect(session.music == "https://open.spotify.com/playlist/37i9dQZF1DX4dyzvuaRJ0n")
        #expect(session.tags == ["integration", "nature"])
        #expect(session.created?.canonical(in: losAngeles) == "2024-12-10T14:31:02-08:00")
        #expect(session.intention == "To explore creativity and connection.")
        #expect(session.environment == "Living room, candles, my partner nearby.")
        #expect(session.musicNotes == "The ambient playlist felt grounding.")
        #expect(session.reflections == "[2024-12-11 09:12] Felt peaceful and connected to nature.")
        #expect(session.displayTitle == "Psilocybin • Dec 10, 2024")
        #expect(session.diagnostics.isEmpty)
    }

    @Test func handEditedFormsAreRead() {
        let quoted = Session(document: Document(bytes: Fixtures.bytes("valid", "quoted-styles.md")))
        #expect(quoted.treatment == .mdma)
        #expect(quoted.moodBefore == 5)
        #expect(quoted.dose == "120 mg\tthen 60 mg, café")
        #expect(quoted.music == "it's here")
        #expect(quoted.date == LocalDate(year: 2024, month: 12, day: 10, time: .init(hour: 14, minute: 30, second: 0)))
        #expect(quoted.date?.canonical(in: losAngeles) == "2024-12-10T14:30:00-08:00")

        let blocks = Session(document: Document(bytes: Fixtures.bytes("valid", "block-scalars.md")))
        #expect(blocks.administration == .intramuscular)
        #expect(blocks.dose == "0.5 mg/kg\nthen a booster\n")
        #expect(blocks.music == "https://example.com/a very long link")
        #expect(blocks.date?.isDayOnly == true)

        let tags = Session(document: Document(bytes: Fixtures.bytes("valid", "block-list-tags.md")))
        #expect(tags.tags == ["grief", "ocean, again", "tidepools"])

        let order = Session(document: Document(bytes: Fixtures.bytes("valid", "comments-unknown-keys-order.md")))
        #expect(order.treatment == .lsd)
        #expect(order.status == .needsReflection)
    }

    @Test(arguments: [
        ("", 5, "", SessionStatus.draft),
        ("   \n ", 5, "", .draft),
        ("Listen", nil, "Deep", .draft),
        ("Listen", 5, "", .needsReflection),
        ("Listen", 5, "  \n", .needsReflection),
        ("Listen", 5, "Felt calm", .complete),
    ] as [(String, Int?, String, SessionStatus)])
    func statusIsDerivedFromContent(_ intention: String, _ mood: Int?, _ reflections: String, _ expected: SessionStatus) {
        #expect(SessionStatus.derive(intention: intention, moodBefore: mood, reflections: reflections) == expected)
    }

    @Test(arguments: [
        ("psilocybin", Treatment.psilocybin), ("Psilocybin", .psilocybin), ("LSD", .lsd), ("mdma", .mdma),
        (" MDMA ", .mdma), ("Ketamine", .ketamine), ("OTHER", .other),
    ])
    func treatmentsReadAnyCase(_ text: String, _ expected: Treatment) {
        #expect(Treatment(parsing: text) == expected)
    }

    @Test(arguments: [
        ("Intravenous (IV)", Administration.intravenous), ("IV", .intravenous), ("iv", .intravenous),
        ("Intramuscular (IM)", .intramuscular), ("IM", .intramuscular), ("Oral", .oral), ("nasal", .nasal), ("Other", .other),
    ])
    func administrationsReadDisplayNamesAndAbbreviations(_ text: String, _ expected: Administration) {
        #expect(Administration(parsing: text) == expected)
    }

    @Test func displayNamesMatchTheApp() {
        #expect(Treatment.allCases.map(\.displayName) == ["Psilocybin", "LSD", "DMT", "MDMA", "Ketamine", "Ayahuasca", "Mescaline", "Cannabis", "Other"])
        // The seven built-in routes; sublingual and inhaled are not the app's, so its CSV says Other.
        #expect(Administration.allCases.map(\.appName) == ["Intravenous (IV)", "Intramuscular (IM)", "Oral", "Nasal", "Other", "Other", "Other"])
        #expect(Administration.allCases.map(\.displayName).last == "Other" && Administration.sublingual.displayName == "Sublingual")
    }

    @Test(arguments: [(1, "Tender", "☁️"), (2, "Tender", "☁️"), (3, "Reflective", "🌦️"), (4, "Reflective", "🌦️"),
                      (5, "Centered", "🌤️"), (6, "Centered", "🌤️"), (7, "Uplifted", "☀️"), (8, "Uplifted", "☀️"),
                      (9, "Radiant", "✨"), (10, "Radiant", "✨")])
    func moodScale(_ value: Int, _ word: String, _ emoji: String) {
        #expect(MoodScale.descriptor(value) == word)
        #expect(MoodScale.emoji(value) == emoji)
    }

    @Test(arguments: ["0", "11", "-1", "5.0", "five", "", "05x", "1 0"])
    func moodsOutsideTheScaleAreRejected(_ text: String) {
        #expect(MoodScale.parse(text) == nil)
    }

    @Test func jsonHasTheFilesKeysThenSectionsAndPath() throws {
        let session = Session(document: Document(bytes: Fixtures.bytes("valid", "comments-unknown-keys-order.md")))
        let json = session.json(path: "x.md", timeZone: losAngeles)
        guard case .object(let members) = json else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.0) == ["treatment", "id", "date", "facilitator", "mood_before", "status",
                                     "intention", "environment", "music_notes", "reflections", "path"])
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.serialized().utf8)) as? [String: Any])
        #expect(decoded["mood_before"] as? Int == 6)
        #expect(decoded["treatment"] as? String == "lsd")
        #expect(decoded["facilitator"] as? String == "Maya")
    }
}
