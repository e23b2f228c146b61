import AfterflowKit
import Foundation

/// The command's view of the file system that the library does not read on its own: the current
/// folder and the home folder (`HOME`) that a leading `~` stands for.
enum LocalPaths {
    static var current: String { FileManager.default.currentDirectoryPath }
    static var home: String? { ProcessInfo.processInfo.environment["HOME"] }

    /// `path` made absolute from `directory` (the current folder unless given), `~` being `HOME`.
    static func absolute(_ path: String, from directory: String = current) -> String {
        Vault.absolute(path, from: directory, home: home)
    }
}
