import Foundation

/// A folder of session files that the user owns, with afterflow's settings in `.afterflow/`.
public struct Vault: Sendable {
    /// The vault folder, absolute and without a trailing slash.
    public let root: String
    /// `root` with every symbolic link resolved: afterflow writes nowhere else (see `writablePath`).
    public let realRoot: String
    public let config: VaultConfig
    /// How long a write waits for another afterflow process to release the vault's lock, in seconds.
    public var lockTimeout: TimeInterval = Vault.defaultLockTimeout

    public static let defaultLockTimeout: TimeInterval = 10
    /// The real time of day, for how old a leftover file is (file times go by it, never by the
    /// time a command is told it is): the caller's clock, as the library reads none. Without
    /// one, taking the lock leaves leftover temporary files and killed restores' folders for a
    /// caller that passes it (see `withLock`).
    public var fileClock: (@Sendable () -> Date)?

    public static let stateFolder = ".afterflow"
    public static let templatesFolder = "Templates"
    public static let sessionsFolder = "sessions"
    public static let draftsFolder = ".afterflow/drafts"
    public static let trashFolder = ".afterflow/trash"

    public var timeZone: TimeZone { config.timeZone }

    /// Opens the vault at `root`, an absolute path (the caller resolves a relative one, see
    /// `absolute(_:from:home:)`), reading its settings.
    public init(root: String) throws(VaultError) {
        self.root = Vault.normalize(root)
        realRoot = FileIO.realPath(self.root) ?? self.root
        let configPath = self.root + "/.afterflow/config.yml"
        if FileIO.exists(configPath) {
            var config = VaultConfig(bytes: try FileIO.read(configPath))
            config.diagnostics = config.diagnostics.map { $0.withPath(".afterflow/config.yml") }
            self.config = config
        } else {
            config = VaultConfig()
        }
    }

    /// Finds the vault: `--vault`, then `$AFTERFLOW_VAULT`, then the nearest folder at or above
    /// `directory` that holds `.afterflow/`, as git finds a repository. A leading `~` is the
    /// `HOME` of `environment`.
    public static func locate(explicit: String?, environment: [String: String], from directory: String) throws(VaultError) -> Vault {
        let home = environment["HOME"]
        if let explicit, !explicit.isEmpty {
            return try open(absolute(explicit, from: directory, home: home), source: "--vault")
        }
        if let fromEnvironment = environment["AFTERFLOW_VAULT"], !fromEnvironment.isEmpty {
            return try open(absolute(fromEnvironment, from: directory, home: home), source: "AFTERFLOW_VAULT")
        }
        var current = normalize(directory)
        while true {
            if FileIO.isDirectory(current + "/" + stateFolder) { return try Vault(root: current) }
            let parent = FileIO.parentPath(of: current)
            if parent == current || current == "/" { break }
            current = parent
        }
        throw VaultError(.notFound,
            "no afterflow vault here or in any folder above \(directory)",
            details: ["Create one with 'afterflow init [DIR]', or point to one with --vault DIR or AFTERFLOW_VAULT=DIR."])
    }

    private static func open(_ path: String, source: String) throws(VaultError) -> Vault {
        guard FileIO.isDirectory(path) else {
            throw VaultError(.notFound, "\(path) (from \(source)) is not a folder",
                             details: ["Create a vault there with: \(Shell.command(["init", path]))"])
        }
        guard FileIO.isDirectory(path + "/" + stateFolder) else {
            throw VaultError(.notFound, "\(path) (from \(source)) is not an afterflow vault: it has no .afterflow folder",
                             details: ["Make it one with: \(Shell.command(["init", path]))"])
        }
        return try Vault(root: path)
    }

    // MARK: - Paths

    /// The absolute path of `relative`, refusing anything that would leave the vault.
    public func path(_ relative: String) throws(VaultError) -> String {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard !relative.hasPrefix("/"), !parts.contains(where: { $0 == ".." }), !relative.utf8.contains(0) else {
            throw VaultError(.outsideVault, "\(relative) is outside the vault; afterflow writes only inside \(root)")
        }
        return root + "/" + parts.joined(separator: "/")
    }

    /// `relative` as seen from the vault root, when `absolute` is inside the vault (under `root`
    /// or under `realRoot`).
    public func relativePath(_ absolute: String) -> String? {
        let normalized = Vault.normalize(absolute)
        for base in root == realRoot ? [root] : [root, realRoot] {
            if normalized == base { return "" }
            if normalized.hasPrefix(base + "/") { return String(normalized.dropFirst(base.count + 1)) }
        }
        return nil
    }

    /// Whether a vault-relative path is a draft.
    public static func isDraft(_ relative: String) -> Bool {
        relative.hasPrefix(draftsFolder + "/")
    }

    // MARK: - Helpers

    /// `path` made absolute: a relative path starts at `directory`, and a leading `~` is `home`
    /// (kept as written when `home` is nil).
    package static func absolute(_ path: String, from directory: String, home: String? = nil) -> String {
        var expanded = path
        if expanded == "~" || expanded.hasPrefix("~/"), let home {
            expanded = home + expanded.dropFirst()
        }
        return normalize(expanded.hasPrefix("/") ? expanded : directory + "/" + expanded)
    }

    /// An absolute path with `.` and `..` resolved and no trailing slash (symbolic links are kept).
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
