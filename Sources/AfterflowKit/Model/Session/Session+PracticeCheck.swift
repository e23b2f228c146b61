import Foundation

/// A file without `type` in a client's `goals/` or `sessions/` folder is read as a therapy
/// session, which is likely not what was meant: a warning says which `type` to add.
extension Session: PracticeChecked {
    func practiceProblems(_ entry: VaultEntry, check: PracticeCheck, folders: inout [String: PracticeCheck.Folder]) -> [Diagnostic] {
        guard let place = PracticeCheck.Place(entry.path), place.rest.count >= 2,
              place.rest[0] == "goals" || place.rest[0] == "sessions" else { return [] }
        let (kind, type) = place.rest[0] == "goals" ? ("goal", "goal") : ("trial session", "trials")
        return [Diagnostic(.warning, "this file in a client's \(place.rest[0]) folder has no type, so it is read as a therapy session; if it is a \(kind), add 'type: \(type)'", at: SourceLocation(line: 1, column: 1), path: entry.path)]
    }
}
