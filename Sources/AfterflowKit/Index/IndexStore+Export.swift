/// The sessions an export writes, and those it must leave out.
public struct ExportedSessions: Sendable {
    /// The sessions the filter chose whose files have no errors, in the filter's order.
    public var rows: [IndexedSession]
    /// The chosen sessions whose files have errors, sorted: a half-read session would export wrong
    /// values, so they are left out and named.
    public var leftOut: [String]
    /// Files with errors the filter did not choose (or that are not sessions), for a warning.
    public var otherProblems: Int
}

extension IndexStore {
    /// The sessions an export writes: the filter's, less those whose file has errors.
    public func exportedSessions(_ filter: SessionFilter) throws(VaultError) -> ExportedSessions {
        var rows = try sessions(filter)
        let broken = try pathsWithErrors()
        var leftOut: [String] = []
        if !broken.isEmpty {
            rows.removeAll { row in
                guard broken.contains(row.path) else { return false }
                leftOut.append(row.path)
                return true
            }
        }
        return ExportedSessions(rows: rows, leftOut: leftOut.sorted(), otherProblems: broken.count - leftOut.count)
    }
}
