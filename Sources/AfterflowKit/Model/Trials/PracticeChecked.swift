import Foundation

/// A kind with rules of the practice that one file cannot tell (see `PracticeCheck`): its place
/// under `clients/<short>/`, its values against the vault's settings, what its client folder
/// holds. Conformed to in the kind's folder (`Model/Goal/Goal+PracticeCheck.swift`); a kind
/// without such rules does not conform and is left alone.
protocol PracticeChecked: KindDescriptor {
    /// The problems of this document at `entry`, recording in `folders` what the checks across a
    /// client's folder need (its client, its members). Entries come in path order.
    func practiceProblems(_ entry: VaultEntry, check: PracticeCheck, folders: inout [String: PracticeCheck.Folder]) -> [Diagnostic]
}

extension PracticeChecked {
    /// The same asked of `entry`'s content through the registry's metatype.
    static func practiceProblems(of entry: VaultEntry, check: PracticeCheck, folders: inout [String: PracticeCheck.Folder]) -> [Diagnostic] {
        Self(content: entry.content)?.practiceProblems(entry, check: check, folders: &folders) ?? []
    }
}
