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

    @Argument(help: ArgumentHelp("Only the problems of these files (paths from here or from the vault's folder); the checks across files still read the whole vault. Default: every file.", valueName: "file"))
    var files: [String] = []

    func run() throws {
        // The config's problems are part of the report, not printed before it.
        let (store, report) = try vaultOptions.index(printingConfigProblems: false)
        let vault = store.vault
        let ioFailures = report.readFailures
        // The index holds each file's own problems; the checks across files (a trial's goal, a
        // goal's client, cue levels) are read from the files themselves.
        var problems = try withVaultErrors { try store.problems() }
        let practice = PracticeCheck.diagnostics(in: vault)
        if !practice.isEmpty {
            problems = (problems + practice).sorted { ($0.path ?? "", $0.location) < ($1.path ?? "", $1.location) }
        }
        // A file deleted on one machine and changed on the other holds no conflict markers: git names it.
        var diagnostics = vault.config.diagnostics + problems + ioFailures + Git.conflictDiagnostics(vaultRoot: vault.root)
        var fileCount = try withVaultErrors { try store.documentCount() } + ioFailures.count
        if !files.isEmpty {
            let cwd = FileManager.default.currentDirectoryPath
            let wanted = Set(files.map { file in
                let fromHere = vault.relativePath(LocalPaths.absolute(file, from: cwd))
                return fromHere.flatMap { FileManager.default.fileExists(atPath: vault.root + "/" + $0) ? $0 : nil } ?? file
            })
            diagnostics = diagnostics.filter { $0.path.map(wanted.contains) ?? false }
            fileCount = wanted.count
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        if format == .json {
            emit(JSONValue.array(diagnostics.map { d in
                .object([
                    ("path", .string(d.path ?? "")), ("line", .int(d.location.line)), ("column", .int(d.location.column)),
                    ("severity", .string(d.severity.rawValue)), ("message", .string(d.message)),
                ])
            }).serialized(pretty: true))
        } else {
            let printer = DiagnosticPrinter(vault: vault, toStandardOutput: true)
            var sources: [String: Document] = [:]
            for diagnostic in diagnostics {
                let source = diagnostic.path.flatMap { path -> Document? in
                    if let known = sources[path] { return known }
                    let document = (try? FileIO.read(vault.path(path))).map { Document(bytes: $0) }
                    sources[path] = document
                    return document
                }
                printer.print(diagnostic, source: source)
            }
            let files = "\(fileCount) file\(fileCount == 1 ? "" : "s")"
            if diagnostics.isEmpty {
                emit("Checked \(files): no problems.")
            } else {
                let affected = Set(diagnostics.compactMap(\.path)).count
                emit("Checked \(files): \(count(errors, "error")), \(count(warnings, "warning")) in \(affected) file\(affected == 1 ? "" : "s").")
            }
        }
        if errors > 0 { throw Exit.dataProblem }
    }

    private func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
