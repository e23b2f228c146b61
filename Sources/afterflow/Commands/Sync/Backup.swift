import AfterflowKit
import ArgumentParser
import Foundation

/// Runs `tar` into `age` (or `age` into `tar`), the one's output the other's input.
enum Pipeline {
    /// Runs `first | second`; the statuses and what each wrote on standard error.
    static func run(_ first: [String], _ second: [String], directory: String? = nil) throws -> (first: Int32, second: Int32, errors: String) {
        let result = try run(first, second, directory: directory, capture: false)
        return (result.first, result.second, result.errors)
    }

    /// Runs `first | second`; with `capture`, what `second` writes on standard output is returned
    /// (else it goes to afterflow's).
    static func run(_ first: [String], _ second: [String], directory: String? = nil, capture: Bool) throws -> (first: Int32, second: Int32, errors: String, output: Data) {
        var childA = try Programs.child(first, directory: directory), childB = try Programs.child(second, directory: directory)
        let pipe = Pipe()
        childA.output = .pipe(pipe)
        childB.input = .pipe(pipe)
        let errA = Pipe(), errB = Pipe()
        childA.error = .pipe(errA)
        childB.error = .pipe(errB)
        let out = Pipe()
        if capture { childB.output = .pipe(out) }
        let a = try childA.start()
        Interruption.started(a.processIdentifier)
        let b = try childB.start()
        Interruption.started(b.processIdentifier)
        try? pipe.fileHandleForReading.close()
        try? pipe.fileHandleForWriting.close()
        // Read on their own threads, so that a full pipe never stops tar or age.
        nonisolated(unsafe) var ea = Data(), eb = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { ea = errA.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { eb = errB.fileHandleForReading.readDataToEndOfFile() }
        let output = capture ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        group.wait()
        let endA = a.wait(), endB = b.wait()
        return (endA.status, endB.status, String(decoding: ea + eb, as: UTF8.self), output)
    }

    /// Runs age in the terminal's foreground, where it asks for the passphrase itself on
    /// /dev/tty (a process in a group of its own could not read the terminal); its exit status.
    static func ageOnTerminal(_ arguments: [String], input: Int32? = nil, output: Int32? = nil) -> Int32 {
        guard let age = agePath() else { return 127 }
        switch try? ChildProcess.runInForeground(age, arguments, environment: ProcessInfo.processInfo.environment, input: input, output: output) {
        case .exited(let status)?: return status
        default: return 1
        }
    }

    /// Where age is on PATH; nil when it is not installed.
    static func agePath() -> String? {
        Programs.find("age")
    }

    /// Stops with a message that says how to install age, when it is not there.
    static func requireAge() throws {
        guard agePath() == nil else { return }
        report(VaultError(.notFound, "age is not installed; backups are encrypted with it, so nothing was done", details: [
            "Install it (https://age-encryption.org): apt-get install age, brew install age, or 'make install' in afterflow's source.",
        ]))
        throw Exit.dataProblem
    }

    /// `tar … | age …` with age in the terminal's foreground to ask for the passphrase (with
    /// `tarReads`, `age … | tar …`): the archive goes through a pipe, and nothing of the vault is
    /// written anywhere else in the clear. The statuses of tar and age and tar's errors.
    static func withAgeOnTerminal(tar arguments: [String], age ageArguments: [String], tarReads: Bool) throws -> (tar: Int32, age: Int32, errors: String) {
        var child = try Programs.child(arguments)
        let pipe = Pipe(), errors = Pipe()
        if tarReads { child.input = .pipe(pipe) } else { child.output = .pipe(pipe) }
        child.error = .pipe(errors)
        let tar = try child.start()
        Interruption.started(tar.processIdentifier)
        // Only age holds the other end, so that tar sees the end of its input when age is done
        // (or age the end of its, when tar is).
        let ours = tarReads ? pipe.fileHandleForWriting : pipe.fileHandleForReading
        try? (tarReads ? pipe.fileHandleForReading : pipe.fileHandleForWriting).close()
        let status = tarReads
            ? ageOnTerminal(ageArguments, output: ours.fileDescriptor)
            : ageOnTerminal(ageArguments, input: ours.fileDescriptor)
        try? ours.close()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        return (tar.wait().status, status, String(decoding: text, as: UTF8.self))
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

        func validate() throws {
            if format == .json && !dryRun { throw ValidationError("--format json lists what would go in: use it with --dry-run") }
        }

        /// The files tar puts in the archive (the vault without its index), as tar itself lists them.
        func listContents(_ root: String) throws {
            let listed = try Pipeline.run(Pipeline.tarCreate(root), ["tar", "-tf", "-"], capture: true)
            guard listed.first == 0, listed.second == 0 else {
                report(VaultError(.io, "tar failed; nothing was written", details: listed.errors.split(separator: "\n").map { "  " + $0 }))
                throw Exit.dataProblem
            }
            var files: [(path: String, size: Int, mode: Int)] = []
            for entry in String(decoding: listed.output, as: UTF8.self).split(separator: "\n") {
                var path = String(entry)
                if path.hasPrefix("./") { path.removeFirst(2) }
                var info = stat()
                guard !path.isEmpty, lstat(root + "/" + path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { continue }
                files.append((path, Int(info.st_size), Int(info.st_mode & 0o7777)))
            }
            files.sort { $0.path < $1.path }
            let total = files.reduce(0) { $0 + $1.size }
            if format == .json {
                emit(JSONValue.object([
                    ("files", .array(files.map { file in
                        .object([("path", .string(file.path)), ("bytes", .int(file.size)), ("mode", .string(String(format: "%04o", file.mode)))])
                    })),
                    ("count", .int(files.count)),
                    ("bytes", .int(total)),
                ]).serialized(pretty: true))
                return
            }
            let term = Terminal.current
            guard term.stdoutIsTTY else {
                for file in files { emit(file.path.visible()) }
                return
            }
            let sizes = files.map { Self.size($0.size) }
            let width = sizes.map(\.count).max() ?? 0
            for (file, size) in zip(files, sizes) {
                emit(String(repeating: " ", count: width - size.count) + size + "  " + file.path.visible())
            }
            emit(term.bold("\(files.count) file\(files.count == 1 ? "" : "s"), \(Self.size(total)),") + " would go in the archive (the index is left out); nothing was written.")
        }

        /// A size as people read it: 812 B, 4.2 kB, 13 MB.
        static func size(_ bytes: Int) -> String {
            if bytes < 1000 { return "\(bytes) B" }
            let units = ["kB", "MB", "GB", "TB"]
            var value = Double(bytes) / 1000
            var unit = 0
            while value >= 999.95, unit < units.count - 1 { value /= 1000; unit += 1 }
            return (value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)) + " " + units[unit]
        }

        func run() throws {
            let vault = try withVaultErrors { try vaultOptions.locate() }
            if dryRun {
                try listContents(vault.root)
                return
            }
            try Pipeline.requireAge()
            let target = LocalPaths.absolute(output, from: FileManager.default.currentDirectoryPath)
            if BackupPaths.isInside(target, root: vault.root) {
                report(VaultError(.outsideVault, "the archive cannot be inside the vault it backs up; write it elsewhere"))
                throw Exit.dataProblem
            }
            var info = stat()
            if lstat(target, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFREG else {
                    report(VaultError(.exists, "\(output) is a folder or a special file; name the archive's file, like \(Shell.quote(output + "/journal.age"))"))
                    throw Exit.dataProblem
                }
                guard force else {
                    report(VaultError(.exists, "\(output) exists; add --force to replace it (the new archive takes its place only once complete)"))
                    throw Exit.dataProblem
                }
            }
            let partial = target + ".partial"
            var age = ["age", "-o", partial]
            if recipient.isEmpty { age.append("-p") } else { for key in recipient { age += ["-r", key] } }
            let result: (first: Int32, second: Int32, errors: String)
            do {
                if recipient.isEmpty {
                    // age asks for the passphrase on the terminal while tar's archive reaches it through a pipe.
                    let run = try Pipeline.withAgeOnTerminal(tar: Pipeline.tarCreate(vault.root), age: ["-p", "-o", partial], tarReads: false)
                    result = (run.tar, run.age, run.errors)
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
            var info = stat()
            if lstat(target, &info) == 0 {
                let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
                guard isFolder else {
                    report(VaultError(.exists, "\(directory) is a file, not a folder; a restore never writes over files", details: ["Restore into a new folder."]))
                    throw Exit.dataProblem
                }
                guard (try? FileManager.default.contentsOfDirectory(atPath: target))?.isEmpty == true else {
                    report(VaultError(.exists, "\(directory) is not empty; a restore never writes over files", details: ["Restore into a new folder."]))
                    throw Exit.dataProblem
                }
            }
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
            // An empty folder at DIR makes way (rmdir removes nothing else: a file that appeared
            // meanwhile stays).
            if lstat(target, &info) == 0 { _ = rmdir(target) }
            guard rename(folder.vault, target) == 0 else {
                folder.remove()
                report(VaultError(.io, "cannot move the restored vault to \(directory)"))
                throw Exit.dataProblem
            }
            folder.remove()
            if !skipped.isEmpty {
                let err = ErrorStream.current
                err.write(err.style("warning:", "1;35") + " \(skipped.count) thing\(skipped.count == 1 ? "" : "s") in the archive \(skipped.count == 1 ? "is" : "are") not what a vault holds; restored as a vault's files only:")
                for item in skipped { err.write("  \(item.path.visible()): \(item.what.visible())") }
            }
            emit("Restored the vault into \(directory). Its index is rebuilt by the first command that needs it.")
        }

        /// Decrypts the archive with age and unpacks it with tar into the restore folder, through a
        /// pipe; the statuses of age and tar and what they wrote on standard error.
        func unpack(into folder: RestoreFolder.Held, cwd: String) throws -> (age: Int32, tar: Int32, errors: String) {
            // Nothing of the archive's owners or modes is taken: files are the user's, and
            // `RestoreFolder.confine` makes them owner-only.
            let tar = ["tar", "-C", folder.vault, "-xf", "-", "--no-same-owner", "--no-same-permissions"]
            do {
                if identity == nil {
                    // age asks for the passphrase on the terminal; what it decrypts goes to tar through a pipe.
                    let run = try Pipeline.withAgeOnTerminal(tar: tar, age: ["-d", LocalPaths.absolute(archive, from: cwd)], tarReads: true)
                    return (run.age, run.tar, run.errors)
                }
                let age = ["age", "-d", "-i", LocalPaths.absolute(identity ?? "", from: cwd), LocalPaths.absolute(archive, from: cwd)]
                let run = try Pipeline.run(age, tar)
                return (run.first, run.second, run.errors)
            } catch let exit as ExitCode {
                folder.remove()
                throw exit
            } catch {
                folder.remove()
                report(VaultError(.io, "cannot run age and tar: \(error.localizedDescription)", details: ["Install age (https://age-encryption.org), e.g. apt-get install age or brew install age."]))
                throw Exit.dataProblem
            }
        }

        /// Stops, removing the folder, when age could not decrypt or tar refused the archive.
        func checkUnpacked(_ result: (age: Int32, tar: Int32, errors: String), _ folder: RestoreFolder.Held) throws {
            guard result.age != 0 || result.tar != 0 else { return }
            folder.remove()
            let lines = result.errors.split(separator: "\n").map(String.init)
            if result.age != 0 {
                report(VaultError(.invalid, "cannot decrypt \(archive) with \(identity == nil ? "that passphrase" : "that identity"); nothing was written",
                                  details: lines.filter { $0.hasPrefix("age: error:") }.map { "  " + $0 }))
            } else {
                let refused = lines.filter { $0.hasPrefix("tar: ") && !$0.hasPrefix("tar: Exiting") && !$0.contains("Removing leading") }
                report(VaultError(.invalid, "\(archive) decrypted, but tar refused part of it (a path out of the folder, a file through a link, or a damaged archive), so nothing was restored",
                                  details: refused.map { "  " + $0 } + ["Restore from another backup, or look at it with: age -d ARCHIVE | tar -tvf -"]))
            }
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
