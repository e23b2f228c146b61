import AfterflowKit
import Foundation
import Testing

/// A new session from what `new` was given (#21, item 3: composing what to write moved out of `new`).
@Suite struct TypedSessionValuesTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    /// 2025-03-04 20:30:15 in Los Angeles.
    static let now = ISO8601DateFormatter().date(from: "2025-03-05T04:30:15Z")!

    func values(_ typed: SessionValues.Typed, config: VaultConfig = VaultConfig(timeZone: zone)) -> SessionValues {
        SessionValues(typed, config: config, now: Self.now, timeZone: Self.zone)
    }

    @Test("no date given: now, to the minute")
    func dateNow() {
        #expect(values(SessionValues.Typed()).date == LocalDate.parse("2025-03-04T20:30:00-08:00"))
    }

    @Test("no treatment given: the vault's default")
    func defaultTreatment() {
        var config = VaultConfig(timeZone: Self.zone)
        config.defaultTreatment = .ketamine
        #expect(values(SessionValues.Typed(), config: config).treatment == .ketamine)
    }

    @Test("an intention is trimmed and its CRLF line breaks made LF")
    func intention() {
        var typed = SessionValues.Typed()
        typed.intention = "  Listen.\r\nRest.\n\n"
        #expect(values(typed).intention == "Listen.\nRest.")
    }
}
