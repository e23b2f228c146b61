import AfterflowKit
import ArgumentParser
import Foundation

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a folder into a vault.",
        discussion: """
            Creates .afterflow/config.yml (the vault's settings, tracked in git), .afterflow/.gitignore (keeps the tool's own state out of git), a .gitignore with the pattern of afterflow's temporary files (added at the end of one that is there) Templates/session.md (the template new sessions start from) Templates/report.html (the layout of the printable report) and Templates/progress.html (the layout of a client's progress report). Existing files are never replaced, so running it again is safe. With --git it also sets git up to merge the vault's documents with afterflow (as 'afterflow git setup' does).

            Examples:
              afterflow init                       the current folder
              afterflow init ~/Journal --git       and start a git repository there
              afterflow init --time-zone Europe/Berlin
              afterflow init ~/Journal --treatment ketamine --administration sublingual
            """)

    @Argument(help: ArgumentHelp("The folder to make a vault (created when missing). Default: the current folder.", valueName: "dir"))
    var directory: String?

    @Option(help: ArgumentHelp("The vault's time zone, for dates written without an offset. Default: this machine's.", valueName: "zone"))
    var timeZone: String?

    @Option(help: ArgumentHelp("The treatment of new sessions when 'new' is not told (default_treatment). Default: psilocybin.", valueName: "name"))
    var treatment: String?

    @Option(help: ArgumentHelp("The route of new sessions when 'new' is not told (default_administration): intravenous (IV), intramuscular (IM), oral, nasal, sublingual, inhaled or other. Default: oral.", valueName: "route"))
    var administration: String?

    @Flag(inversion: .prefixedNo, help: "Start a git repository when the folder is not in one (asked on a terminal; default no).")
    var git: Bool?

    func validate() throws {
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("unknown time zone \"\(timeZone.visible())\"; use a name like America/Los_Angeles or Europe/Berlin")
        }
        if let treatment, TreatmentCatalog.builtIn.treatment(parsing: treatment) == nil {
            throw ValidationError(TreatmentCatalog.builtIn.unknownMessage(treatment, what: "--treatment").visible())
        }
        if let administration, RouteCatalog.builtIn.route(parsing: administration) == nil {
            throw ValidationError(RouteCatalog.builtIn.unknownMessage(administration, what: "--administration").visible())
        }
    }

    func run() throws {
        let cwd = FileManager.default.currentDirectoryPath
        let target = directory.map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 } ?? cwd
        let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
        let home = ProcessInfo.processInfo.environment["HOME"]
        let outcome = try withVaultErrors {
            try VaultInitializer.initialize(at: target, timeZone: zone, timeZoneName: timeZone,
                                            treatment: treatment.flatMap(TreatmentCatalog.builtIn.treatment(parsing:)) ?? VaultConfig.initialTreatment,
                                            administration: administration.flatMap(RouteCatalog.builtIn.route(parsing:)) ?? VaultConfig.initialAdministration,
                                            home: home)
        }
        let term = Terminal.current
        let shown = (directory ?? ".").visible()
        if outcome.created.isEmpty && outcome.extended.isEmpty {
            if case .madePrivate = outcome.privacy {
                emit("\(shown) is already a vault.")
            } else {
                emit("\(shown) is already a vault; nothing to do.")
            }
        } else {
            let made = outcome.created.isEmpty ? "Updated the vault in \(shown)" : "Created a vault in \(shown)"
            emit(term.bold(made) + " (time zone \(timeZone ?? zone.identifier))")
            for path in outcome.created { emit("  + \(path)") }
            for path in outcome.extended { emit("  ~ \(path) (added \(TemporaryFiles.gitignorePattern), afterflow's temporary files)") }
            for path in outcome.kept { emit("  = \(path) (kept)") }
        }
        tellPrivacy(outcome.privacy)
        if !isInGitRepository(outcome.root) {
            let wanted = git ?? (Terminal.current.isInteractive
                ? Prompt.confirm("This folder is not in a git repository. Start one to keep the journal's history?", defaultYes: false)
                : false)
            if wanted {
                try startRepository(in: outcome.root)
                emit("  + .git (a new repository, private to you; commit when you like)")
            } else if git == nil {
                emit(term.dim("Tip: keep every change to the journal, privately, with: git init " + Shell.quote(directory ?? ".")))
            }
        }
        if git == true {
            // Vault documents changed on two machines merge by themselves (afterflow git setup).
            _ = try Afterflow.GitCommand.Setup.configure(vaultRoot: outcome.root)
        }
        // The settings as the vault has them now: the new file's, or the one kept.
        let config = (try? Vault(root: outcome.root))?.config ?? VaultConfig()
        if outcome.kept.contains(".afterflow/config.yml") && (treatment != nil || administration != nil) {
            let err = ErrorStream.current
            err.write(err.style("warning:", "1;35")
                + " .afterflow/config.yml was there already and is kept as it is, so --treatment and --administration changed nothing; edit default_treatment and default_administration in it")
        }
        emit("")
        let route = (config.defaultAdministration?.rawValue).map { " (\($0))" } ?? ""
        emit("New sessions default to \((config.defaultTreatment ?? VaultConfig.initialTreatment).displayName)\(route): default_treatment and default_administration in .afterflow/config.yml.")
        let next = Shell.command(["new", "--mood-before", "5"]) + " --intention \"…\""
        emit("Next: " + next + (directory.map { " --vault " + Shell.quote($0) } ?? ""))
    }

    /// Says what became of the vault folder's permissions: made private, or left shared and why.
    private func tellPrivacy(_ privacy: RootPrivacy) {
        func octal(_ mode: Int) -> String { "0" + String(mode, radix: 8) }
        switch privacy {
        case .alreadyPrivate:
            return
        case .madePrivate(let from, let to):
            emit("  ~ the vault folder is now private to you (\(octal(to)); it was \(octal(from)))")
        case .shared(let reason, let mode):
            let chmod = "run: chmod 700 \(Shell.quote(directory ?? "."))"
            let (why, advice): (String, String)
            switch reason {
            case .otherOwner: (why, advice) = ("belongs to another user, so", "keep it in a folder of your own")
            case .fileSystemRoot: (why, advice) = ("is the root of the file system, so", "keep the vault in a folder of its own")
            case .home: (why, advice) = ("is your home folder, so", chmod + ", or keep the vault in a folder of its own")
            case .writableByEveryone: (why, advice) = ("is writable by everyone, so it looks shared on purpose and", chmod)
            case .groupWritable: (why, advice) = ("is group-writable, so it looks shared on purpose and", chmod)
            case .setgid: (why, advice) = ("is setgid, so it looks shared on purpose and", chmod)
            }
            let err = ErrorStream.current
            err.write(err.style("warning:", "1;35")
                + " the vault folder \(why) afterflow left its permissions (\(octal(mode))) as they are; if the journal should be private, \(advice)")
        }
    }

    /// `git init` with the repository private to its owner whatever the umask: git makes its files
    /// 0600 and folders 0700 (`core.sharedRepository=0600`). COMMIT_EDITMSG is the one file git
    /// writes with the umask, so it is made here first, 0600; git keeps the mode when it rewrites it.
    private func startRepository(in root: String) throws {
        try runGit(["init", "-q", "--shared=0600", root])
        try? FileIO.create(root + "/.git/COMMIT_EDITMSG", contents: [])
    }

    private func isInGitRepository(_ path: String) -> Bool {
        var current = path
        while true {
            if FileIO.exists(current + "/.git") { return true }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return false }
            current = parent
        }
    }

    private func runGit(_ arguments: [String]) throws {
        let ended: ChildProcess.Termination
        do {
            ended = try Programs.child(["git"] + arguments).run()
        } catch {
            report(VaultError(.io, "cannot run git: \(error.reason)", details: ["Install git, or run 'git init' yourself later."]))
            throw Exit.dataProblem
        }
        if ended.status != 0 {
            report(VaultError(.io, "git init failed with status \(ended.status)"))
            throw Exit.dataProblem
        }
    }
}
