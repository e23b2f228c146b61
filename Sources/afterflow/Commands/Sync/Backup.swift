import AfterflowKit
import ArgumentParser
import Foundation

/// Runs `tar` into `age` (or `age` into `tar`) through the library's `ChildPipeline`, on
/// afterflow's PATH and environment, each program told to `Interruption`.
enum Pipeline {
    static var programs: ChildPipeline {
        ChildPipeline(searchPath: Programs.searchPath, environment: ProcessInfo.processInfo.environment, started: Interruption.started)
    }

    /// Stops with a message that says how to install age, when it is not there.
    static func requireAge() throws {
        guard programs.agePath == nil else { return }
        report(VaultError(.notFound, "age is not installed; backups are encrypted with it, so nothing was done", details: [
            "Install it (https://age-encryption.org): apt-get install age, brew install age, or 'make install' in afterflow's source.",
        ]))
        throw Exit.dataProblem
    }
}

extension Afterflow {
    struct Backup: DisclosingCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Write the whole vault as one archive encrypted with age.",
            discussion: """
                The archive holds every file of the vault with its permissions, but not the index (rebuilt when needed). It is encrypted with the age tool: to each --recipient (an age public key, age1…), else with a passphrase that age asks for on the terminal. A cloud drive can keep it without reading it. No key or passphrase is written anywhere by afterflow. Bring it back with 'afterflow restore'. Each backup is logged as a disclosure first (see 'afterflow disclosures'); the log goes into the archive.

                Examples:
                  afterflow backup -o /media/usb/journal.age --recipient age1ql3z7hjy54…
                  afterflow backup -o ~/Dropbox/j.age      asks for a passphrase
                  afterflow backup -o ~/Dropbox/j.age --force   replaces last week's
                  afterflow backup -o x.age --dry-run      lists what would go in
                  afterflow backup -o x.age --dry-run --format json
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Option(name: .shortAndLong, help: ArgumentHelp("The archive to write (a neutral name: it is seen by whoever sees the folder).", valueName: "path"))
        var output: String

        @Option(name: .long, help: ArgumentHelp("An age public key to encrypt to; repeat for several. Without one, a passphrase.", valueName: "key"))
        var recipient: [String] = []

        @Flag(name: .long, help: "List the files that would go in, and write nothing.")
        var dryRun = false

        @Flag(name: .long, help: "Replace the file at PATH (an older backup) when there is one.")
        var force = false

        @Option(help: ArgumentHelp("With --dry-run: text (on a terminal each file's size and a total; piped, one path a line), or json.", valueName: "format"))
        var format: DataFormat = .text

        @OptionGroup var disclosureOptions: DisclosureOptions

        func validate() throws {
            if format == .json && !dryRun { throw ValidationError("--format json lists what would go in: use it with --dry-run") }
        }

        /// The files tar puts in the archive (the vault without its index), as tar itself lists them.
        func listContents(_ root: String) throws {
            let listed = try Pipeline.programs.run(BackupPlan.tarCreate(root), ["tar", "-tf", "-"], capture: true)
            guard listed.first == 0, listed.second == 0 else {
                report(VaultError(.io, "tar failed; nothing was written", details: listed.errors.split(separator: "\n").map { "  " + $0 }))
                throw Exit.dataProblem
            }
            let files = BackupPlan.contents(listing: String(decoding: listed.output, as: UTF8.self), root: root)
            if format == .json {
                emit(BackupPlan.json(files).serialized(pretty: true))
                return
            }
            let term = Terminal.current
            guard term.stdoutIsTTY else {
                for file in files { emit(file.path.visible()) }
                return
            }
            let sizes = files.map { BackupPlan.size($0.size) }
            let width = sizes.map(\.count).max() ?? 0
            for (file, size) in zip(files, sizes) {
                emit(String(repeating: " ", count: width - size.count) + size + "  " + file.path.visible())
            }
            let total = files.reduce(0) { $0 + $1.size }
            emit(term.bold("\(files.count) file\(files.count == 1 ? "" : "s"), \(BackupPlan.size(total)),") + " would go in the archive (the index is left out); nothing was written.")
        }

        func run() throws {
            let vault = try withVaultErrors { try vaultOptions.locate() }
            if dryRun {
                try listContents(vault.root)
                return
            }
            try Pipeline.requireAge()
            let target = LocalPaths.absolute(output, from: FileManager.default.currentDirectoryPath)
            try withVaultErrors { try BackupPlan.checkTarget(target, shown: output, root: vault.root, force: force) }
            let partial = target + ".partial"
            let disclosure = disclosureOptions.disclosure(by: Self.self, vault: vault, now: CommandClock.now, what: "vault",
                                                          clients: DocumentStore(vault: vault).clientShorts(), to: DisclosureDestination(.backup, target))
            try disclosure.run { () throws -> ((), bytes: Int?, sha256: String?) in
                ((), try write(vault, to: target, partial: partial), nil)
            }
            emit("Backed up the vault to \(output), encrypted \(recipient.isEmpty ? "with your passphrase" : "to \(recipient.count) key\(recipient.count == 1 ? "" : "s")"). Bring it back with: afterflow restore \(Shell.quote(output)) DIR")
        }

        /// Runs tar into age into `partial`, then names it `target`; returns the archive's size.
        func write(_ vault: Vault, to target: String, partial: String) throws -> Int? {
            let result: (first: Int32, second: Int32, errors: String)
            do {
                if recipient.isEmpty {
                    // age asks for the passphrase on the terminal while tar's archive reaches it through a pipe.
                    let run = try Pipeline.programs.withAgeOnTerminal(tar: BackupPlan.tarCreate(vault.root), age: ["-p", "-o", partial], tarReads: false)
                    result = (run.tar, run.age, run.errors)
                } else {
                    let run = try Pipeline.programs.run(BackupPlan.tarCreate(vault.root), BackupPlan.age(writing: partial, recipients: recipient))
                    result = (run.first, run.second, run.errors)
                }
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
            var info = stat()
            return stat(target, &info) == 0 ? Int(info.st_size) : nil
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Bring a vault back from an archive written by 'afterflow backup'.",
            discussion: """
                Decrypts ARCHIVE with age (with --identity, an age identity file; else age asks for the passphrase on the terminal) and unpacks it into DIR, every file with its bytes, yours alone (folders 0700, files their owner's bits only). Only files, folders and links inside DIR come back; anything else in the archive (a device node, a link out) is left out and named. DIR must not hold anything yet: a restore never writes over a vault. With a wrong key or passphrase, or an archive tar refuses, nothing is written; an interrupted restore leaves nothing decrypted behind.

                Examples:
                  afterflow restore /media/usb/j.age ~/Journal --identity ~/keys/journal.txt
                  afterflow restore ~/Dropbox/j.age ~/Journal     asks for the passphrase
                """)

        @Argument(help: ArgumentHelp("The archive.", valueName: "archive"))
        var archive: String

        @Argument(help: ArgumentHelp("The folder to restore into; new or empty.", valueName: "dir"))
        var directory: String

        @Option(name: .long, help: ArgumentHelp("An age identity file (the private key).", valueName: "file"))
        var identity: String?

        func run() throws {
            let cwd = FileManager.default.currentDirectoryPath
            let target = LocalPaths.absolute(directory, from: cwd)
            try withVaultErrors { try RestorePlan.checkTarget(target, shown: directory) }
            guard FileManager.default.fileExists(atPath: LocalPaths.absolute(archive, from: cwd)) else {
                report(VaultError(.notFound, "\(archive) is not there"))
                throw Exit.dataProblem
            }
            try Pipeline.requireAge()
            let parent = (target as NSString).deletingLastPathComponent
            // Folders that killed restores left here go first; this one is removed if a signal stops it.
            RestoreFolder.sweep(in: parent, now: Date())
            Interruption.catchSignals()
            let folder = try withVaultErrors { try RestoreFolder.make(beside: target) }
            let result = try unpack(into: folder, cwd: cwd)
            guard Interruption.caught == 0 else { interrupted(folder) }
            try checkUnpacked(result, folder)
            let skipped = RestoreFolder.confine(folder.vault, user: getuid(), group: getgid())
            guard Interruption.caught == 0 else { interrupted(folder) }
            try withVaultErrors { try folder.install(at: target, shown: directory) }
            if !skipped.isEmpty {
                let err = ErrorStream.current
                let warning = RestorePlan.skippedWarning(skipped)
                err.write(err.style("warning:", "1;35") + " " + warning.message)
                for line in warning.lines { err.write(line) }
            }
            emit("Restored the vault into \(directory). Its index is rebuilt by the first command that needs it.")
        }

        /// Decrypts the archive with age and unpacks it with tar into the restore folder, through a
        /// pipe; the statuses of age and tar and what they wrote on standard error.
        func unpack(into folder: RestoreFolder.Held, cwd: String) throws -> (age: Int32, tar: Int32, errors: String) {
            do {
                return try RestorePlan.unpack(LocalPaths.absolute(archive, from: cwd), identity: identity.map { LocalPaths.absolute($0, from: cwd) },
                                              into: folder.vault, with: Pipeline.programs)
            } catch {
                folder.remove()
                report(VaultError(.io, "cannot run age and tar: \(error.localizedDescription)", details: ["Install age (https://age-encryption.org), e.g. apt-get install age or brew install age."]))
                throw Exit.dataProblem
            }
        }

        /// Stops, removing the folder, when age could not decrypt or tar refused the archive.
        func checkUnpacked(_ result: (age: Int32, tar: Int32, errors: String), _ folder: RestoreFolder.Held) throws {
            guard let failure = RestorePlan.failure(age: result.age, tar: result.tar, errors: result.errors, archive: archive, identity: identity != nil) else { return }
            folder.remove()
            report(failure)
            throw Exit.dataProblem
        }

        /// A signal stopped the restore: its folder is removed, and it ends as the signal says.
        func interrupted(_ folder: RestoreFolder.Held) -> Never {
            folder.remove()
            let err = ErrorStream.current
            err.write("afterflow: the restore was interrupted; nothing was restored, and nothing decrypted is left on disk")
            Foundation.exit(128 + Interruption.caught)
        }
    }
}
