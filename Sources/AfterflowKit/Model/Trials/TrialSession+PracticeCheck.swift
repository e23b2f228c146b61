import Foundation

/// A trial session stands in its client's `sessions/` folder; its cues are the vault's and each
/// trial's goal is one in the client's `goals/` folder.
extension TrialSession: PracticeChecked {
    func practiceProblems(_ entry: VaultEntry, check: PracticeCheck, folders: inout [String: PracticeCheck.Folder]) -> [Diagnostic] {
        var found = check.trialCues(self, path: entry.path)
        found += check.serviceProblems(self, path: entry.path) + check.auditProblems(self, path: entry.path)
        guard let place = PracticeCheck.Place(entry.path), place.rest.count >= 2, place.rest[0] == "sessions" else {
            return found + [check.misplaced(entry, "a trial session must be in its client's sessions folder, clients/<short>/sessions/YYYY/YYYY-MM-DD-HHMM.md")]
        }
        found += check.trialGoals(self, path: entry.path, client: place.short, goals: folders[place.short]?.goals ?? [])
        found += check.eventProblems(self, path: entry.path, client: place.short, folder: folders[place.short] ?? PracticeCheck.Folder())
        folders[place.short, default: PracticeCheck.Folder()].members.append((entry, client, "trial session"))
        return found
    }
}
