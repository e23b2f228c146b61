import Foundation

/// A client's file stands at `clients/<short>/client.md`; its id is what the folder's goals and
/// trial sessions name as their `client`.
extension Client: PracticeChecked {
    func practiceProblems(_ entry: VaultEntry, check: PracticeCheck, folders: inout [String: PracticeCheck.Folder]) -> [Diagnostic] {
        guard let place = PracticeCheck.Place(entry.path), place.isClientFile else {
            return [check.misplaced(entry, "a client's file must be clients/<short>/client.md (the folder named by the client's short name, like clients/maya-t/client.md)")]
        }
        folders[place.short, default: PracticeCheck.Folder()].client = self
        return []
    }
}
