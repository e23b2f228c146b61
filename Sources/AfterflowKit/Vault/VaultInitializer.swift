import Foundation

/// Makes a folder into a vault: settings, the `.gitignore` files, and the templates, in a folder
/// private to its owner unless it is shared on purpose (`RootPrivacy`).
public enum VaultInitializer {
    public struct Outcome: Sendable {
        public var root: String
        /// Vault-relative paths written; existing files are never replaced.
        public var created: [String]
        public var kept: [String]
        /// Whether the vault folder was private, was made private, or is left shared.
        public var privacy: RootPrivacy
        /// Existing files that lines were added to (the vault's `.gitignore`).
        public var extended: [String] = []
    }

    /// What the vault's own `.gitignore` needs from afterflow: its temporary files stay out of git.
    public static let gitignoreLines = [
        "# Afterflow's temporary files (.name.md.XXXXXX.tmp), left only by an interrupted write.",
        TemporaryFiles.gitignorePattern,
    ]

    /// `directory` is absolute (the caller resolves a relative one).
    /// `timeZoneName` is written as given (Foundation calls UTC "GMT"); nil takes `timeZone`'s.
    /// `treatment` and `administration` are the vault's defaults for new sessions (written only
    /// when the settings file is new). `home`, the user's home folder, is never made private.
    public static func initialize(at directory: String, timeZone: TimeZone, timeZoneName: String? = nil,
                                  treatment: Treatment = VaultConfig.initialTreatment,
                                  administration: Administration = VaultConfig.initialAdministration,
                                  home: String? = nil) throws(VaultError) -> Outcome {
        // The library knows no current folder: a relative path here would be made into one under
        // `/`. Front ends resolve it first (`init`, the benchmark generator).
        guard directory.hasPrefix("/") else {
            throw VaultError(.invalid, "a vault is made at an absolute path, found \"\(directory.visible())\" (resolve it against the current folder first)")
        }
        let root = Vault.normalize(directory)
        try FileIO.createDirectories(root)
        let privacy = try RootPrivacy.secure(root, home: home)
        try FileIO.createDirectories(root + "/" + Vault.stateFolder)
        try FileIO.createDirectories(root + "/" + Vault.templatesFolder)
        var outcome = Outcome(root: root, created: [], kept: [], privacy: privacy)
        var files: [(String, String)] = [
            (".afterflow/config.yml", VaultConfig.initialText(timeZoneName: timeZoneName ?? timeZone.identifier,
                                                              treatment: treatment, administration: administration)),
            (".afterflow/.gitignore", VaultConfig.gitignoreText),
            (".gitignore", ""),
        ]
        files += DefaultTemplates.all.map { ("\(Vault.templatesFolder)/\($0.name)", $0.contents) }
        for (relative, text) in files {
            if relative == ".gitignore" {
                try addGitignoreLines(root: root, to: &outcome)
                continue
            }
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

    /// Writes what keeps afterflow's own files out of git in a vault made before (or by hand):
    /// `.afterflow/.gitignore` when it is missing, and the temporary files' pattern in the vault's
    /// `.gitignore`, added at the end of one that is there. An existing file is never rewritten.
    public static func addGitignores(root: String) throws(VaultError) -> (created: [String], extended: [String]) {
        var outcome = Outcome(root: root, created: [], kept: [], privacy: .alreadyPrivate)
        let state = root + "/" + Vault.stateFolder + "/.gitignore"
        if !FileIO.exists(state) {
            try FileIO.create(state, contents: Array(VaultConfig.gitignoreText.utf8))
            outcome.created.append(Vault.stateFolder + "/.gitignore")
        }
        try addGitignoreLines(root: root, to: &outcome)
        return (outcome.created, outcome.extended)
    }

    /// Creates the vault's `.gitignore` with `gitignoreLines`, or adds them at the end of the
    /// user's own when its lines do not have the pattern yet, in its line ending; the rest of the
    /// file is kept byte for byte.
    private static func addGitignoreLines(root: String, to outcome: inout Outcome) throws(VaultError) {
        let relative = ".gitignore"
        let path = root + "/" + relative
        guard FileIO.exists(path) else {
            try FileIO.create(path, contents: Array((gitignoreLines.joined(separator: "\n") + "\n").utf8))
            outcome.created.append(relative)
            return
        }
        let bytes = try FileIO.read(path)
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if lines.contains(where: { $0.trimmingCharacters(in: .whitespaces) == TemporaryFiles.gitignorePattern }) {
            outcome.kept.append(relative)
            return
        }
        let ending = text.contains("\r\n") ? "\r\n" : "\n"
        let separator = bytes.isEmpty || bytes.last == 0x0A ? "" : ending
        let added = separator + gitignoreLines.joined(separator: ending) + ending
        try FileIO.replace(path, expecting: bytes, with: bytes + Array(added.utf8))
        outcome.extended.append(relative)
    }
}
