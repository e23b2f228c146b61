@testable import AfterflowKit
import Foundation
import PropertyBased
import Testing
import Yams

@Suite struct SessionWriterTests {
    let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    private func values() -> SessionValues {
        var values = SessionValues(
            date: LocalDate.parse("2024-12-10T14:30:00-08:00")!, treatment: .psilocybin,
            created: LocalDate.parse("2024-12-10T14:31:02-08:00")!)
        values.id = UUID(uuidString: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34")!
        values.administration = .oral
        values.dose = "3.5 g"
        values.moodBefore = 5
        values.moodAfter = 8
        values.music = "https://open.spotify.com/playlist/37i9dQZF1DX4dyzvuaRJ0n"
        values.tags = ["integration", "nature"]
        values.intention = "To explore creativity and connection."
        values.environment = "Living room, candles, my partner nearby."
        values.musicNotes = "The ambient playlist felt grounding."
        values.reflections = "[2024-12-11 09:12] Felt peaceful and connected to nature."
        return values
    }

    @Test func theBuiltInTemplateWritesTheCanonicalFile() {
        let text = SessionTemplate.builtIn.render(values(), timeZone: losAngeles)
        // The canonical fixture, but with `updated` equal to `created` and no reminder.
        let expected = Fixtures.text("valid", "canonical.md")
            .replacingOccurrences(of: "reminder: 2024-12-10T17:30:00-08:00\n", with: "")
            .replacingOccurrences(of: "updated: 2024-12-11T09:12:40-08:00", with: "updated: 2024-12-10T14:31:02-08:00")
        #expect(text == expected)
    }

    @Test func emptySectionsAreAHeadingAndOneBlankLine() {
        var draft = values()
        draft.intention = ""
        draft.environment = ""
        draft.musicNotes = ""
        draft.reflections = ""
        let text = SessionTemplate.builtIn.render(draft, timeZone: losAngeles)
        #expect(text.hasSuffix("# Psilocybin • Dec 10, 2024\n\n## Intention\n\n## Environment\n\n## Music\n\n## Reflections\n"))
        #expect(text.contains("status: draft\n"))
        #expect(Session(parsing: text).status == .draft)
    }

    @Test func theRepositoryTemplateIsTheBuiltInOne() throws {
        let onDisk = try String(contentsOf: Fixtures.repository.appendingPathComponent("Templates/session.md"), encoding: .utf8)
        #expect(onDisk == DefaultTemplates.session)
    }

    /// Random sessions survive write → parse unchanged, and Yams reads the same values.
    @Test func randomSessionsSurviveWriteThenParse() async {
        let words = Gen.element(of: Array("abc XYZ 09:#-'\",.é[]µ")).array(of: 0...12).map { String($0.compactMap { $0 }) }
        let input = zip(
            Gen.element(of: Treatment.allCases), Gen.element(of: Administration.allCases).optional,
            Gen.int(in: 1...10).optional, Gen.int(in: 1...10).optional, words, words, words.array(of: 0...3),
            Gen.int(in: 0...2_000_000_000))
        await propertyCheck(count: 200, input: input) { treatment, administration, before, after, dose, intention, tags, seconds in
            let zone = TimeZone(identifier: "Europe/Berlin")!
            let date = LocalDate(Date(timeIntervalSince1970: TimeInterval(seconds)), in: zone)
            var v = SessionValues(date: date, treatment: treatment!, created: date)
            v.administration = administration ?? nil
            v.moodBefore = before
            v.moodAfter = after
            v.dose = dose.trimmingCharacters(in: .whitespaces).isEmpty ? nil : dose
            v.intention = intention.trimmingCharacters(in: .whitespacesAndNewlines)
            if SessionSection.intention.problem(with: v.intention) != nil { v.intention = "" }
            v.tags = tags.filter { !$0.isEmpty && $0 == $0.trimmingCharacters(in: .whitespaces) }
            let text = SessionTemplate.builtIn.render(v, timeZone: zone)
            let session = Session(parsing: text)
            #expect(session.diagnostics.isEmpty, "\(session.diagnostics)\n\(text)")
            #expect(session.id == v.id)
            #expect(session.date?.canonical(in: zone) == v.date.canonical(in: zone))
            #expect(session.treatment == v.treatment)
            #expect(session.administration == v.administration)
            #expect(session.moodBefore == v.moodBefore)
            #expect(session.moodAfter == v.moodAfter)
            #expect(session.dose == v.dose)
            #expect(session.tags == v.tags)
            #expect(session.intention == v.intention)
            #expect(session.status == v.status)
            #expect(session.recordedStatus == v.status)

            let frontMatter = String(text.dropFirst(4).prefix { _ in true }.components(separatedBy: "\n---\n")[0])
            let yams = try Yams.load(yaml: frontMatter) as? [String: Any]
            #expect(yams?["treatment"] as? String == v.treatment.rawValue)
            #expect(yams?["dose"] as? String == v.dose)
            #expect((yams?["tags"] as? [String]) ?? [] == v.tags)
            #expect(yams?["mood_before"] as? Int == v.moodBefore)
        }
    }
}
