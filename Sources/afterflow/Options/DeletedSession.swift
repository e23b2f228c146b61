import AfterflowKit
import Foundation

/// What `open`, `show`, `edit`, `reflect` and the other commands that name one session say when
/// the name fits no session but a deleted one: where it is in the trash, and the command that
/// brings it back. Nil when the trash holds no such session.
func deletedSessionLines(_ reference: String, vault: Vault, hints: Hints) -> [String]? {
    let trash = Trash(vault: vault)
    let deleted = trash.matching(reference)
    guard let found = deleted.first(where: { $0.replaced != true }) else { return nil }
    let last = trash.entries().first == found
    return ["That session was deleted; it is in the trash, at \(vault.shownPath(found.path)).",
            "Bring it back with: " + (last ? hints.command("undo") : hints.command("trash", "--restore", found.id.map { String($0.prefix(8)) } ?? found.path))]
}

/// `error`, or, when it says no session fits `reference` and the trash holds one that does, the
/// error that says so and how to bring it back.
func trashAware(_ error: VaultError, reference: String, vault: Vault, hints: Hints) -> VaultError {
    guard error.kind == .noMatch, let lines = deletedSessionLines(reference, vault: vault, hints: hints) else { return error }
    return VaultError(.noMatch, lines[0], details: Array(lines.dropFirst()))
}
