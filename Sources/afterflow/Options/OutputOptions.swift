import AfterflowKit
import ArgumentParser
import Foundation

/// `-o PATH` for the exports: a file, or a folder where the file gets a neutral name.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "A file, or a folder where the export gets a neutral name: Afterflow-Export-YYYYMMDD-HHmm and the format's extension (.csv, .json, .html, .pdf). Default: standard output.",
        valueName: "path"))
    var output: String?

    @Flag(help: "Replace the file named by -o when it exists (never a session, a template or anything in .afterflow/).")
    var force = false

    /// Where the export goes, checked before any work is done: nil for standard output.
    func destination(in vault: Vault, extension ext: String, now: Date) throws -> OutputDestination? {
        guard let output else { return nil }
        return try OutputDestination(output, vault: vault, force: force, what: "the export") { folder in
            ExportFileName.freePath(in: folder, at: now, timeZone: vault.timeZone, extension: ext)
        }
    }
}

/// A file named with `-o`, checked by `OutputPath`: never in `.afterflow/`, never over a document
/// or template of the vault, over another existing file only with `--force`.
struct OutputDestination {
    /// The file to write (links resolved).
    var path: String
    /// The path as the user would name it, for messages.
    var shown: String
    /// Whether a file was there and `--force` said to replace it; otherwise the file is created,
    /// and one that appeared since the check is not replaced.
    var replace: Bool

    /// `output` as typed; `name` gives the file's path when it is a folder (nil when folders are
    /// not accepted).
    init(_ output: String, vault: Vault, force: Bool, what: String, inFolder name: ((String) -> String)? = nil) throws {
        let cwd = FileManager.default.currentDirectoryPath
        var raw = output
        if raw == "~" || raw.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] { raw = home + raw.dropFirst() }
        if !raw.hasPrefix("/") { raw = cwd + "/" + raw }
        var file = raw
        shown = output
        if FileIO.isDirectory(raw) {
            guard let name else {
                report(VaultError(.exists, "\(output) is a folder; name a file to write"))
                throw Exit.dataProblem
            }
            file = name(raw)
            let base = String(file.split(separator: "/").last ?? "")
            shown = output.hasSuffix("/") ? output + base : output + "/" + base
        } else if output.hasSuffix("/") {
            report(VaultError(.notFound, "the folder \(output) does not exist; create it first, or name a file"))
            throw Exit.dataProblem
        }
        let shownName = shown
        path = try withVaultErrors { try OutputPath.check(file, shown: shownName, vault: vault, force: force, what: what) }
        replace = FileIO.exists(path)
    }

    /// Writes `bytes`: a new file readable by the owner alone, or (with `--force`) over the
    /// existing one, keeping its permissions. Returns the path as the user would name it.
    func write(_ bytes: [UInt8]) throws -> String {
        try withVaultErrors {
            if replace {
                try FileIO.overwrite(path, contents: bytes)
            } else {
                try FileIO.create(path, contents: bytes)
            }
        }
        return shown
    }
}

/// Writes `bytes` to `destination`, or to standard output when there is none, logging the
/// disclosure first and its outcome (size and SHA-256) after; returns the path written, as the
/// user would name it.
func writeOutput(_ bytes: [UInt8], to destination: OutputDestination?, logging disclosure: PendingDisclosure) throws -> String? {
    try disclosure.run { () throws -> (String?, bytes: Int?, sha256: String?) in
        let hash = SHA256.hex(bytes)
        guard let destination else {
            FileHandle.standardOutput.write(Data(bytes))
            return (nil, bytes.count, hash)
        }
        return (try destination.write(bytes), bytes.count, hash)
    }
}

/// Writes what `body` streams to `destination` as it comes (a file, under a temporary name until
/// it is complete), or to standard output when there is none, logging the disclosure first and
/// its outcome (size and SHA-256 of what was streamed) after; returns `body`'s answer and the
/// path written, as the user would name it.
func streamOutput<T>(to destination: OutputDestination?, logging disclosure: PendingDisclosure,
                     _ body: (ByteOutput) throws(VaultError) -> T) throws -> (T, String?) {
    do {
        return try disclosure.run { () throws -> ((T, String?), bytes: Int?, sha256: String?) in
            let counted = CountedBytes()
            let result = try streamCounted(to: destination, counted: counted, body)
            return (result, counted.count, counted.hash.hexDigest())
        }
    } catch let error as VaultError {
        report(error)
        throw Exit.dataProblem
    }
}

/// The size and hash of what a stream has sent so far.
private final class CountedBytes {
    var count = 0
    var hash = SHA256()
}

private func streamCounted<T>(to destination: OutputDestination?, counted: CountedBytes,
                              _ body: (ByteOutput) throws(VaultError) -> T) throws(VaultError) -> (T, String?) {
    let file = try destination.map { (destination) throws(VaultError) in try FileIO.StreamedFile(destination.path, replace: destination.replace) }
    let target = file?.output ?? ByteOutput(fileDescriptor: STDOUT_FILENO, shown: "standard output")
    let output = ByteOutput { (bytes) throws(VaultError) in
        counted.hash.update(bytes)
        counted.count += bytes.count
        target.buffer.append(contentsOf: bytes)  // no array made of each 64 KB piece on its way
        try target.didAppend()
    }
    let answer = try body(output)
    try output.flush()
    try target.flush()
    try file?.commit()
    return (answer, destination?.shown)
}

extension DisclosureDestination {
    /// Where an export goes: the file named by `-o` (its absolute path), or standard output.
    static func output(_ destination: OutputDestination?) -> DisclosureDestination {
        destination.map { DisclosureDestination(.file, $0.path) } ?? .standardOutput
    }
}
