import Foundation

/// How a command names a session: an id prefix (4+ characters), a path, or a day (`2024-12-10`).
public struct SessionReference: Sendable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public var description: String { text }

    /// Finds the one session `text` names among `catalog`'s sessions and drafts.
    ///
    /// `directory` is where relative paths start from (the shell's current folder), then the vault.
    public func resolve(in catalog: VaultCatalog, from directory: String) throws(VaultError) -> VaultEntry {
        let candidates = catalog.entries.filter { $0.session != nil }
        let trimmed = text.trimmingASCIIWhitespace()
        if trimmed.contains("/") || trimmed.hasSuffix(".md") {
            let vault = catalog.vault
            for base in [directory, vault.root] {
                let absolute = Vault.absolute(trimmed, from: base)
                if let relative = vault.relativePath(absolute), let entry = candidates.first(where: { $0.path == relative }) {
                    return entry
                }
            }
            throw VaultError(.noMatch, "no session at \(trimmed) in the vault \(vault.root)")
        }
        if let day = SessionDate.parse(trimmed), day.isDayOnly {
            let matches = candidates.filter {
                guard let date = $0.session?.date else { return false }
                return date.year == day.year && date.month == day.month && date.day == day.day
            }
            return try pick(matches, near: { abs(SessionDate.days(year: $0.year, month: $0.month, day: $0.day) - SessionDate.days(year: day.year, month: day.month, day: day.day)) }, among: candidates, kind: "on \(trimmed)")
        }
        let key = trimmed.uppercased()
        guard key.utf8.count >= 4, key.utf8.allSatisfy({ hexValue($0) != nil || $0 == UInt8(ascii: "-") }) else {
            throw VaultError(.noMatch, "\(quoted(trimmed)) is not a session reference",
                             details: ["Name a session by the first 4 or more characters of its id, its path, or its day (2024-12-10)."])
        }
        let bare = key.replacingOccurrences(of: "-", with: "")
        let matches = candidates.filter { entry in
            guard let id = entry.session?.id?.uuidString else { return false }
            return id.hasPrefix(key) || id.replacingOccurrences(of: "-", with: "").hasPrefix(bare)
        }
        return try pick(matches, near: nil, among: candidates, kind: "with an id starting \(trimmed)")
    }

    private func pick(_ matches: [VaultEntry], near distance: ((SessionDate) -> Int)?, among all: [VaultEntry], kind: String) throws(VaultError) -> VaultEntry {
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            var nearest: [VaultEntry] = []
            if let distance {
                nearest = all.compactMap { entry in entry.session?.date.map { (entry, distance($0)) } }
                    .sorted { $0.1 < $1.1 }
                    .map(\.0)
            }
            let lines = nearest.prefix(3).map { "  " + SessionReference.line(for: $0) }
            throw VaultError(.noMatch, "no session \(kind)", details: lines.isEmpty ? [] : ["The nearest:"] + lines)
        }
        let sorted = matches.sorted { $0.path < $1.path }
        throw VaultError(.ambiguous, "\(matches.count) sessions \(kind); name one by a longer id prefix or its path",
                         details: sorted.map { "  " + SessionReference.line(for: $0) })
    }

    /// `6F1C2A8E  2024-12-10 14:30  Psilocybin  sessions/2024/2024-12-10-psilocybin.md`.
    static func line(for entry: VaultEntry) -> String {
        let id = entry.session?.id.map { String($0.uuidString.prefix(8)) } ?? "(no id) "
        let date = entry.session?.date?.shortString ?? "?"
        let treatment = entry.session?.treatment?.displayName ?? "?"
        return "\(id)  \(date)  \(treatment)  \(entry.path)"
    }
}
