@testable import AfterflowKit
import Foundation
import Testing

/// The `moods` table: one row per check-in, newest first, filtered by day, label and
/// association; a changed or removed file changes or removes its row.
@Suite struct MoodIndexTests {
    func mood(_ date: String, score: Int, labels: String = "[]", associations: String = "[]", notes: String = "") -> String {
        "---\ntype: mood\nid: \(UUID().uuidString)\ndate: \(date)\nscore: \(score)\nlabels: \(labels)\nassociations: \(associations)\n---\n\n\(notes)\n"
    }

    @Test func listsFiltersAndForgets() throws {
        let vault = try TemporaryVault()
        let store = DocumentStore(vault: try vault.vault)
        var values = MoodValues(date: LocalDate(year: 2025, month: 3, day: 4, time: .init(hour: 8, minute: 15, second: 0)), score: 8,
                                created: LocalDate(year: 2025, month: 3, day: 4))
        values.labels = ["happy", "confident"]
        values.associations = ["fitness"]
        values.notes = "Great workout today!"
        #expect(try store.create(values) == "moods/2025/2025-03-04-0815.md")
        values.id = UUID()
        values.score = 4
        values.labels = ["worried"]
        values.associations = ["work", "money"]
        #expect(try store.create(values) == "moods/2025/2025-03-04-0815-2.md")
        try vault.write("moods/2025/2025-03-01-2100.md", mood("2025-03-01T21:00:00", score: 6, labels: "[calm]", associations: "[family]", notes: "Dinner with Mom"))
        #expect(try vault.mode("moods/2025/2025-03-04-0815.md") == 0o600)

        let index = try IndexStore(vault: vault.vault)
        _ = try index.refresh()
        let all = try index.moodCheckIns()
        #expect(all.map(\.path) == ["moods/2025/2025-03-04-0815-2.md", "moods/2025/2025-03-04-0815.md", "moods/2025/2025-03-01-2100.md"])
        #expect(all.map(\.score) == [4, 8, 6])
        #expect(all[1].labels == ["happy", "confident"])
        #expect(all[1].valenceClass == "pleasant")
        #expect(all[1].valence.map(MoodVocabulary.valenceText) == "0.56")
        #expect(all[1].notes == "Great workout today!")
        #expect(all[2].kind == "momentary-emotion")
        #expect(all[2].source == "user")
        #expect(try index.moodCheckIns(label: "calm").map(\.score) == [6])
        #expect(try index.moodCheckIns(association: "work").map(\.score) == [4])
        #expect(try index.moodCheckIns(association: "wor").isEmpty)
        #expect(try index.moodCheckIns(since: "2025-03-02").map(\.score) == [4, 8])
        #expect(try index.moodCheckIns(until: "2025-03-03").map(\.score) == [6])
        #expect(try index.moodCheckIns(limit: 1).map(\.score) == [4])

        try vault.write("moods/2025/2025-03-01-2100.md", mood("2025-03-01T21:00:00", score: 2, labels: "[sad]"))
        try FileManager.default.removeItem(atPath: vault.root + "/moods/2025/2025-03-04-0815-2.md")
        _ = try index.refresh()
        #expect(try index.moodCheckIns().map(\.score) == [8, 2])
        #expect(try index.moodCheckIns(label: "calm").isEmpty)
    }

    @Test func theIndexsListsAreReadBack() {
        #expect(IndexStore.names(ofJSONList: "[\"happy\",\"self-care\"]") == ["happy", "self-care"])
        #expect(IndexStore.names(ofJSONList: "[]") == [])
        #expect(IndexStore.names(ofJSONList: "[\"a\\\"b\"]") == ["a\"b"])
    }
}
