import AfterflowKit
import Foundation

extension Vault {
    /// A path of the vault (vault-relative or absolute) as the user can type it from the current
    /// folder (`Vault.displayPath`), its control characters shown: every path afterflow prints
    /// for people goes through here. JSON keeps `path` vault-relative, as documented.
    func shownPath(_ path: String) -> String {
        displayPath(path, from: FileManager.default.currentDirectoryPath).visible()
    }
}
