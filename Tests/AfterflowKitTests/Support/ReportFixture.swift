@testable import AfterflowKit
import Foundation

/// A vault (America/Los_Angeles) holding the sessions of `Fixtures/reports/`, with its index up
/// to date: what the export tests read.
final class ReportFixture {
    let temp: TemporaryVault
    let store: IndexStore

    /// The instant every golden file is made at: 2025-01-02 03:04:05 UTC.
    static let now = Date(timeIntervalSince1970: 1_735_787_045)

    init(files: [String]? = nil) throws {
        temp = try TemporaryVault()
        for name in files ?? Fixtures.names(in: "reports") {
            try temp.write("sessions/2024/" + name, Fixtures.text("reports", name))
        }
        store = try IndexStore(vault: temp.vault)
        try store.refresh()
    }

    var vault: Vault { store.vault }

    /// The sessions, newest first, as the exports select them by default.
    func sessions(_ configure: (inout SessionFilter) -> Void = { _ in }) throws -> [IndexedSession] {
        var filter = SessionFilter()
        configure(&filter)
        return try store.sessions(filter)
    }

    /// Writes `values` as new sessions and brings the index up to date.
    func add(_ values: [SessionValues]) throws {
        let sessionStore = DocumentStore(vault: vault)
        let template = try sessionStore.template()
        _ = try sessionStore.createAll(values.map { try sessionStore.prepare($0, template: template) })
        try store.refresh()
    }
}
