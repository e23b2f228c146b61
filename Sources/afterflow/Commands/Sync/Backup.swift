import AfterflowKit
import ArgumentParser
import Foundation

/// Runs `tar` into `age` (or `age` into `tar`), the one's output the other's input.
enum Pipeline {
    /// Runs `first | second`; the statuses and what each wrote on standard error.
    static func run(_ first: [String], _ second: [String], directory: String? = nil) throws -> (first: Int32, second: Int32, errors: String) {
        func make(_ arguments: [String]) -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
            return process
        }
        let a = make(first), b = make(second)
        let pipe = Pipe()
        a.standardOutput = pipe
        b.standardInput = pipe
        let errA = Pipe(), errB = Pipe()
        a.standardError = errA
        b.standardError = errB
        try a.run()
        try b.run()
        try? pipe.fileHandleForReading.close()
        try? pipe.fileHandleForWriting.close()
        let ea = errA.fileHandleForReading.readDataToEndOfFile()
        let eb = errB.fileHandleForReading.readDataToEndOfFile()
        a.waitUntilExit()
        b.waitUntilExit()
        return (a.terminationStatus, b.terminationStatus, String(decoding: ea + eb, as: UTF8.self))
    }

    /// Runs `tar` alone (no pipe); its status and errors.
    static func runAlone(_ arguments: [String]) -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        do { try process.run() } catch { return (127, "cannot run \(arguments[0]): \(error.localizedDescription)") }
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs age in the terminal's foreground, where it asks for the passphrase itself (a process
    /// in a group of its own could not read the terminal); its exit status.
    static func ageOnTerminal(_ arguments: [String]) -> Int32 {
        guard let age = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map({ String($0) + "/age" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return 127 }
        switch try? ForegroundProgram.run(age, arguments) {
        case .exited(let status)?: return status
        default: return 1
        }
    }

    /// The files a backup holds: the vault without the index and the lock.
    static let excluded = ["./.afterflow/index.sqlite*", "./.afterflow/lock", "./.afterflow/*.tmp"]

    static func tarCreate(_ root: String, to file: String = "-") -> [String] {
        ["tar", "-C", root, "-cf", file] + excluded.map { "--exclude=" + $0 } + ["."]
    }
}

extension Afterflow {
    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Write the whole vault as one archive encrypted with age.",
            discussion: """
                The archive holds every file of the vault with its permissions, but not the index (rebuilt when needed). It is encrypted with the age tool: to each --recipient (an age public key, age1…), else with a passphrase that age asks for on the terminal. A cloud drive can keep it without reading it. No key or passphrase is written anywhere by afterflow. Bring it back with 'afterflow restore'.

                Examples:
                  afterflow backup -o /media/usb/journal.age --recipient age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p
                  afterflow backup -o ~/Dropbox/j.age      asks for a passphrase
                  afterflow backup -o x.age --dry-run      lists what would go in
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Option(name: .shortAndLong, help: ArgumentHelp("The archive to write (a neutral name: it is seen by whoever sees the folder).", valueName: "path"))
        var output: String

        @Option(name: .long, help: ArgumentHelp("An age public key to encrypt to; repeat for several. Without one, a passphrase.", valueName: "key"))
        var recipient: [String] = []

        @Flag(name: .long, help: "List the files that would go in, and write nothing.")
        var dryRun = false

        func run() throws {
            let vault = try withVaultErrors { try vaultOptions.locate() }
            if dryRun {
                let listed = try Pipeline.run(Pipeline.tarCreate(vault.root), ["tar", "-tf", "-"])
                guard listed.first == 0, listed.second == 0 else {
                    report(VaultError(.io, "tar failed: \(listed.errors)"))
                    throw Exit.dataProblem
                }
                return
            }
            let target = Vault.absolute(output, from: FileManager.default.currentDirectoryPath)
            if target.hasPrefix(vault.root + "/") {
                report(VaultError(.outsideVault, "the archive cannot be inside the vault it backs up; write it elsewhere"))
                throw Exit.dataProblem
            }
            let partial = target + ".partial"
            var age = ["age", "-o", partial]
            if recipient.isEmpty { age.append("-p") } else { for key in recipient { age += ["-r", key] } }
            let result: (first: Int32, second: Int32, errors: String)
            do {
                if recipient.isEmpty {
                    // The archive goes through a private temporary file, so that age can have the
                    // terminal to ask for the passphrase.
                    let folder = try withVaultErrors { try FileIO.makeTemporaryFolder(prefix: "afterflow-backup") }
                    defer { FileIO.removeTree(folder) }
                    let tar = Pipeline.runAlone(Pipeline.tarCreate(vault.root, to: folder + "/a.tar"))
                    let status = tar.status == 0 ? Pipeline.ageOnTerminal(["-p", "-o", partial, folder + "/a.tar"]) : 1
                    result = (tar.status, status, tar.errors)
                } else {
                    result = try Pipeline.run(Pipeline.tarCreate(vault.root), age)
                }
            } catch let exit as ExitCode {
                throw exit
            } catch {
                report(VaultError(.io, "cannot run tar and age: \(error.localizedDescription)", details: ["Install age (https://age-encryption.org), e.g. apt-get install age or brew install age."]))
                throw Exit.dataProblem
            }
            guard result.first == 0, result.second == 0 else {
                try? FileManager.default.removeItem(atPath: partial)
                report(VaultError(.io, "the backup failed; nothing was written", details: result.errors.split(separator: "\n").map { "  " + $0 }))
                throw Exit.dataProblem
            }
            chmod(partial, 0o600)
            guard rename(partial, target) == 0 else {
                try? FileManager.default.removeItem(atPath: partial)
                report(VaultError(.io, "cannot write \(target)"))
                throw Exit.dataProblem
            }
            emit("Backed up the vault to \(output), encrypted \(recipient.isEmpty ? "with your passphrase" : "to \(recipient.count) key\(recipient.count == 1 ? "" : "s")"). Bring it back with: afterflow restore \(Shell.quote(output)) DIR")
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Bring a vault back from an archive written by 'afterflow backup'.",
            discussion: """
                Decrypts ARCHIVE with age (with --identity, an age identity file; else age asks for the passphrase on the terminal) and unpacks it into DIR, with every file's bytes and permissions. DIR must not hold anything yet: a restore never writes over a vault. With a wrong key or passphrase nothing is written.

