/// The links that name nothing: a warning on each link of an afterflow record (not another
/// tool's note, which may link to notes still to be written) whose target is no record of the
/// vault, located at the target as written.
enum LinkCheck {
    /// The warnings of every record's links, or of `files`' only; the unsaved documents' links
    /// come from their text, and their paths count as records.
    static func diagnostics(store: IndexStore, overlay: UnsavedDocuments, files: Set<String>?) throws(VaultError) -> [Diagnostic] {
        let stored = try store.links(in: files.map { Array($0.subtracting(overlay.entries.keys)) }, recordsOnly: true)
        var links = stored.filter { overlay.entries[$0.path] == nil }
        for (path, entry) in overlay.entries where !entry.isPlainNote && (files?.contains(path) ?? true) {
            links += entry.document.links.map { StoredLink(path: path, link: $0) }
        }
        // Knowing every record's names costs a pass over every path (a seventh of `check` on
        // 100,000 sessions): only when there is a link to look up, and for a few files only the
        // paths that may answer to their links.
        guard !links.isEmpty else { return [] }
        let known = files == nil ? try store.allDocumentPaths()
            : try store.documentPaths(answeringAny: links.compactMap { RecordLinkResolver.key(of: $0.link, from: $0.path) })
        let resolver = RecordLinkResolver(paths: Set(known).union(overlay.entries.keys))
        return links.compactMap { stored in
            guard resolver.targets(of: stored.link, from: stored.path).isEmpty else { return nil }
            return Diagnostic(.warning, message(for: stored.link, from: stored.path), at: stored.link.targetLocation, path: stored.path)
        }
    }

    static func message(for link: RecordLink, from path: String) -> String {
        switch link.style {
        case .wiki:
            return "the link \(link.written) names no record of the vault; a link names a day with records (2025-01-10), a file's name (2025-01-10-psilocybin), a client (maya-t) or a client's goal (maya-t/s-initial)"
        case .markdown:
            guard RecordLinkResolver.key(of: link, from: path) != nil else {
                return "the link to \(link.target) leads outside the vault; link to a record inside it, by a path relative to this file"
            }
            return "the link to \(link.target) names no record of the vault; give the path of a record's .md file relative to this file"
        }
    }
}
