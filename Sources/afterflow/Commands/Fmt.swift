import AfterflowKit
import ArgumentParser
import Foundation

struct Fmt: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Rewrite session, client, goal and trial files into canonical form.",
        discussion: """
            Like gofmt: known keys in their canonical order and form (dates with offsets, lower-case names, quoted only where YAML needs it, status from the content, an id where one is missing), then your own keys exactly as written. Comments move with the key below them. The body, line endings and a BOM are kept. Files with errors are reported and left alone.

            Client, goal and trial session files get an id where one is missing, and each trial line of ## Trials in its canonical form (- 15:02:31 s-initial - minimal  note); no other line of theirs changes.

            Examples:
              afterflow fmt                 rewrite every file that needs it
              afterflow fmt --check         list them and exit 1 (for git hooks and CI)
              afterflow fmt 2024-12-10      one session
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Flag(help: "Change nothing: list the files that are not canonical and exit 1 if there are any.")
    var check = false

    @Argument(help: ArgumentHelp("Sessions to format (id prefix, path, day, today, yesterday or last), or client, goal and trial files by path. Default: every session, draft, client, goal and trial session.", valueName: "ref"))
    var references: [String] = []

    func run() throws {
        let entries: [VaultEntry]
        let vault: Vault
        if references.isEmpty {
            let catalog = try vaultOptions.catalog()
            vault = catalog.vault
            entries = catalog.entries.filter { $0.session != nil || Fmt.otherKinds.contains($0.kind) }
        } else {
            var resolved: [VaultEntry] = []
            var opened: Vault?
            for reference in references {
                if let (v, entry) = try practiceFile(reference) {
                    opened = v
                    resolved.append(entry)
                    continue
                }
                let (v, entry) = try vaultOptions.resolve(reference)
                opened = v
                resolved.append(entry)
            }
            entries = resolved
            vault = try opened ?? vaultOptions.open()
        }
        let store = DocumentStore(vault: vault)
        let printer = DiagnosticPrinter(vault: vault)
        var skipped = 0
        var changed: [String] = []
        for entry in entries {
            // Each kind's canonical form, as its descriptor writes it.
            guard let kind = entry.kind else { continue }
            let formatted = kind.descriptor.formatted(entry.content, timeZone: vault.timeZone)
            // A treatment or route the vault lacks: the store would refuse the save, so it is left alone here.
            let unknown = entry.session.map { vault.config.sessionProblems(of: $0, path: entry.path) } ?? []
            guard let formatted, unknown.isEmpty else {
                printer.print((entry.diagnostics + unknown).filter { $0.severity == .error }.sorted { $0.location < $1.location }, source: entry.document)
                skipped += 1
                continue
            }
            guard formatted.bytes != entry.document.bytes else { continue }
            changed.append(entry.path)
            if check {
                emit(vault.shownPath(entry.path))
            } else {
                try withVaultErrors { try store.save(formatted, over: entry, now: CommandClock.now) }
            }
        }
        let err = ErrorStream.current
        if check {
            if !changed.isEmpty {
                err.write("\(changed.count) file\(changed.count == 1 ? " is" : "s are") not in canonical form; '\(vaultOptions.hints.command("fmt"))' rewrites \(changed.count == 1 ? "it" : "them").")
            }
        } else {
            err.write(changed.isEmpty ? "All \(entries.count - skipped) files are already canonical." : "Formatted \(changed.count) file\(changed.count == 1 ? "" : "s").")
            for path in changed { emit("  \(vault.shownPath(path))") }
        }
        if skipped > 0 {
            err.write(err.style("error:", "1;31") + " \(skipped) file\(skipped == 1 ? " has" : "s have") errors and \(skipped == 1 ? "was" : "were") left alone; fix \(skipped == 1 ? "it" : "them") first")
        }
        if skipped > 0 || (check && !changed.isEmpty) { throw Exit.dataProblem }
    }

    /// The kinds besides sessions that fmt rewrites: every other kind, so a kind added later is
    /// formatted without being named here.
    static let otherKinds = Set<DocumentKind?>(DocumentKind.allCases.filter { $0 != .session }.map { Optional($0) })

    /// A client, goal or trial session file named by its path; nil for any other reference (the
    /// index's references name sessions).
    private func practiceFile(_ reference: String) throws -> (Vault, VaultEntry)? {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        guard trimmed.contains("/") || trimmed.hasSuffix(".md") else { return nil }
        let vault = try withVaultErrors { try vaultOptions.locate() }
        for base in [FileManager.default.currentDirectoryPath, vault.root] {
            let absolute = LocalPaths.absolute(trimmed, from: base)
            guard let relative = vault.relativePath(absolute), !relative.isEmpty, FileIO.exists(absolute) else { continue }
            let entry = VaultEntry(path: relative, bytes: try withVaultErrors { try FileIO.read(absolute) })
            return Fmt.otherKinds.contains(entry.kind) ? (vault, entry) : nil
        }
        return nil
    }
}
