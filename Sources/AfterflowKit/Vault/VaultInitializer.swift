import Foundation

/// Makes a folder into a vault: settings, the state folder's `.gitignore`, and the templates.
public enum VaultInitializer {
    public struct Outcome: Sendable {
        public var root: String
        /// Vault-relative paths written; existing files are never replaced.
        public var created: [String]
        public var kept: [String]
    }

    /// `timeZoneName` is written as given (Foundation calls UTC "GMT"); nil takes `timeZone`'s.
    public static func initialize(at directory: String, timeZone: TimeZone, timeZoneName: String? = nil) throws(VaultError) -> Outcome {
        let root = Vault.absolute(directory, from: FileManager.default.currentDirectoryPath)
        try FileIO.createDirectories(root)
        try FileIO.createDirectories(root + "/" + Vault.stateFolder)
        try FileIO.createDirectories(root + "/" + Vault.templatesFolder)
        var outcome = Outcome(root: root, created: [], kept: [])
        var files: [(String, String)] = [
            (".afterflow/config.yml", VaultConfig.initialText(timeZoneName: timeZoneName ?? timeZone.identifier)),
            (".afterflow/.gitignore", VaultConfig.gitignoreText),
        ]
        files += DefaultTemplates.all.map { ("\(Vault.templatesFolder)/\($0.name)", $0.contents) }
        for (relative, text) in files {
            let path = root + "/" + relative
            if FileIO.exists(path) {
                outcome.kept.append(relative)
                continue
            }
            try FileIO.create(path, contents: Array(text.utf8))
            outcome.created.append(relative)
        }
        return outcome
    }
}
