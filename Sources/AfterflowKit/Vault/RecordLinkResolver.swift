/// What the links of a vault's records name: the records each link leads to, found by the names
/// every record answers to.
///
/// A record (a document, by its vault-relative path) answers, without regard to case, to
///
/// - its path without `.md` (`sessions/2025/2025-01-10-psilocybin`), which a relative Markdown
///   link reaches once resolved against the linking file's folder;
/// - its file name without `.md` (`2025-01-10-psilocybin`, `client`, `s-initial`);
/// - the day its file name starts with (`2025-01-10`): every record of that day;
/// - a client file, the client's short name (`maya-t`); a goal, `client/goal` (`maya-t/s-initial`);
///   a trial session, `client/file name` and `client/day` (`maya-t/2025-01-14`).
public struct RecordLinkResolver: Sendable {
    /// Records by the names they answer to (lower case), each list in path order.
    private var byName: [String: [String]] = [:]

    /// A resolver over the records at `paths` (vault-relative).
    public init<S: Sequence>(paths: S) where S.Element == String {
        for path in paths.sorted() {
            for name in RecordLinkResolver.names(of: path) { byName[name, default: []].append(path) }
        }
    }

    /// The records `link`, written in the record at `source`, leads to: none when it names nothing.
    public func targets(of link: RecordLink, from source: String) -> [String] {
        guard let key = RecordLinkResolver.key(of: link, from: source) else { return [] }
        return byName[key] ?? []
    }

    /// The records a wiki link's target (`2025-01-10`, `maya-t/s-initial`) names.
    public func targets(ofName name: String) -> [String] {
        byName[RecordLinkResolver.key(ofWikiTarget: name)] ?? []
    }

    /// The name a link looks its records up by (lower case): a wiki link's target, or a Markdown
    /// link's destination as a vault-relative path without `.md`; nil when a Markdown link leads
    /// outside the vault.
    public static func key(of link: RecordLink, from source: String) -> String? {
        guard link.style == .markdown else { return key(ofWikiTarget: link.target) }
        var parts = source.split(separator: "/").dropLast().map(String.init)
        for part in link.target.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(String(part))
        }
        return withoutExtension(parts.joined(separator: "/")).lowercased()
    }

    static func key(ofWikiTarget target: String) -> String {
        var key = target.lowercased()
        while key.hasPrefix("/") { key.removeFirst() }
        return withoutExtension(key)
    }

    /// The names the record at `path` answers to, lower case.
    public static func names(of path: String) -> [String] {
        let lower = withoutExtension(path.lowercased())
        let parts = lower.split(separator: "/").map(String.init)
        guard let stem = parts.last else { return [] }
        var names = [lower, stem]
        let day = RecordLink.day(of: stem)
        if let day, day != stem { names.append(day) }
        if parts.count >= 3, parts[0] == "clients" {
            let client = parts[1]
            if parts.count == 3, stem == "client" { names.append(client) }
            if parts.count == 4, parts[2] == "goals" { names.append(client + "/" + stem) }
            if parts.count >= 4, parts[2] == "sessions" {
                names.append(client + "/" + stem)
                if let day, day != stem { names.append(client + "/" + day) }
            }
        }
        return names
    }

    private static func withoutExtension(_ path: String) -> String {
        path.lowercased().hasSuffix(".md") ? String(path.dropLast(3)) : path
    }
}
