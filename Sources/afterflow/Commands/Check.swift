import AfterflowKit
import ArgumentParser
import Foundation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every document in the vault (or only some files).",
        discussion: """
            Prints each problem as path:line:col: error|warning: message, with the line and a caret, then a summary, on standard output (afterflow check | less), and keeps going past bad files. Exits 1 when there is any error (warnings alone exit 0), so it fits a git pre-commit hook or CI.

            Examples:
              afterflow check
              afterflow check --format json | jq '.[] | select(.severity == "error")'
              afterflow check sessions/2025/2025-03-25-psilocybin.md
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Option(help: ArgumentHelp("text (problems and a summary, compiler style), or json (an array).", valueName: "format"))
    var format: CheckFormat = .text

    enum CheckFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: ArgumentHelp("Only the problems of these files (paths from here or from the vault's folder); the checks across files read only the files those problems depend on (the client's goals, its client.md). Default: every file.", valueName: "file"))
    var files: [String] = []

    func run() throws {
        // The config's problems are part of the report, not printed before it.
        let (store, report) = try vaultOptions.index(printingConfigProblems: false)
        let vault = store.vault
        var vaultCheck = VaultCheck(store: store, readFailures: report.readFailures, git: Git.at(vault.root))
        vaultCheck.now = CommandClock.now
        let result = try withVaultErrors { try vaultCheck.check(files: files.isEmpty ? nil : selected(in: vault)) }
        if format == .json {
            emit(JSONValue.array(result.diagnostics.map(\.json)).serialized(pretty: true))
        } else {
            printText(result, vault: vault)
        }
        if result.errorCount > 0 { throw Exit.dataProblem }
    }

    /// The files asked for, vault-relative: a path from here that names a file in the vault, else
    /// as written (a path from the vault's folder).
    private func selected(in vault: Vault) -> Set<String> {
        let cwd = FileManager.default.currentDirectoryPath
        return Set(files.map { file in
            let fromHere = vault.relativePath(LocalPaths.absolute(file, from: cwd))
            return fromHere.flatMap { FileManager.default.fileExists(atPath: vault.root + "/" + $0) ? $0 : nil } ?? file
        })
    }

    /// Each problem with its line and a caret, then the summary.
    private func printText(_ result: VaultCheck.Report, vault: Vault) {
        let printer = DiagnosticPrinter(vault: vault, toStandardOutput: true)
        var sources: [String: Document] = [:]
        for diagnostic in result.diagnostics {
            let source = diagnostic.path.flatMap { path -> Document? in
                if let known = sources[path] { return known }
                let document = (try? FileIO.read(vault.path(path))).map { Document(bytes: $0) }
                sources[path] = document
                return document
            }
            printer.print(diagnostic, source: source)
        }
        let files = "\(result.fileCount) file\(result.fileCount == 1 ? "" : "s")"
        if result.diagnostics.isEmpty {
            emit("Checked \(files): no problems.")
        } else {
            let affected = result.affectedFileCount
            emit("Checked \(files): \(count(result.errorCount, "error")), \(count(result.warningCount, "warning")) in \(affected) file\(affected == 1 ? "" : "s").")
        }
    }

    private func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
