import Foundation

extension IndexSummary {
    /// The summary and what the refresh did, as `index --format json` gives them.
    public func json(refresh report: IndexStore.RefreshReport) -> JSONValue {
        .object([
            ("sessions", .int(sessions)), ("drafts", .int(drafts)),
            ("by_status", .object(byStatus.map { ($0.0.rawValue, .int($0.1)) })),
            ("by_treatment", .object(byTreatment.map { ($0.0.rawValue, .int($0.1)) })),
            ("first", first.map { .string($0) } ?? .null), ("last", last.map { .string($0) } ?? .null),
            ("average_mood_before", .rounded(averageMoodBefore)), ("average_mood_after", .rounded(averageMoodAfter)),
            ("documents", .int(documents)), ("plain_notes", .int(notes)), ("unreadable", .int(unreadable)),
            ("refresh", .object([("added", .int(report.added)), ("changed", .int(report.changed)), ("removed", .int(report.removed)),
                                 ("touched", .int(report.touched)), ("unchanged", .int(report.unchanged))])),
        ])
    }
}

extension IndexStore.RefreshReport {
    /// What the refresh did, "3 added, 1 changed", or nil when it changed nothing.
    public var changeWords: String? {
        var did: [String] = []
        if added > 0 { did.append("\(added) added") }
        if changed > 0 { did.append("\(changed) changed") }
        if removed > 0 { did.append("\(removed) removed") }
        return did.isEmpty ? nil : did.joined(separator: ", ")
    }
}
