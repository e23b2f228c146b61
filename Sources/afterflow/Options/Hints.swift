import AfterflowKit
import Foundation

/// Commands printed for the user to run next (`Undo with: afterflow undo`), each word quoted for
/// the shell (`Shell.quote`), and with `--vault DIR` when the command being run was given a vault
/// that the printed one would not find without it: the hint works when pasted, from where the user
/// is.
struct Hints {
    /// `["--vault", DIR]`, or nothing.
    let vaultArguments: [String]

    static let none = Hints(vaultArguments: [])

    /// `afterflow` and `words`, then `placeholder` as it is (`"…"`, `REF`: for the user to fill in),
    /// then `--vault DIR` when needed.
    func command(_ words: String..., placeholder: String? = nil) -> String {
        command(words, placeholder: placeholder)
    }

    /// A vault document's path for a hint: as the user would type it from here, or relative to
    /// the vault when the hint names the vault with `--vault`.
    func path(_ relative: String, in vault: Vault) -> String {
        vaultArguments.isEmpty ? vault.shownPath(relative) : relative.visible()
    }

    func command(_ words: [String], placeholder: String? = nil) -> String {
        var text = Shell.command(words)
        if let placeholder { text += " " + placeholder }
        if !vaultArguments.isEmpty { text += " " + vaultArguments.map(Shell.quote).joined(separator: " ") }
        return text
    }
}

extension VaultOptions {
    /// Hints for this command: `--vault` is added when it named a vault with `--vault` and neither
    /// `AFTERFLOW_VAULT` nor the folders from here up lead to that same vault.
    var hints: Hints {
        guard let vault, !vault.isEmpty, let named = namedRoot() else { return .none }
        let environment = ProcessInfo.processInfo.environment
        let found = try? Vault.locate(explicit: nil, environment: environment, from: FileManager.default.currentDirectoryPath)
        if let found, let namedVault = try? Vault(root: named), found.realRoot == namedVault.realRoot { return .none }
        return Hints(vaultArguments: ["--vault", named])
    }
}
