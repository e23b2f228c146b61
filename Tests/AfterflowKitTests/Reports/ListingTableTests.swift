@testable import AfterflowKit
import Foundation
import Testing

/// `list`'s table, given the width (nil when piped) and the statuses as the front end shows them.
@Suite struct ListingTableTests {
    func table(width: Int?, intention: String) throws -> ListingTable {
        let vault = try TemporaryVault()
        try vault.write("sessions/2024/a.md", sessionText(id: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34", intention: intention))
        let store = try IndexStore(vault: vault.vault)
        _ = try store.refresh()
        let layout = width.map { ListingLayout(width: $0) } ?? .full
        // Each status as wide as the layout's column, as the command line's are.
        let columns = layout.shortStatus ? 10 : 16
        let statuses = SessionStatus.allCases.map { String($0.rawValue.prefix(columns)).padding(toLength: columns, withPad: " ", startingAt: 0) }
        var table = ListingTable(width: width, layout: layout, statuses: statuses)
        try store.listing(SessionFilter()) { table.append($0) }
        return table
    }

    @Test func pipedLinesAreWholeWithTheStatusesGiven() throws {
        let table = try table(width: nil, intention: String(repeating: "long ", count: 40) + "end")
        let line = String(decoding: table.bytes, as: UTF8.self)
        #expect(line.hasPrefix("2024-12-10 14:30  Psilocybin  ") && line.hasSuffix("  needs-reflection  " + String(repeating: "long ", count: 40) + "end"))
    }

    @Test func onATerminalTheIntentionIsCutToTheWidth() throws {
        let table = try table(width: 60, intention: String(repeating: "幻", count: 50))
        let line = String(decoding: table.bytes, as: UTF8.self)
        #expect(DisplayWidth.of(line) <= 60 && DisplayWidth.of(line) >= 59 && line.hasSuffix("…"))
    }

    @Test func countsSessionsByStatus() throws {
        let table = try table(width: nil, intention: "Listen.")
        #expect(table.count == 1 && table.counts == [.needsReflection: 1])
    }
}
