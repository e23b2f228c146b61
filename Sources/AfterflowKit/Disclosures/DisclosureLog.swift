#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The vault's log of disclosures, `.afterflow/disclosures.log`: one JSON line a disclosure,
/// appended before its bytes leave, and one a disclosure's outcome once it has ended.
///
/// Append-only: lines are added under the vault's lock with `FileIO.append` (fsync'd, a failed
/// write cut back to the old size), never rewritten, so a process killed at any moment leaves
/// every line whole. The file is the owner's alone (0600, put back to 0600 when found wider).
/// It stays out of git (`.afterflow/.gitignore`, `GitSync.excluded`) and goes into backups.
public struct DisclosureLog: Sendable {
    public static let fileName = "disclosures.log"
    /// The path inside the vault.
    public static let relativePath = Vault.stateFolder + "/" + fileName
    /// How long the accounting reaches back by default, and how long the records are kept
    /// (45 CFR 164.528(a), 164.530(j)).
    public static let retentionYears = 6

    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// The log's absolute path.
    public var path: String { vault.root + "/" + Self.relativePath }

    /// Appends `entry`, before anything is written for it.
    public func record(_ entry: Disclosure) throws(VaultError) {
        try append(.disclosure(entry), failing: "cannot log the disclosure in \(Self.relativePath), so nothing was sent: ")
    }

    /// Appends `entry` with the ids `records` hands over after `entry.records`, as they come: the
    /// line of `record(_:)` for the entry holding all of them, never held whole. The line is
    /// written in pieces; a process killed meanwhile leaves it cut short at the end of the log,
    /// before any byte of the disclosure has left, and the next line starts on a line of its own.
    public func record(_ entry: Disclosure, records: DisclosureRecords) throws(VaultError) {
        let failing = "cannot log the disclosure in \(Self.relativePath), so nothing was sent: "
        try append(failing: failing) { (file, size) throws(VaultError) in
            try FileIO.appendStreamed(file, expectingSize: size) { (output) throws(VaultError) in
                if !Self.endsLine(file, size: size) { try output.write("\n") }
                try DisclosureLine.write(entry, records: records, timeZone: vault.timeZone, to: output)
            }
        }
    }

    /// Appends how the disclosure `outcome.id` ended.
    public func finish(_ outcome: DisclosureOutcome) throws(VaultError) {
        try append(.outcome(outcome), failing: "cannot log how the disclosure ended in \(Self.relativePath) (its entry is there): ")
    }

    /// Appends `line`; an error's message starts with `failing`.
    func append(_ line: DisclosureLine, failing: String) throws(VaultError) {
        let bytes = Array(line.text(timeZone: vault.timeZone).utf8) + [0x0A]
        try append(failing: failing) { (file, size) throws(VaultError) in
            // A line cut short by a kill while it was written (`record(_:records:)`) is left as
            // it is; this one starts on a line of its own.
            try FileIO.append(file, expectingSize: size, bytes: (Self.endsLine(file, size: size) ? [] : [0x0A]) + bytes)
        }
    }

    /// Runs `write` with the log's path and size under the vault's lock, the log made (0600) when
    /// it is not there yet and put back to 0600 when found wider; an error's message starts with
    /// `failing`.
    private func append(failing: String, _ write: (String, Int) throws(VaultError) -> Void) throws(VaultError) {
        do {
            try vault.withLock { () throws(VaultError) in
                let file = try vault.writablePath(Self.relativePath, followingFinalLink: false)
                var info = stat()
                if lstat(file, &info) != 0 {
                    try keepOutOfGit()
                    try FileIO.create(file, contents: [])
                    info.st_size = 0
                } else if info.st_mode & 0o170000 != 0o100000 {
                    throw VaultError(.invalid, "\(Self.relativePath) is not a plain file; move it away so that afterflow can log disclosures")
                } else if info.st_mode & 0o077 != 0 {
                    chmod(file, FileIO.fileMode)
                }
                try write(file, Int(info.st_size))
            }
        } catch {
            var failed = error
            failed.message = failing + error.message
            throw failed
        }
    }

    /// Whether the log of `size` bytes at `file` is empty or ends with a line feed (its last line
    /// whole). A byte that cannot be read counts as a line feed: nothing is added then.
    static func endsLine(_ file: String, size: Int) -> Bool {
        guard size > 0 else { return true }
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var last: UInt8 = 0x0A
        return pread(fd, &last, 1, off_t(size - 1)) != 1 || last == 0x0A
    }

    /// Adds `disclosures.log` to `.afterflow/.gitignore` when that file is there without it (a
    /// vault made before the log was), so that the log stays out of git as in a vault made since;
    /// the file's other bytes are kept, and its line ending is used. Called under the lock, as
    /// the log is first made.
    func keepOutOfGit() throws(VaultError) {
        let ignore = try vault.writablePath(Vault.stateFolder + "/.gitignore", followingFinalLink: false)
        guard FileIO.exists(ignore) else { return }
        let bytes = try FileIO.read(ignore)
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !lines.contains(Self.fileName), !lines.contains("/" + Self.fileName) else { return }
        let ending = text.contains("\r\n") ? "\r\n" : "\n"
        let added = (bytes.isEmpty || bytes.last == 0x0A ? "" : ending) + Self.fileName + ending
        try FileIO.append(ignore, expectingSize: bytes.count, bytes: Array(added.utf8))
    }

    /// Every line of the log, read, with its number (from 1); a line that cannot be read is a diagnostic at its line
    /// (column 1) and is left out. A missing log has no lines.
    public func read() throws(VaultError) -> (lines: [(number: Int, line: DisclosureLine)], problems: [Diagnostic]) {
        guard FileIO.exists(path) else { return ([], []) }
        let text = String(decoding: try FileIO.read(path), as: UTF8.self)
        var lines: [(number: Int, line: DisclosureLine)] = []
        var problems: [Diagnostic] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            switch DisclosureLine.parse(String(line)) {
            case .success(let read): lines.append((index + 1, read))
            case .failure(let problem):
                problems.append(Diagnostic(.error, problem.message, at: SourceLocation(line: index + 1, column: 1), path: Self.relativePath))
            }
        }
        return (lines, problems)
    }
}
