import Foundation

/// Makes a folder into a vault: settings, the state folder's `.gitignore`, and the templates, in a
/// folder private to its owner unless it is shared on purpose (`RootPrivacy`).
public enum VaultInitializer {
    public struct Outcome: Sendable {
        public var root: String
        /// Vault-relative paths written; existing files are never replaced.
        public var created: [String]
        public var kept: [String]
        /// Whether the vault folder was private, was made private, or is left shared.
        public var privacy: RootPrivacy
    }

    /// `timeZoneName` is written as given (Foundation calls UTC "GMT"); nil takes `timeZone`'s.
    /// `home`, the user's home folder, is never made private.
    public static func initialize(at directory: String, timeZone: TimeZone, timeZoneName: String? = nil,
                                  home: String? = nil) throws(VaultError) -> Outcome {
        let root = Vault.absolute(directory, from: FileManager.default.currentDirectoryPath)
        try FileIO.createDirectories(root)
        let privacy = try RootPrivacy.secure(root, home: home)
        try FileIO.createDirectories(root + "/" + Vault.stateFolder)
        try FileIO.createDirectories(root + "/" + Vault.templatesFolder)
        var outcome = Outcome(root: root, created: [], kept: [], privacy: privacy)
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
