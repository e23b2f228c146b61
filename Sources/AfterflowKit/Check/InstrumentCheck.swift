import Foundation

/// The checks that need the vault's own instruments (`instruments/*.md`), which an assessment file
/// read alone cannot know: each instrument file's problems, and every answer to a vault-defined
/// instrument checked against it (as many answers as items, each on the scale). An answer naming
/// such an instrument has its "unknown instrument" error, which its own reading gave, taken back.
enum InstrumentCheck {
    /// `problems` (every document's, from the index) with the instruments' checks applied, and
    /// the number of instrument files checked (the index counts them as no kind's documents);
    /// `unsaved` maps vault-relative paths to text not yet saved, read in place of the files.
    /// With `files`, only their problems are asked for: the answers among them are read (none
    /// else), and nothing at all when none is an instrument file or an answer to one of the
    /// vault's own (the count of files is then 0).
    static func apply(to problems: [Diagnostic], in store: IndexStore, replacing unsaved: [String: [UInt8]],
                      files: Set<String>? = nil) throws(VaultError) -> (problems: [Diagnostic], files: Int) {
        let vault = store.vault
        let answerPaths = try answers(in: store, unsaved: unsaved, files: files)
        if let files, answerPaths.isEmpty, !files.contains(where: { $0.hasPrefix(InstrumentCatalog.folder + "/") }) {
            return (problems, 0)
        }
        func bytes(_ path: String) -> [UInt8]? {
            if let text = unsaved[path] { return text }
            return (try? vault.path(path)).flatMap { try? FileIO.read($0) }
        }
        var instrumentPaths = Set(VaultScanner.documentPaths(in: vault, under: InstrumentCatalog.folder))
        instrumentPaths.formUnion(unsaved.keys.filter { $0.hasPrefix(InstrumentCatalog.folder + "/") })
        let files = instrumentPaths.sorted().compactMap { path in
            bytes(path).map { (path: path, file: InstrumentFile(document: Document(bytes: $0), source: .vault(path))) }
        }
        let catalog = InstrumentCatalog(files: files)
        var taken: Set<Diagnostic> = []
        var added = catalog.diagnostics + files.flatMap { incompleteWording($0.path, $0.file) }
        for path in answerPaths.sorted() {
            guard let data = bytes(path) else { continue }
            let answer = Assessment(document: Document(bytes: data))
            guard let id = answer.instrumentID, CatalogKey.isVaultOnly(id), let instrument = catalog.instrument(id: id),
                  let location = answer.instrumentLocation else { continue }
            taken.formUnion(problems.filter { $0.path == path && $0.location == location && $0.message.hasPrefix("instrument must be") })
            added += answer.problems(against: instrument).map { var d = $0; d.path = path; return d }
        }
        guard !taken.isEmpty || !added.isEmpty else { return (problems, files.count) }
        return ((problems.filter { !taken.contains($0) } + added).sorted(by: VaultCheck.inFileOrder), files.count)
    }

    /// The answers to check against the vault's instruments: those the index holds naming an
    /// instrument only the vault defines, and the unsaved files in `assessments/`; with `files`,
    /// only those among them.
    private static func answers(in store: IndexStore, unsaved: [String: [UInt8]], files: Set<String>?) throws(VaultError) -> Set<String> {
        let listed: [(path: String, instrument: String?)]
        if let files {
            listed = try store.assessmentInstruments(among: files.sorted())
        } else {
            listed = try store.assessments(instrumentID: nil).map { (path: $0.path, instrument: $0.instrumentKey) }
        }
        var paths = Set(listed.filter { $0.instrument.map { CatalogKey.isVaultOnly($0) } ?? false }.map(\.path))
        paths.formUnion(unsaved.keys.filter { $0.hasPrefix(AssessmentWriter.folder + "/") })
        return files.map { paths.intersection($0) } ?? paths
    }

    /// A warning on a vault instrument whose items lack their wording: answers are still scored.
    private static func incompleteWording(_ path: String, _ file: InstrumentFile) -> [Diagnostic] {
        guard let instrument = file.instrument, !instrument.hasWording else { return [] }
        let missing = instrument.items.filter { $0.text == nil }.map { String($0.number) }
        let at = file.document.frontMatter.map { SourceLocation(line: $0.closingLine + 2, column: 1) } ?? SourceLocation(line: 1, column: 1)
        return [Diagnostic(.warning, "\(missing.count) of \(instrument.itemCount) items have no wording (\(missing.prefix(5).joined(separator: ", "))\(missing.count > 5 ? ", …" : "")); add it from your own copy, answers are scored all the same",
                           at: at, path: path)]
    }

    private enum CatalogKey {
        /// Whether `id` names no built-in: only the vault can define it.
        static func isVaultOnly(_ id: String) -> Bool { InstrumentCatalog.builtIn(id: id) == nil }
    }
}