                Examples:
                  afterflow restore /media/usb/journal.age ~/Journal --identity ~/keys/journal.txt
                """)

        @Argument(help: ArgumentHelp("The archive.", valueName: "archive"))
        var archive: String

        @Argument(help: ArgumentHelp("The folder to restore into; new or empty.", valueName: "dir"))
        var directory: String

        @Option(name: .long, help: ArgumentHelp("An age identity file (the private key).", valueName: "file"))
        var identity: String?

        func run() throws {
            let cwd = FileManager.default.currentDirectoryPath
            let target = Vault.absolute(directory, from: cwd)
            if let contents = try? FileManager.default.contentsOfDirectory(atPath: target), !contents.isEmpty {
                report(VaultError(.exists, "\(directory) is not empty; a restore never writes over files", details: ["Restore into a new folder."]))
                throw Exit.dataProblem
            }
            guard FileManager.default.fileExists(atPath: Vault.absolute(archive, from: cwd)) else {
                report(VaultError(.notFound, "\(archive) is not there"))
                throw Exit.dataProblem
            }
            let parent = (target as NSString).deletingLastPathComponent
            let temp = parent + "/.afterflow-restore-" + UUID().uuidString + ".tmp"
            do {
                try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                report(VaultError(.io, "cannot make a folder in \(parent): \(error.localizedDescription)"))
                throw Exit.dataProblem
            }
            var age = ["age", "-d"]
            if let identity { age += ["-i", Vault.absolute(identity, from: cwd)] }
            age.append(Vault.absolute(archive, from: cwd))
            let result: (first: Int32, second: Int32, errors: String)
            do {
                if identity == nil {
                    let folder = try withVaultErrors { try FileIO.makeTemporaryFolder(prefix: "afterflow-restore") }
                    defer { FileIO.removeTree(folder) }
                    let status = Pipeline.ageOnTerminal(["-d", "-o", folder + "/a.tar", Vault.absolute(archive, from: cwd)])
                    let tar = status == 0 ? Pipeline.runAlone(["tar", "-C", temp, "-xpf", folder + "/a.tar"]) : (1, "")
                    result = (status, tar.0, tar.1)
                } else {
                    result = try Pipeline.run(age, ["tar", "-C", temp, "-xpf", "-"])
                }
            } catch let exit as ExitCode {
                try? FileManager.default.removeItem(atPath: temp)
                throw exit
            } catch {
                try? FileManager.default.removeItem(atPath: temp)
                report(VaultError(.io, "cannot run age and tar: \(error.localizedDescription)", details: ["Install age (https://age-encryption.org), e.g. apt-get install age or brew install age."]))
                throw Exit.dataProblem
            }
            guard result.first == 0, result.second == 0 else {
                try? FileManager.default.removeItem(atPath: temp)
                report(VaultError(.invalid, "cannot decrypt \(archive) with \(identity == nil ? "that passphrase" : "that identity"); nothing was written",
                                  details: result.errors.split(separator: "\n").filter { $0.hasPrefix("age: error:") }.map { "  " + $0 }))
                throw Exit.dataProblem
            }
            // The archive's root folder carries the vault folder's own permissions.
            try? FileManager.default.removeItem(atPath: target)
            guard rename(temp, target) == 0 else {
                try? FileManager.default.removeItem(atPath: temp)
                report(VaultError(.io, "cannot move the restored vault to \(directory)"))
                throw Exit.dataProblem
            }
            emit("Restored the vault into \(directory). Its index is rebuilt by the first command that needs it.")
        }
    }
}
