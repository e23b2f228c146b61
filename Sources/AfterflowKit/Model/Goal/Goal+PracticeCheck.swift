import Foundation

/// A goal stands in its client's `goals/` folder under a short name a trial line can name; its
/// category and cues are the vault's.
extension Goal: PracticeChecked {
    func practiceProblems(_ entry: VaultEntry, check: PracticeCheck, folders: inout [String: PracticeCheck.Folder]) -> [Diagnostic] {
        var found = check.goalValues(self, path: entry.path)
        guard let place = PracticeCheck.Place(entry.path), place.rest.count == 2, place.rest[0] == "goals" else {
            return found + [check.misplaced(entry, "a goal must be in its client's goals folder, clients/<short>/goals/<goal>.md")]
        }
        let short = String(place.rest[1].dropLast(3))
        if !Trial.isShortName(short) {
            found.append(Diagnostic(.error, "the goal's file name \(quoted(short)) is not a short name (letters, digits, - and _), so no trial line can name it; rename the file, like s-initial.md", at: SourceLocation(line: 1, column: 1), path: entry.path))
        }
        folders[place.short, default: PracticeCheck.Folder()].members.append((entry, client, "goal"))
        return found
    }
}
