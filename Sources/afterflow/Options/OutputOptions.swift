import AfterflowKit
import ArgumentParser
import Foundation

/// `-o PATH` for the exports: a file, or a folder where the file gets a neutral name.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "A file, or a folder where the export gets a neutral name (Afterflow-Export-YYYYMMDD-HHmm.csv). Default: standard output.",
        valueName: "path"))
    var output: String?

    /// Writes `bytes` to standard output or to the path (new files readable by the owner alone),
    /// and returns the path written, as the user would name it, or nil for standard output.
    func write(_ bytes: [UInt8], extension ext: String, timeZone: TimeZone, now: Date) throws -> String? {
        guard let output else {
            FileHandle.standardOutput.write(Data(bytes))
            return nil
        }
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = Vault.absolute(output, from: cwd)
        var target = absolute
        var shown = output
        if FileIO.isDirectory(absolute) {
            target = ExportFileName.freePath(in: absolute, at: now, timeZone: timeZone, extension: ext)
            let name = String(target.split(separator: "/").last ?? "")
            shown = output.hasSuffix("/") ? output + name : output + "/" + name
        } else if output.hasSuffix("/") {
            report(VaultError(.notFound, "the folder \(output) does not exist; create it first, or name a file"))
            throw Exit.dataProblem
        }
        try withVaultErrors { try FileIO.overwrite(target, contents: bytes) }
        return shown
    }
}
