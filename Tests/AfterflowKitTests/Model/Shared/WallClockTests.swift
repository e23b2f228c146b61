@testable import AfterflowKit
import Foundation
import Testing

/// The day and time as a file writes them, whatever its offset (#10).
@Suite("wall-clock seconds")
struct WallClockTests {
    @Test("the written day and time, the offset ignored", arguments: [
        ("2026-11-21T10:00:00+09:00", "2026-11-21T10:00:00Z"),
        ("2026-11-21T10:00:00-08:00", "2026-11-21T10:00:00Z"),
        ("2026-11-21 23:59", "2026-11-21T23:59:00Z"),
        ("2026-11-21", "2026-11-21T00:00:00Z"),
        ("1969-12-31T23:00:00+01:00", "1969-12-31T23:00:00Z"),
    ])
    func written(text: String, expected: String) throws {
        let date = try #require(LocalDate.parse(text))
        let utc = try #require(TimeZone(identifier: "UTC"))
        let wanted = try #require(LocalDate.parse(expected))
        #expect(date.wallClockSeconds == wanted.epochSeconds(in: utc))
    }

    @Test("the app's CSV writes the written time, not the instant in the vault's time zone")
    func appCSV() throws {
        let vault = try TemporaryVault()
        try vault.write("sessions/2026/a.md", sessionText(id: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34", date: "2026-11-21T10:00:00+09:00"))
        let store = try IndexStore(vault: vault.vault)
        _ = try store.refresh()
        let rows = try store.sessions(SessionFilter())
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        #expect(AppCSV(timeZone: zone).appFields(try #require(rows.first)).first == "Nov 21, 2026 at 10:00 AM")
    }

    @Test("import signatures compare the written minute")
    func signatures() throws {
        let vault = try TemporaryVault()
        try vault.write("sessions/2026/a.md", sessionText(id: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34", date: "2026-11-21T10:00:00+09:00"))
        let store = try IndexStore(vault: vault.vault)
        _ = try store.refresh()
        let found = try store.signatures(fromDay: "2026-11-21", throughDay: "2026-11-21")
        let written = try #require(LocalDate.parse("2026-11-21 10:00"))
        #expect(found == [SessionSignature(seconds: written.wallClockSeconds, treatment: .psilocybin, intention: "Listen.")])
        #expect(try store.signatures(fromDay: "2026-11-20", throughDay: "2026-11-20").isEmpty)
    }
}
